import { describe, expect, it } from 'vitest';
import { DISPATCH_TYPES, dispatchEvents } from '@rally/shared/gateway/protocol';
import type { BusEnvelope } from './types';

describe('event audiences', () => {
  it('every event type declares the audience kinds it may be published to', () => {
    for (const type of DISPATCH_TYPES) {
      expect(dispatchEvents[type].audiences.length, type).toBeGreaterThan(0);
      for (const kind of dispatchEvents[type].audiences) expect(['channel', 'team', 'users', 'circle', 'circles'], type).toContain(kind);
    }
  });

  it('refuses, at compile time, an envelope whose audience its event does not declare (npm run typecheck checks these lines)', () => {
    const presence = { type: 'PRESENCE_UPDATE' as const, data: { presences: [{ userId: '1', presence: 1 as const }] } };
    const toTeam: BusEnvelope = { audience: { kind: 'circles', circles: [{ teamIds: ['1'], userIds: [] }] }, event: presence };
    const profile = { type: 'USER_PROFILE_UPDATED' as const, data: { userId: '1', username: 'a' } };
    const toUsers: BusEnvelope = { audience: { kind: 'circle', teamIds: [], userIds: ['1'] }, event: profile };
    // @ts-expect-error presence changes go to their users' circles, never to a channel's viewers
    const toChannel: BusEnvelope = { audience: { kind: 'channel', channelId: '1' }, event: presence };
    const joined = { type: 'TEAM_MEMBER_ADDED' as const, data: { teamId: '1', member: {} as never } };
    // @ts-expect-error a new member is announced to the team, not to a list of users
    const memberToUsers: BusEnvelope = { audience: { kind: 'users', userIds: ['1'] }, event: joined };
    expect([toTeam, toUsers, toChannel, memberToUsers].map((e) => e.audience.kind)).toEqual(['circles', 'circle', 'channel', 'users']);
  });
});
