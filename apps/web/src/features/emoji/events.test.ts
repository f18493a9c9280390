// @vitest-environment node
import type { TeamEmoji } from '@rally/shared/api/emojis';
import type { CustomEmoji } from '@rally/shared/api/reactions';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher, type Dispatcher } from '../../lib/gateway/dispatcher';
import { queryKeys } from '../../lib/query-keys';
import { liveEvents } from '../shell/live-events';
import { removeTeamEmoji, renameTeamEmoji, upsertTeamEmojis } from './cache';

const teamEmoji = (id: string, teamId: string, name: string): TeamEmoji => ({
  id,
  teamId,
  name,
  url: `/uploads/emojis/${id}.webp`,
  createdAt: '2026-01-01T00:00:00.000Z',
  creator: { id: '1', username: 'ada' },
});
const picker = (e: TeamEmoji): CustomEmoji => ({ id: e.id, teamId: e.teamId, name: e.name, url: e.url });

/** TEAM_EMOJIS_UPDATED through the dispatcher, as the gateway client delivers it, and the Emoji tab's writes. */
describe('team emoji caches', () => {
  let qc: QueryClient;
  let d: Dispatcher;
  const party = teamEmoji('101', '10', 'party');
  const gg = teamEmoji('102', '10', 'gg');
  const wave = teamEmoji('201', '20', 'wave');
  beforeEach(() => {
    qc = new QueryClient();
    d = createDispatcher(qc, liveEvents);
    qc.setQueryData(queryKeys.teamEmojis('10'), [party, gg]);
    qc.setQueryData(queryKeys.myEmojis, [party, gg, wave].map(picker));
  });
  const tab = () => qc.getQueryData<TeamEmoji[]>(queryKeys.teamEmojis('10'))?.map((e) => e.name);
  const pickerNames = () => qc.getQueryData<CustomEmoji[]>(queryKeys.myEmojis)?.map((e) => e.name);
  const deleted = () => qc.getQueryData<string[]>(queryKeys.deletedEmojis);

  it('TEAM_EMOJIS_UPDATED replaces the tab and the picker entries of the team, and marks the missing ones deleted', () => {
    const renamed = { ...gg, name: 'good_game' };
    const added = teamEmoji('103', '10', 'new_one');
    d.dispatch({ type: 'TEAM_EMOJIS_UPDATED', data: { teamId: '10', emojis: [renamed, added] } });
    expect(tab()).toEqual(['good_game', 'new_one']);
    expect(pickerNames()).toEqual(['wave', 'good_game', 'new_one']);
    expect(qc.getQueryData<CustomEmoji[]>(queryKeys.myEmojis)?.[1]).toEqual(picker(renamed));
    expect(deleted()).toEqual(['101']);
  });

  it("TEAM_EMOJIS_UPDATED finds deleted emoji from the picker when the team's tab was never opened", () => {
    d.dispatch({ type: 'TEAM_EMOJIS_UPDATED', data: { teamId: '20', emojis: [] } });
    expect(deleted()).toEqual(['201']);
    expect(qc.getQueryData(queryKeys.teamEmojis('20'))).toEqual([]);
    expect(pickerNames()).toEqual(['party', 'gg']);
  });

  it('an upload adds, a rename renames and a delete removes, in the tab and the picker', () => {
    upsertTeamEmojis(qc, '10', [teamEmoji('103', '10', 'cat'), { ...gg, name: 'gg2' }]);
    expect(tab()).toEqual(['party', 'gg2', 'cat']);
    renameTeamEmoji(qc, '10', '101', 'fiesta');
    expect(pickerNames()).toEqual(['fiesta', 'gg2', 'wave', 'cat']);
    removeTeamEmoji(qc, '10', '101');
    expect(tab()).toEqual(['gg2', 'cat']);
    expect(pickerNames()).toEqual(['gg2', 'wave', 'cat']);
    expect(deleted()).toEqual(['101']);
  });

  it('leaves lists that are not loaded alone', () => {
    const fresh = new QueryClient();
    upsertTeamEmojis(fresh, '10', [party]);
    renameTeamEmoji(fresh, '10', '101', 'x');
    expect(fresh.getQueryData(queryKeys.teamEmojis('10'))).toBeUndefined();
    expect(fresh.getQueryData(queryKeys.myEmojis)).toBeUndefined();
  });
});
