// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firstUnreadId } from './first-unread';
import { author, chatMessage } from './testing';

const at = '2026-03-01T10:00:00';
const by = (id: string, who: string) => chatMessage(id, { channelId: '1', createdAt: at, createdBy: author(who, who) });
const messages = [by('100', 'a'), by('101', 'me'), by('102', 'b'), by('103', 'a'), { ...by('pending-x', 'me'), state: 'sending' as const }];

describe('firstUnreadId', () => {
  it('is the first sent message after the read marker', () => {
    expect(firstUnreadId(messages, '100', 2, 'me')).toBe('101');
    expect(firstUnreadId(messages, '101', 2, 'me')).toBe('102');
    // Mark Unread puts the marker just before a message: that message is the first unread.
    expect(firstUnreadId(messages, '102', 1, 'me')).toBe('103');
  });

  it('is undefined when nothing after the marker is loaded', () => {
    expect(firstUnreadId(messages, '103', 0, 'me')).toBeUndefined();
  });

  it("without a marker, counts others' messages back from the newest", () => {
    expect(firstUnreadId(messages, '0', 2, 'me')).toBe('102');
    expect(firstUnreadId(messages, '0', 3, 'me')).toBe('100');
    expect(firstUnreadId(messages, '0', 4, 'me')).toBeUndefined();
    expect(firstUnreadId(messages, '0', 0, 'me')).toBeUndefined();
  });
});
