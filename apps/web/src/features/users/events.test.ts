// @vitest-environment node
import type { Member } from '@rally/shared/api/teams';
import type { MeResponse } from '@rally/shared/api/users';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../lib/gateway/dispatcher';
import { queryKeys } from '../../lib/query-keys';
import type { MessagesData } from '../messages/message-cache';
import { author, message } from '../messages/testing';
import { liveEvents } from '../shell/live-events';

const member = (id: string): Member => ({
  id,
  username: `u${id}`,
  subdomain: `u${id}`,
  profilePicture: null,
  bot: false,
  system: false,
  roles: [],
  permissions: 0,
  joinedAt: '2026-01-01T00:00:00.000Z',
  presence: 1,
  userStatus: null,
  userRPC: null,
});

describe('USER_PROFILE_UPDATED with an avatar or a banner', () => {
  it('shows the new avatar in member lists, the user’s messages and `me`; a banner in `me` only', () => {
    const qc = new QueryClient();
    const d = createDispatcher(qc, liveEvents);
    qc.setQueryData(queryKeys.me, { success: true, user: { id: '1', profilePicture: null, banner: null } });
    qc.setQueryData<Member[]>(queryKeys.teamMembers('5'), [member('1'), member('2')]);
    const history: MessagesData = {
      pages: [{ messages: [message('10'), message('11', { createdBy: author('2', 'bob') })], hasMore: false }],
      pageParams: [{}],
    } as unknown as MessagesData;
    qc.setQueryData(queryKeys.channelMessages('9'), history);

    d.dispatch({ type: 'USER_PROFILE_UPDATED', data: { userId: '1', profilePicture: '/uploads/userAvatar/7.png' } });
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('5'))?.map((m) => m.profilePicture)).toEqual(['/uploads/userAvatar/7.png', null]);
    const pages = qc.getQueryData<MessagesData>(queryKeys.channelMessages('9'))?.pages;
    expect(pages?.[0]?.messages.map((m) => m.createdBy.profilePicture)).toEqual(['/uploads/userAvatar/7.png', null]);
    expect(qc.getQueryData<MeResponse>(queryKeys.me)?.user).toMatchObject({ profilePicture: '/uploads/userAvatar/7.png', banner: null });

    d.dispatch({ type: 'USER_PROFILE_UPDATED', data: { userId: '1', banner: '/uploads/userBanner/8.png' } });
    expect(qc.getQueryData<MeResponse>(queryKeys.me)?.user).toMatchObject({ profilePicture: '/uploads/userAvatar/7.png', banner: '/uploads/userBanner/8.png' });
    expect(qc.getQueryData<Member[]>(queryKeys.teamMembers('5'))?.[0]?.profilePicture).toBe('/uploads/userAvatar/7.png');
  });
});
