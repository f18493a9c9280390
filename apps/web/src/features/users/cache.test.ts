// @vitest-environment node
import type { UserProfile } from '@rally/shared/api/profile';
import type { Member } from '@rally/shared/api/teams';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import type { MessagesData } from '../messages/message-cache';
import { author, message } from '../messages/testing';
import { member } from '../teams/testing';
import { applyProfileChange, applyUsernameChange } from './cache';

const profile = (id: string, fields: Partial<UserProfile> = {}): UserProfile => ({
  id,
  username: `u${id}`,
  slug: `u${id}`,
  profilePicture: null,
  banner: null,
  presence: 1,
  flags: 0,
  system: false,
  bot: false,
  status: null,
  activity: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  relationship: 'none',
  member: null,
  ...fields,
});

describe('a change of status or activity (USER_PROFILE_UPDATED)', () => {
  const status = { content: 'Raiding', emojiId: '⚔️', emoji: null };
  const activity = { type: 'playing' as const, id: null, name: 'Chess', details: null, state: null, startedAt: '2026-01-01T10:00:00.000Z' };

  it("reaches the user's profiles (from any team) and member lists, and only theirs; a field left out stays", () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.userProfile('1', null), profile('1', { activity }));
    qc.setQueryData(queryKeys.userProfile('1', 't1'), profile('1', { activity }));
    qc.setQueryData(queryKeys.userProfile('2', null), profile('2'));
    qc.setQueryData(queryKeys.teamMembers('t1'), [member('1', { userRPC: activity }), member('2')]);

    applyProfileChange(qc, { userId: '1', status });

    for (const teamId of [null, 't1']) expect(qc.getQueryData<UserProfile>(queryKeys.userProfile('1', teamId))).toMatchObject({ status, activity });
    expect(qc.getQueryData<UserProfile>(queryKeys.userProfile('2', null))?.status).toBeNull();
    const [one, two] = qc.getQueryData<Member[]>(queryKeys.teamMembers('t1')) ?? [];
    expect(one).toMatchObject({ userStatus: status, userRPC: activity });
    expect(two).toMatchObject({ userStatus: null, userRPC: null });

    applyProfileChange(qc, { userId: '1', activity: null });
    expect(qc.getQueryData<UserProfile>(queryKeys.userProfile('1', 't1'))).toMatchObject({ status, activity: null });
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('t1'))?.[0]).toMatchObject({ userStatus: status, userRPC: null });
  });
});

describe('a new username (USER_PROFILE_UPDATED { username }, or the user’s own change)', () => {
  it('reaches profiles, member lists, the friends list, direct chats, their messages and `me`, for that user only', () => {
    const qc = new QueryClient();
    const user = (id: string) => ({
      id,
      username: `u${id}`,
      slug: `u${id}`,
      profilePicture: null,
      banner: null,
      presence: 1 as const,
      flags: 0,
      system: false,
      bot: false,
    });
    qc.setQueryData(queryKeys.userProfile('1', null), profile('1'));
    qc.setQueryData(queryKeys.teamMembers('t1'), [member('1'), member('2')]);
    qc.setQueryData(queryKeys.friends, [{ user: user('1'), status: 'accepted', createdBy: '1', createdAt: '', acceptedAt: '' }]);
    qc.setQueryData(queryKeys.dms, [{ id: 'd1', users: [user('1'), user('2')], group: false, readOnly: false, createdAt: '', lastMessage: null }]);
    qc.setQueryData(queryKeys.me, { success: true, user: { ...user('1'), email: 'a@b.co', verified: true }, settings: {}, location: 'TR' });

    const history = {
      pages: [
        {
          messages: [message('10', { createdBy: author('1', 'u1') }), message('11', { createdBy: author('2', 'u2') })],
          replyMessages: [message('5', { createdBy: author('1', 'u1') })],
          hasMore: false,
        },
      ],
      pageParams: [{}],
    } as unknown as MessagesData;
    qc.setQueryData(queryKeys.channelMessages('9'), history);

    applyUsernameChange(qc, '1', 'Renamed');

    expect(qc.getQueryData<UserProfile>(queryKeys.userProfile('1', null))?.username).toBe('Renamed');
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('t1'))?.map((m) => m.username)).toEqual(['Renamed', member('2').username]);
    expect(qc.getQueryData<{ user: { username: string } }[]>(queryKeys.friends)?.[0]?.user.username).toBe('Renamed');
    expect(qc.getQueryData<{ users: { username: string }[] }[]>(queryKeys.dms)?.[0]?.users.map((u) => u.username)).toEqual(['Renamed', 'u2']);
    expect(qc.getQueryData<{ user: { username: string } }>(queryKeys.me)?.user.username).toBe('Renamed');
    const page = qc.getQueryData<MessagesData>(queryKeys.channelMessages('9'))?.pages[0];
    expect(page?.messages.map((m) => m.createdBy.username)).toEqual(['Renamed', 'u2']);
    expect(page?.replyMessages?.map((m) => m.createdBy.username)).toEqual(['Renamed']);
  });
});
