// @vitest-environment node
import type { Message } from '@rally/shared/api/messages';
import { assert, describe, expect, it } from 'vitest';
import { buildRows, listRows } from './grouping';
import { compareIds, insertMessage, type ChatMessage, type MessagesData } from './message-cache';
import { author, chatMessage } from './testing';

const msg = (id: string, who: string, createdAt: string, extra: Partial<ChatMessage> = {}): ChatMessage =>
  chatMessage(id, { channelId: '1', content: id, createdAt, createdBy: author(who, who), ...extra });

describe('buildRows', () => {
  it('groups one author within 5 minutes, not across authors, gaps, days or replies', () => {
    const rows = buildRows([
      msg('1', 'a', '2026-03-01T10:00:00'),
      msg('2', 'a', '2026-03-01T10:04:59'),
      msg('3', 'a', '2026-03-01T10:10:00'), // gap > 5 min after 2
      msg('4', 'b', '2026-03-01T10:10:30'),
      msg('5', 'b', '2026-03-01T10:11:00', { replyTo: '1' }),
      msg('6', 'b', '2026-03-02T10:11:30'), // next day
    ]);
    expect(rows.map((r) => (r.kind === 'date' ? 'date' : `${r.message.id}${r.grouped ? 'g' : ''}`))).toEqual(['date', '1', '2g', '3', '4', '5', 'date', '6']);
  });

  it('never groups a system message, nor the message after it', () => {
    const rows = buildRows([
      msg('1', 'a', '2026-03-01T10:00:00', { type: 'system' }),
      msg('2', 'a', '2026-03-01T10:00:10'),
      msg('3', 'a', '2026-03-01T10:00:20', { type: 'system' }),
    ]);
    expect(rows.map((r) => (r.kind === 'date' ? 'date' : `${r.message.id}${r.grouped ? 'g' : ''}`))).toEqual(['date', '1', '2', '3']);
  });

  it('never groups a scheduled message under the one before (its header shows the clock); the next one groups under it', () => {
    const rows = buildRows([
      msg('1', 'a', '2026-03-01T10:00:00'),
      msg('2', 'a', '2026-03-01T10:00:10', { type: 'scheduled' }),
      msg('3', 'a', '2026-03-01T10:00:20'),
    ]);
    expect(rows.map((r) => (r.kind === 'date' ? 'date' : `${r.message.id}${r.grouped ? 'g' : ''}`))).toEqual(['date', '1', '2', '3g']);
  });

  it('keys a message by its nonce so the server copy takes over the pending row', () => {
    const pendingRow = buildRows([msg('pending-x', 'a', '2026-03-01T10:00:00', { nonce: 'x', state: 'sending' })])[1];
    const sentRow = buildRows([msg('77', 'a', '2026-03-01T10:00:00', { nonce: 'x' })])[1];
    assert(pendingRow && sentRow);
    expect(pendingRow.key).toBe(sentRow.key);
  });
});

describe('listRows', () => {
  it('folds each date separator into the message row that opens the day, keeping the message keys', () => {
    const rows = listRows(buildRows([msg('1', 'a', '2026-03-01T10:00:00'), msg('2', 'a', '2026-03-01T10:01:00'), msg('3', 'b', '2026-03-02T09:00:00')]));
    expect(rows.map((r) => [r.key, r.day?.getDate() ?? null, r.grouped])).toEqual([
      ['1', 1, false],
      ['2', null, true],
      ['3', 2, false],
    ]);
  });

  it('moves the separator to the older message of the same day loaded above, the rows keeping their keys', () => {
    const before = listRows(buildRows([msg('5', 'a', '2026-03-01T10:00:00')]));
    const after = listRows(buildRows([msg('4', 'b', '2026-03-01T09:00:00'), msg('5', 'a', '2026-03-01T10:00:00')]));
    expect(before.map((r) => [r.key, r.day !== null])).toEqual([['5', true]]);
    expect(after.map((r) => [r.key, r.day !== null])).toEqual([
      ['4', true],
      ['5', false],
    ]);
  });
});

describe('insertMessage', () => {
  const page = (ids: string[]): MessagesData => ({
    pages: [{ messages: ids.map((id) => msg(id, 'a', '2026-03-01T10:00:00') as Message), hasMore: true }],
    pageParams: [null],
  });

  it('keeps id order and ignores duplicates', () => {
    let d = page(['10', '12']);
    d = insertMessage(d, msg('11', 'a', '2026-03-01T10:00:00'));
    d = insertMessage(d, msg('13', 'a', '2026-03-01T10:00:00'));
    d = insertMessage(d, msg('12', 'a', '2026-03-01T10:00:00'));
    expect(d.pages[0]?.messages.map((m) => m.id)).toEqual(['10', '11', '12', '13']);
  });

  it('leaves a detached history alone (the message belongs after its gap)', () => {
    const d: MessagesData = { ...page(['10', '12']), pages: [{ ...page(['10', '12']).pages[0]!, hasNewer: true }] };
    expect(insertMessage(d, msg('20', 'a', '2026-03-01T10:00:00'))).toBe(d);
  });

  it('compares snowflakes numerically', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('123', '122')).toBeGreaterThan(0);
  });
});
