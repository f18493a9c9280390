import type { MessageMentions } from '@rally/shared/api/messages';
import { LIMITS } from '@rally/shared/limits';
import { describe, expect, it } from 'vitest';
import { author, message } from '../messages/testing';
import {
  applyMessage,
  applyRead,
  applyUnreadMark,
  badgeText,
  clearTeam,
  dmUnreadTotal,
  EMPTY_UNREAD,
  fromResponse,
  isNewer,
  mentionsMe,
  teamSummary,
  type UnreadState,
} from './unread-state';

const ME = { userId: '7', roleIds: ['100', '101'] };
const NO_MENTIONS: MessageMentions = { users: [], roles: [], everyone: false, here: false };
/** A message of user 1 in channel `channelId`. */
const from = (id: string, channelId: string, mentions = NO_MENTIONS) => message(id, { channelId, mentions });

describe('unread state', () => {
  it('reads the server answer by channel, team channels and direct chats alike', () => {
    const state = fromResponse({
      teamInfo: [{ teamId: '100', channelInfo: [{ channelId: '1', unreadCount: 3, mentionCount: 1, lastReadId: '50' }], badgingInfo: { mentionCount: 1 } }],
      dmInfo: [{ channelId: '2', unreadCount: 4, mentionCount: 0, lastReadId: '0' }],
    });
    expect(state.channels).toEqual({
      '1': { teamId: '100', unread: 3, mentions: 1, lastReadId: '50' },
      '2': { teamId: null, unread: 4, mentions: 0, lastReadId: '0' },
    });
    expect(dmUnreadTotal(state)).toBe(4);
    expect(teamSummary(state, '100')).toEqual({ unread: true, mentions: 1 });
    expect(teamSummary(state, '999')).toEqual({ unread: false, mentions: 0 });
  });

  it('counts a message of someone else in a channel not seen, with its mention', () => {
    let state = applyMessage(EMPTY_UNREAD, from('10', '1'), '100', ME, false);
    state = applyMessage(state, from('11', '1', { ...NO_MENTIONS, users: ['7'] }), '100', ME, false);
    state = applyMessage(state, from('12', '1', { ...NO_MENTIONS, roles: ['101'] }), '100', ME, false);
    state = applyMessage(state, from('13', '1', { ...NO_MENTIONS, roles: ['555'] }), '100', ME, false);
    expect(state.channels['1']).toEqual({ teamId: '100', unread: 4, mentions: 2 });
  });

  it('does not count a channel being seen, and the user’s own message clears its channel', () => {
    const counted = applyMessage(EMPTY_UNREAD, from('10', '1', { ...NO_MENTIONS, everyone: true }), '100', ME, false);
    expect(applyMessage(counted, from('11', '1'), '100', ME, true).channels['1']).toMatchObject({ unread: 0, mentions: 0 });
    const own = message('12', { channelId: '1', createdBy: author('7', 'me') });
    expect(applyMessage(counted, own, '100', ME, false).channels['1']).toMatchObject({ unread: 0, mentions: 0 });
    // Nothing to clear: the same state back.
    expect(applyMessage(EMPTY_UNREAD, own, '100', ME, false)).toBe(EMPTY_UNREAD);
  });

  it(`stops counting at ${LIMITS.unread.countCap}`, () => {
    const full: UnreadState = { channels: { '1': { teamId: '100', unread: LIMITS.unread.countCap, mentions: LIMITS.unread.countCap } } };
    const next = applyMessage(full, from('10', '1', { ...NO_MENTIONS, here: true }), '100', ME, false);
    expect(next.channels['1']).toMatchObject({ unread: LIMITS.unread.countCap, mentions: LIMITS.unread.countCap });
  });

  it('says when a role mention cannot be decided (the member list is not loaded)', () => {
    expect(mentionsMe({ mentions: { ...NO_MENTIONS, roles: ['101'] } }, { userId: '7', roleIds: null })).toBe('unknown');
    expect(mentionsMe({ mentions: { ...NO_MENTIONS, roles: ['101'], users: ['7'] } }, { userId: '7', roleIds: null })).toBe(true);
    expect(mentionsMe({ mentions: NO_MENTIONS }, { userId: '7', roleIds: null })).toBe(false);
  });

  it('clears channels read, and asks for a reload when newer messages are known than what was read', () => {
    const state: UnreadState = {
      channels: { '1': { teamId: '100', unread: 5, mentions: 2, lastReadId: '40' }, '2': { teamId: '100', unread: 2, mentions: 0 } },
    };
    const newest: Record<string, string> = { '1': '60', '2': '90' };
    const { state: next, stale } = applyRead(
      state,
      '100',
      [
        { channelId: '1', lastReadId: '60' },
        { channelId: '2', lastReadId: '80' },
      ],
      (id) => newest[id],
    );
    expect(next.channels['1']).toEqual({ teamId: '100', unread: 0, mentions: 0, lastReadId: '60' });
    expect(stale).toEqual(['2']);
    // An older marker than the one known changes nothing.
    expect(applyRead(next, '100', [{ channelId: '1', lastReadId: '45' }], () => undefined).state.channels['1']?.lastReadId).toBe('60');
  });

  it('clears every channel of a team marked read, and only those', () => {
    const state: UnreadState = { channels: { '1': { teamId: '100', unread: 5, mentions: 2 }, '2': { teamId: '200', unread: 1, mentions: 1 } } };
    const next = clearTeam(state, '100');
    expect(teamSummary(next, '100')).toEqual({ unread: false, mentions: 0 });
    expect(teamSummary(next, '200')).toEqual({ unread: true, mentions: 1 });
  });

  it('orders snowflakes as numbers', () => {
    expect(isNewer('100', '99')).toBe(true);
    expect(isNewer('99', '100')).toBe(false);
    expect(isNewer('5', undefined)).toBe(true);
    expect(isNewer('118483560717783040', '118483560717783040')).toBe(false);
  });

  it('caps badges as the spec says: a channel 999+, the direct-messages list 99+', () => {
    expect(badgeText(7, LIMITS.unread.channelBadgeMax)).toBe('7');
    expect(badgeText(999, LIMITS.unread.channelBadgeMax)).toBe('999');
    expect(badgeText(1000, LIMITS.unread.channelBadgeMax)).toBe('999+');
    expect(badgeText(99, LIMITS.unread.dmBadgeMax)).toBe('99');
    expect(badgeText(100, LIMITS.unread.dmBadgeMax)).toBe('99+');
  });

  it('takes a Mark Unread whole: the marker moved back and the counts from there', () => {
    const state: UnreadState = { channels: { '1': { teamId: '100', unread: 0, mentions: 0, lastReadId: '90' } } };
    const marked = applyUnreadMark(state, { teamId: '100', channelId: '1', lastReadId: '49', unreadCount: 3, mentionCount: 1 });
    expect(marked.channels['1']).toEqual({ teamId: '100', unread: 3, mentions: 1, lastReadId: '49' });
    // A later read moves it forward again.
    expect(applyRead(marked, '100', [{ channelId: '1', lastReadId: '90' }], () => '90').state.channels['1']).toMatchObject({ unread: 0, lastReadId: '90' });
  });
});
