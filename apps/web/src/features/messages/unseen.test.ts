// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { author, chatMessage } from './testing';
import { unseenCount } from './unseen';

describe('unseenCount', () => {
  it("counts others' sent messages after the anchor, not one's own nor those still sending", () => {
    const at = '2026-03-01T10:00:00';
    const messages = [
      chatMessage('100', { channelId: '1', createdAt: at, createdBy: author('a', 'a') }),
      chatMessage('101', { channelId: '1', createdAt: at, createdBy: author('b', 'b') }),
      chatMessage('102', { channelId: '1', createdAt: at, createdBy: author('me', 'me') }),
      chatMessage('1000', { channelId: '1', createdAt: at, createdBy: author('c', 'c') }),
      { ...chatMessage('pending-x', { channelId: '1', createdAt: at, createdBy: author('d', 'd') }), state: 'sending' as const },
    ];
    expect(unseenCount(messages, '100', 'me')).toBe(2);
    expect(unseenCount(messages, '1000', 'me')).toBe(0);
  });
});
