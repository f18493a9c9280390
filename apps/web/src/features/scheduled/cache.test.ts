// @vitest-environment node
import type { ScheduledMessage } from '@rally/shared/api/scheduled-messages';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { author, message } from '../messages/testing';
import { addScheduled, removeScheduled, scheduledMessageSent } from './cache';

const waiting = (id: string, scheduledAt: string): ScheduledMessage => ({
  id,
  channelId: '9',
  content: `s${id}`,
  replyTo: null,
  attachments: [],
  scheduledAt,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ids = (qc: QueryClient) => qc.getQueryData<ScheduledMessage[]>(queryKeys.scheduledMessages('9'))?.map((m) => m.id);

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
  qc.setQueryData(queryKeys.me, { user: { id: '1' } });
  qc.setQueryData(queryKeys.scheduledMessages('9'), [waiting('a', '2026-02-01T10:00:00.000Z'), waiting('c', '2026-02-03T10:00:00.000Z')]);
});

describe('the scheduled messages cache', () => {
  it('adds a new one in time order, once, and removes a cancelled one', () => {
    addScheduled(qc, waiting('b', '2026-02-02T10:00:00.000Z'));
    addScheduled(qc, waiting('b', '2026-02-02T10:00:00.000Z'));
    expect(ids(qc)).toEqual(['a', 'b', 'c']);
    removeScheduled(qc, '9', 'a');
    expect(ids(qc)).toEqual(['b', 'c']);
  });

  it('leaves a list that is not loaded alone', () => {
    addScheduled(qc, { ...waiting('x', '2026-02-02T10:00:00.000Z'), channelId: '8' });
    expect(qc.getQueryData(queryKeys.scheduledMessages('8'))).toBeUndefined();
  });

  it("drops the user's waiting messages due by the time one of theirs was sent; others' messages change nothing", () => {
    scheduledMessageSent(qc, message('100', { type: 'scheduled', createdAt: '2026-02-01T10:00:00.000Z', createdBy: author('2') }));
    scheduledMessageSent(qc, message('101', { type: 'text', createdAt: '2026-02-05T10:00:00.000Z' }));
    expect(ids(qc)).toEqual(['a', 'c']);
    scheduledMessageSent(qc, message('102', { type: 'scheduled', createdAt: '2026-02-01T10:00:00.000Z' }));
    expect(ids(qc)).toEqual(['c']);
  });
});
