// @vitest-environment node
import type { Message } from '@rally/shared/api/messages';
import type { Member, Team } from '@rally/shared/api/teams';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeMessages, setPending, type ChatMessage, type MessagesData } from '../messages/message-cache';
import { queryKeys } from '../../lib/query-keys';
import { liveEvents } from './live-events';
import type { TeamChannelsData } from '../teams/channel-queries';
import { createDispatcher as create } from '../../lib/gateway/dispatcher';
import { channel, member, team } from '../teams/testing';
import { message as messageOf } from '../messages/testing';

const createDispatcher = (qc: QueryClient) => create(qc, liveEvents);

const user = {
  id: '1',
  username: 'ada',
  slug: 'ada',
  profilePicture: null,
  banner: null,
  presence: 1 as const,
  flags: 0,
  system: false,
  bot: false,
  email: 'a@example.com',
  verified: true,
  twoFA: false,
  location: 'TR' as const,
  mustSetBirthdate: false,
  appTourIsFinished: true,
  appTour: {},
  privateFlags: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const message = (id: string, nonce: string | null = null, channelId = '20'): Message => messageOf(id, { nonce, channelId });

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
});

describe('live events through the dispatcher', () => {
  it('READY seeds teams, channels per team and roles', () => {
    const d = createDispatcher(qc);
    d.ready({
      version: 1,
      sessionId: 's',
      heartbeatInterval: 30000,
      user,
      teams: [team('10'), team('11')],
      channels: [channel('20', '10'), channel('21', '11')],
      categories: [],
      roles: [],
      suspendedTeamLength: 0,
    });
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => t.id)).toEqual(['10', '11']);
    expect(qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels('11'))?.channels.map((c) => c.id)).toEqual(['21']);
    expect(qc.getQueryData(queryKeys.teamRoles('10'))).toEqual([]);
  });

  it('USER_JOINED_TEAM adds the team and its channels', () => {
    const d = createDispatcher(qc);
    qc.setQueryData<Team[]>(queryKeys.teams, [team('10')]);
    d.dispatch({ type: 'USER_JOINED_TEAM', data: { team: team('12'), channels: [channel('30', '12')], categories: [], roles: [] } });
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => t.id)).toEqual(['10', '12']);
    expect(qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels('12'))?.channels).toHaveLength(1);
  });

  it('TEAM_MEMBER_ADDED updates a loaded member list and the member count, once', () => {
    const d = createDispatcher(qc);
    qc.setQueryData<Team[]>(queryKeys.teams, [team('10')]);
    qc.setQueryData<Member[]>(queryKeys.teamMembers('10'), [member('1')]);
    d.dispatch({ type: 'TEAM_MEMBER_ADDED', data: { teamId: '10', member: member('2') } });
    d.dispatch({ type: 'TEAM_MEMBER_ADDED', data: { teamId: '10', member: member('2') } });
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('10'))?.map((m) => m.id)).toEqual(['1', '2']);
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.[0]?.memberCount).toBe(2);
  });

  it('PRESENCE_UPDATE updates every loaded member list, for each user it lists', () => {
    const d = createDispatcher(qc);
    qc.setQueryData<Member[]>(queryKeys.teamMembers('10'), [member('2', { presence: 0 })]);
    qc.setQueryData<Member[]>(queryKeys.teamMembers('11'), [member('2', { presence: 0 }), member('3', { presence: 0 }), member('4', { presence: 0 })]);
    d.dispatch({
      type: 'PRESENCE_UPDATE',
      data: {
        presences: [
          { userId: '2', presence: 1 },
          { userId: '4', presence: 3 },
        ],
      },
    });
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('10'))?.[0]?.presence).toBe(1);
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('11'))?.map((m) => m.presence)).toEqual([1, 0, 3]);
  });

  it('MESSAGE_SEND replaces the pending copy with the same nonce, ignores duplicates, keeps failed ones', () => {
    const d = createDispatcher(qc);
    const history: MessagesData = { pages: [{ messages: [message('100')], hasMore: false }], pageParams: [null] };
    qc.setQueryData(queryKeys.channelMessages('20'), history);
    const pending = (nonce: string, state: ChatMessage['state']): ChatMessage => ({ ...message(`pending-${nonce}`, nonce), state });
    setPending(qc, '20', () => [pending('n1', 'sending'), pending('n2', 'failed')]);

    d.dispatch({ type: 'MESSAGE_SEND', data: message('101', 'n1') });
    d.dispatch({ type: 'MESSAGE_SEND', data: message('101', 'n1') });
    d.dispatch({ type: 'MESSAGE_SEND', data: message('102', 'other-client') });

    const shown = mergeMessages(qc.getQueryData(queryKeys.channelMessages('20')), qc.getQueryData(queryKeys.pendingMessages('20')) ?? []);
    expect(shown.map((m) => `${m.id}:${m.state}`)).toEqual(['100:sent', '101:sent', '102:sent', 'pending-n2:failed']);
  });

  it('MESSAGE_SEND for a history not loaded creates nothing', () => {
    const d = createDispatcher(qc);
    d.dispatch({ type: 'MESSAGE_SEND', data: message('101', null, '99') });
    expect(qc.getQueryData(queryKeys.channelMessages('99'))).toBeUndefined();
  });

  it('ignores invalid payloads and unknown events', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const d = createDispatcher(qc);
    qc.setQueryData<Member[]>(queryKeys.teamMembers('10'), [member('2', { presence: 0 })]);
    d.dispatch({ type: 'PRESENCE_UPDATE', data: { presences: [{ userId: '2', presence: 9 }] } } as never);
    d.dispatch({ type: 'SOMETHING_NEW', data: {} } as never);
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('10'))?.[0]?.presence).toBe(0);
    warn.mockRestore();
  });

  it('a lost session invalidates server data but not pending messages; 4003 invalidates me', async () => {
    const d = createDispatcher(qc);
    qc.setQueryData(queryKeys.teams, []);
    setPending(qc, '20', () => []);
    qc.setQueryData(queryKeys.me, { user });
    d.sessionLost();
    expect(qc.getQueryState(queryKeys.teams)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeys.pendingMessages('20'))?.isInvalidated).toBe(false);
    d.terminated(4003);
    expect(qc.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
  });
});
