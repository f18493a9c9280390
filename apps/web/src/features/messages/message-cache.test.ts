// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { applyServerMessage, discardFailed, failPending, getPending, mergeMessages, queuePending, type ChatMessage, type MessagesData } from './message-cache';
import { chatMessage, message } from './testing';

const pending = (nonce: string, createdAt = '2026-03-01T10:00:00.000Z'): ChatMessage =>
  chatMessage(`pending-${nonce}`, { content: nonce, createdAt, nonce, state: 'sending' });

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
});

describe('pending messages', () => {
  it('queues new messages at the end as sending', () => {
    queuePending(qc, pending('a'));
    queuePending(qc, pending('b'));
    expect(getPending(qc, '9').map((m) => [m.nonce, m.state])).toEqual([
      ['a', 'sending'],
      ['b', 'sending'],
    ]);
  });

  it('marks a failed send with its error, and a retry moves it back to the end as sending', () => {
    queuePending(qc, pending('a'));
    queuePending(qc, pending('b'));
    failPending(qc, '9', 'a', 'Slow down');
    expect(getPending(qc, '9')[0]).toMatchObject({ nonce: 'a', state: 'failed', error: 'Slow down' });
    queuePending(qc, pending('a', '2026-03-01T10:05:00.000Z'));
    expect(getPending(qc, '9').map((m) => [m.nonce, m.state, m.error, m.createdAt])).toEqual([
      ['b', 'sending', undefined, '2026-03-01T10:00:00.000Z'],
      ['a', 'sending', undefined, '2026-03-01T10:05:00.000Z'],
    ]);
  });

  it('discards only a failed message', () => {
    queuePending(qc, pending('a'));
    queuePending(qc, pending('b'));
    failPending(qc, '9', 'b', 'No');
    discardFailed(qc, '9', 'a');
    discardFailed(qc, '9', 'b');
    expect(getPending(qc, '9').map((m) => m.nonce)).toEqual(['a']);
  });

  it('is replaced by the server copy with the same nonce, which joins a loaded history', () => {
    qc.setQueryData<MessagesData>(queryKeys.channelMessages('9'), { pages: [{ messages: [], hasMore: false }], pageParams: [null] });
    queuePending(qc, pending('a'));
    const sent = message('100', { content: 'a', createdAt: '2026-03-01T10:00:01.000Z', nonce: 'a' });
    applyServerMessage(qc, sent);
    expect(getPending(qc, '9')).toEqual([]);
    const shown = mergeMessages(qc.getQueryData<MessagesData>(queryKeys.channelMessages('9')), getPending(qc, '9'));
    expect(shown.map((m) => [m.id, m.state])).toEqual([['100', 'sent']]);
  });
});
