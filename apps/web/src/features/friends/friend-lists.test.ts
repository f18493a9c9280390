import { describe, expect, it } from 'vitest';
import type { Friend } from '@rally/shared/api/friends';
import { badgeText, friendLists, isIncoming } from './friend-lists';

const me = '1';
function friend(id: string, status: Friend['status'], createdBy: string, presence: Friend['user']['presence'] = 1, username = `user${id}`): Friend {
  return {
    user: { id, username, slug: `u-${id}`, profilePicture: null, banner: null, presence, flags: 0, system: false, bot: false },
    status,
    createdBy,
    createdAt: '2026-11-23T10:00:00.000Z',
    acceptedAt: status === 'accepted' ? '2026-11-23T11:00:00.000Z' : null,
  };
}

describe('friendLists', () => {
  it('splits the list into online, all (by name) and pending (incoming first)', () => {
    const list = [friend('2', 'pending', me), friend('3', 'pending', '3'), friend('4', 'accepted', me, 0, 'zed'), friend('5', 'accepted', '5', 2, 'amy')];
    const lists = friendLists(list, me);
    expect(lists.all.map((f) => f.user.id)).toEqual(['5', '4']);
    expect(lists.online.map((f) => f.user.id)).toEqual(['5']);
    expect(lists.pending.map((f) => f.user.id)).toEqual(['3', '2']);
    expect(lists.incoming).toBe(1);
    expect(isIncoming(friend('3', 'pending', '3'), me)).toBe(true);
    expect(isIncoming(friend('2', 'pending', me), me)).toBe(false);
    expect(isIncoming(friend('3', 'accepted', '3'), me)).toBe(false);
  });
});

describe('badgeText', () => {
  it('shows nothing at 0, the number up to 9, then 9+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});
