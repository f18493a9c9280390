// @vitest-environment node
import type { Message } from '@rally/shared/api/messages';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import {
  applyServerMessage,
  compareIds,
  getLiveTail,
  isDetached,
  mergeMessages,
  newestLoadedId,
  replaceHistory,
  toPage,
  type HistoryAnswer,
  type MessagesData,
  type PageParam,
} from './message-cache';
import { historyQueryOptions, MAX_PAGES, type PageReader } from './message-queries';
import { message } from './testing';
import { applyMessageEdit, removeMessage } from './update-cache';

const PAGE = 50;

/**
 * A channel as the server pages it (apps/server messages service): the newest page, `before`,
 * `after` (hasMore: newer beyond) and `around` (it and older up to half the page, then newer;
 * hasNewer), oldest first within a page. Messages can be added while the test runs.
 */
class FakeChannel {
  readonly messages: Message[];
  reads: PageParam[] = [];
  constructor(count: number) {
    this.messages = Array.from({ length: count }, (_, i) => message(String(10_000 + i)));
  }
  add(id: string): Message {
    const m = message(id);
    this.messages.push(m);
    return m;
  }
  answer(param: PageParam): HistoryAnswer {
    const all = this.messages;
    const page = (list: Message[], hasMore: boolean, hasNewer?: boolean): HistoryAnswer => ({
      messages: list,
      replyMessages: [],
      hasMore,
      ...(hasNewer === undefined ? {} : { hasNewer }),
    });
    if (param === null) return page(all.slice(-PAGE), all.length > PAGE);
    if ('before' in param) {
      const older = all.filter((m) => compareIds(m.id, param.before) < 0);
      return page(older.slice(-PAGE), older.length > PAGE);
    }
    if ('after' in param) {
      const newer = all.filter((m) => compareIds(m.id, param.after) > 0);
      return page(newer.slice(0, PAGE), newer.length > PAGE);
    }
    const upTo = all.filter((m) => compareIds(m.id, param.around) <= 0);
    const newer = all.filter((m) => compareIds(m.id, param.around) > 0);
    return page([...upTo.slice(-PAGE / 2), ...newer.slice(0, PAGE / 2)], upTo.length > PAGE / 2, newer.length > PAGE / 2);
  }
  /** The reader the history query uses; `during` runs once the server has answered, before the answer lands. */
  reader(during?: (param: PageParam, answer: HistoryAnswer) => void): PageReader {
    return async (_channelId, param) => {
      this.reads.push(param);
      const answer = this.answer(param);
      during?.(param, answer);
      return answer;
    };
  }
}

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

const history = () => qc.getQueryData<MessagesData>(queryKeys.channelMessages('9'));
const shownIds = () => mergeMessages(history(), []).map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

function observe(channel: FakeChannel, around: string | null, during?: (param: PageParam, answer: HistoryAnswer) => void) {
  return new InfiniteQueryObserver(qc, historyQueryOptions(qc, '9', around, channel.reader(during)));
}

describe('the two-way history', () => {
  it('opens around a message, then reads older pages up and newer pages down until it reaches the present, without gaps or repeats', async () => {
    const channel = new FakeChannel(300);
    const observer = observe(channel, '10100');
    await observer.refetch();
    expect(shownIds()).toEqual(range(10_076, 10_125));
    expect(isDetached(history())).toBe(true);
    expect(newestLoadedId(history())).toBeUndefined();

    await observer.fetchNextPage();
    expect(shownIds()).toEqual(range(10_026, 10_125));
    while (observer.getCurrentResult().hasPreviousPage) await observer.fetchPreviousPage();
    expect(shownIds()).toEqual(range(10_026, 10_299));
    expect(isDetached(history())).toBe(false);
    expect(newestLoadedId(history())).toBe('10299');
    expect(channel.reads.slice(0, 5)).toEqual([{ around: '10100' }, { before: '10076' }, { after: '10125' }, { after: '10175' }, { after: '10225' }]);

    await observer.fetchNextPage();
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(shownIds()).toEqual(range(10_000, 10_299));
  });

  it(`keeps at most ${MAX_PAGES} pages: reading far back lets the newest go (detached), reading forward again brings the present back`, async () => {
    const channel = new FakeChannel((MAX_PAGES + 4) * PAGE);
    const observer = observe(channel, null);
    await observer.refetch();
    expect(isDetached(history())).toBe(false);
    for (let i = 0; i < MAX_PAGES + 2; i++) await observer.fetchNextPage();
    expect(history()?.pages).toHaveLength(MAX_PAGES);
    expect(isDetached(history())).toBe(true);
    expect(shownIds()).toHaveLength(MAX_PAGES * PAGE);
    expect(shownIds()[0]).toBe(String(10_000 + PAGE));

    while (observer.getCurrentResult().hasPreviousPage) await observer.fetchPreviousPage();
    expect(isDetached(history())).toBe(false);
    expect(shownIds().at(-1)).toBe(String(10_000 + (MAX_PAGES + 4) * PAGE - 1));
    expect(history()?.pages).toHaveLength(MAX_PAGES);
  });

  it('does not add a live message to a detached history: it waits in the live tail; the history takes live messages again once it reaches the present', async () => {
    const channel = new FakeChannel(200);
    const observer = observe(channel, '10050');
    await observer.refetch();
    applyServerMessage(qc, channel.add('10200'));
    expect(shownIds()).not.toContain('10200');
    expect(getLiveTail(qc, '9').map((m) => m.id)).toEqual(['10200']);

    while (observer.getCurrentResult().hasPreviousPage) await observer.fetchPreviousPage();
    expect(shownIds().slice(-2)).toEqual(['10199', '10200']);
    applyServerMessage(qc, channel.add('10201'));
    expect(shownIds().at(-1)).toBe('10201');
    expect(new Set(shownIds()).size).toBe(shownIds().length);
  });

  it('adds a message that arrives while the page reaching the present is read, though the answer was made before it', async () => {
    const channel = new FakeChannel(120);
    let sent = false;
    const observer = observe(channel, '10010', (param, answer) => {
      if (sent || param === null || !('after' in param) || answer.hasMore) return;
      sent = true;
      applyServerMessage(qc, channel.add('10120'));
    });
    await observer.refetch();
    while (observer.getCurrentResult().hasPreviousPage) await observer.fetchPreviousPage();
    expect(sent).toBe(true);
    expect(shownIds().slice(-2)).toEqual(['10119', '10120']);
    expect(isDetached(history())).toBe(false);
  });

  it('going back to the present replaces the history with the newest page and what arrived meanwhile', async () => {
    const channel = new FakeChannel(400);
    const observer = observe(channel, '10100');
    await observer.refetch();
    // The newest page as the server answers it before the two messages below are stored.
    const newest = toPage(null, channel.answer(null));
    applyServerMessage(qc, channel.add('10400'));
    applyServerMessage(qc, channel.add('10401'));
    removeMessage(qc, '9', '10401');
    applyMessageEdit(qc, { ...channel.messages.at(-2)!, content: 'edited while detached', editedAt: '2026-01-01T00:01:00.000Z' });
    replaceHistory(qc, '9', newest, null);
    expect(isDetached(history())).toBe(false);
    expect(shownIds().slice(-2)).toEqual(['10399', '10400']);
    expect(mergeMessages(history(), []).at(-1)?.content).toBe('edited while detached');
  });
});
