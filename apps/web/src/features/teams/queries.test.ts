import type { Team } from '@rally/shared/api/teams';
import { describe, expect, it } from 'vitest';
import { upsertTeam } from './queries';

const team = (id: string, name = `Team ${id}`): Team => ({
  id,
  name,
  profilePicture: null,
  banner: null,
  description: null,
  createdBy: '1',
  isVerified: false,
  isSafeForTeen: false,
  isDiscoverable: false,
  memberCount: 1,
  createdAt: '2026-11-21T00:00:00.000Z',
});

describe('upsertTeam', () => {
  it('appends a new team, starting a list when there is none', () => {
    expect(upsertTeam(undefined, team('1'))).toEqual([team('1')]);
    expect(upsertTeam([team('1')], team('2')).map((t) => t.id)).toEqual(['1', '2']);
  });

  it('replaces a team that the gateway already added', () => {
    const list = upsertTeam([team('1'), team('2', 'old')], team('2', 'new'));
    expect(list).toHaveLength(2);
    expect(list[1]?.name).toBe('new');
  });
});
