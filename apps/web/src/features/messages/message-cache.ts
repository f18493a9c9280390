import type { Message } from '@rally/shared/api/messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** Delivery state of a message on this client (spec 001 §3/§4). Server copies are 'sent'. */
export type MessageState = 'sending' | 'sent' | 'failed';

/** A message as shown: a server copy, or one of our own not yet confirmed (with its nonce). */
export interface ChatMessage extends Message {
  state: MessageState;
  /** Why a failed message failed (the server's message), for the tooltip and toast. */
  error?: string;
}

/**
 * Where a page of history was read from (listMessagesQuerySchema): null, the newest page; `before`
 * an id, the page just older (scrolling up); `after` an id, the page just newer (scrolling down,
 * after a jump); `around` an id, the page around one message (`?messageId=`, a reply's target).
 */
export type PageParam = null | { before: string } | { after: string } | { around: string };

/** One page of history, oldest message first. */
export interface MessagePage {
  messages: Message[];
  /** There are older messages beyond this page. */
  hasMore: boolean;
  /**
   * There are newer messages beyond this page that are not loaded (absent or false: this page
   * reaches the present). Only the newest page's value counts: see isDetached.
   */
  hasNewer?: boolean;
  /** Messages that this page's messages reply to and that it does not hold itself (absent: none, or a page made here). */
  replyMessages?: Message[];
}

/**
 * The infinite query data of a channel: newest page first. The next page is the one just older
 * (`before` the oldest id loaded), the previous page the one just newer (`after` the newest id
 * loaded, while the newest page says `hasNewer`).
 */
export type MessagesData = InfiniteData<MessagePage, PageParam>;

/** Snowflakes as decimal strings: compare by length, then lexically. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The loaded history does not reach the present (it was loaded around an older message, or its
 * newest pages were let go while reading far back): live messages are not added to it (they would
 * sit after a gap), the list offers 'Jump to present', and newer pages load while scrolling down.
 */
export function isDetached(data: { pages: readonly MessagePage[] } | undefined): boolean {
  return data?.pages[0]?.hasNewer === true;
}

/** The newest message of the channel that the history holds, or undefined (nothing loaded, or the history is detached). */
export function newestLoadedId(data: { pages: readonly MessagePage[] } | undefined): string | undefined {
  if (!data || isDetached(data)) return undefined;
  for (const page of data.pages) {
    const last = page.messages.at(-1);
    if (last) return last.id;
  }
  return undefined;
}

/** The page just older than `page` (the oldest loaded), or undefined at the start of the channel. */
export function olderPageParam(page: MessagePage): PageParam | undefined {
  const first = page.messages[0];
  return page.hasMore && first ? { before: first.id } : undefined;
}

/** The page just newer than `page` (the newest loaded), or undefined when it reaches the present. */
export function newerPageParam(page: MessagePage): PageParam | undefined {
  const last = page.messages.at(-1);
  return page.hasNewer && last ? { after: last.id } : undefined;
}

/** The listMessages query that reads the page of `param`. */
export function pageQuery(param: PageParam): { before?: string; after?: string; messageId?: string } {
  if (param === null) return {};
  if ('before' in param) return { before: param.before };
  if ('after' in param) return { after: param.after };
  return { messageId: param.around };
}

/** The server's answer to one page of history (GET /api/v1/channels/{id}/messages). */
export interface HistoryAnswer {
  messages: Message[];
  replyMessages: Message[];
  /** More beyond the page in the direction of paging (newer ones for `after`). */
  hasMore: boolean;
  /** Around a message only: newer ones beyond the page. */
  hasNewer?: boolean;
}

/**
 * A page as the cache keeps it, from the server's answer to the query of `param`: `hasMore` says
 * whether older messages exist and `hasNewer` whether newer ones do. The server's `hasMore` is
 * about the direction of paging (newer ones for `after`); a page read `after` a loaded message has
 * that message (at least) older than it, one read `before` one has it newer.
 */
export function toPage(param: PageParam, answer: HistoryAnswer): MessagePage {
  const { messages, replyMessages } = answer;
  if (param === null) return { messages, replyMessages, hasMore: answer.hasMore };
  if ('before' in param) return { messages, replyMessages, hasMore: answer.hasMore, hasNewer: true };
  if ('after' in param) return { messages, replyMessages, hasMore: true, hasNewer: answer.hasMore };
  return { messages, replyMessages, hasMore: answer.hasMore, hasNewer: answer.hasNewer ?? false };
}

function hasMessage(data: MessagesData, id: string): boolean {
  return data.pages.some((p) => p.messages.some((m) => m.id === id));
}

/**
 * Insert a server message into the history (into the newest page, in id order). A message already
 * present (by id) is left as it is: live events and the send response may both deliver it. A
 * detached history is left as it is too (the message belongs after its gap; see applyServerMessage).
 */
export function insertMessage(data: MessagesData, message: Message): MessagesData {
  if (isDetached(data) || hasMessage(data, message.id)) return data;
  const [first, ...rest] = data.pages;
  if (!first) {
    return { pages: [{ messages: [message], hasMore: false }], pageParams: [null] };
  }
  const messages = [...first.messages];
  let i = messages.length;
  while (i > 0 && compareIds(messages[i - 1]!.id, message.id) > 0) i--; // 0 < i <= length
  messages.splice(i, 0, message);
  return { ...data, pages: [{ ...first, messages }, ...rest] };
}

/** How many live messages the tail keeps (LIVE_TAIL): a page's worth; what is older is in any page read after it. */
const LIVE_TAIL_SIZE = 50;

/**
 * The live tail: messages that arrived while the history could not take them (detached) or while
 * a read of it was on its way, oldest first. A page read afterwards that reaches the present may
 * have been answered before they were stored, so they join it (withLiveTail); without it, a message
 * sent during the read that brings the history back to the present would be lost from view.
 */
export function getLiveTail(qc: QueryClient, channelId: string): Message[] {
  return qc.getQueryData<Message[]>(queryKeys.liveTail(channelId)) ?? [];
}

function addToLiveTail(qc: QueryClient, message: Message): void {
  qc.setQueryData<Message[]>(queryKeys.liveTail(message.channelId), (old = []) => {
    if (old.some((m) => m.id === message.id)) return old;
    return [...old, message].sort((a, b) => compareIds(a.id, b.id)).slice(-LIVE_TAIL_SIZE);
  });
}

/** Apply `update` to the live tail's messages (an edit, a reaction: `null` removes it, a deletion). */
export function updateLiveTail(qc: QueryClient, channelId: string, update: (m: Message) => Message | null): void {
  const tail = qc.getQueryData<Message[]>(queryKeys.liveTail(channelId));
  if (!tail?.length) return;
  const next = tail.flatMap((m) => update(m) ?? []);
  if (next.length !== tail.length || next.some((m, i) => m !== tail[i])) qc.setQueryData<Message[]>(queryKeys.liveTail(channelId), next);
}

/**
 * A page that reaches the present (`hasNewer` false) with the live tail's messages newer than its
 * newest one added at its end. A page that does not reach the present is returned as it is.
 */
export function withLiveTail(page: MessagePage, tail: readonly Message[]): MessagePage {
  if (page.hasNewer || tail.length === 0) return page;
  const newest = page.messages.at(-1)?.id;
  const later = tail.filter((m) => newest === undefined || compareIds(m.id, newest) > 0);
  return later.length ? { ...page, messages: [...page.messages, ...later] } : page;
}

/**
 * The history becomes this one page (a jump to a message, or to the present): what was loaded is
 * let go. Cancel the query's own fetches first (loadHistoryAt), so that none lands on top of it.
 */
export function replaceHistory(qc: QueryClient, channelId: string, page: MessagePage, param: PageParam): void {
  qc.setQueryData<MessagesData>(queryKeys.channelMessages(channelId), {
    pages: [withLiveTail(page, getLiveTail(qc, channelId))],
    pageParams: [param],
  });
}

/** Our unconfirmed messages of a channel. */
export function getPending(qc: QueryClient, channelId: string): ChatMessage[] {
  return qc.getQueryData<ChatMessage[]>(queryKeys.pendingMessages(channelId)) ?? [];
}

export function setPending(qc: QueryClient, channelId: string, update: (list: ChatMessage[]) => ChatMessage[]): void {
  qc.setQueryData<ChatMessage[]>(queryKeys.pendingMessages(channelId), (old) => update(old ?? []));
}

/**
 * A message on its way: a new one is added at the end as 'sending'; a failed one sent again (same
 * nonce) moves back to the end of the conversation as 'sending'.
 */
export function queuePending(qc: QueryClient, message: ChatMessage): void {
  const nonce = message.nonce;
  setPending(qc, message.channelId, (list) => {
    const retried = list.find((m) => m.nonce === nonce);
    const queued: ChatMessage = retried ? { ...retried, state: 'sending', error: undefined, createdAt: message.createdAt } : message;
    return [...list.filter((m) => m.nonce !== nonce), queued];
  });
}

/** The send failed: the pending message stays, marked 'failed' with the server's message, until retried or discarded. */
export function failPending(qc: QueryClient, channelId: string, nonce: string, error: string): void {
  setPending(qc, channelId, (list) => list.map((m) => (m.nonce === nonce ? { ...m, state: 'failed', error } : m)));
}

/** A failed message the user gave up on. */
export function discardFailed(qc: QueryClient, channelId: string, nonce: string): void {
  setPending(qc, channelId, (list) => list.filter((m) => m.nonce !== nonce || m.state !== 'failed'));
}

/**
 * A server copy of a message arrived (live event or send response): it replaces our pending copy
 * with the same nonce, and joins the history if that is loaded and reaches the present (a history
 * not loaded is fetched complete when opened). While the history is detached, or a read of it is on
 * its way, it goes to the live tail too, which joins the next page read that reaches the present.
 */
export function applyServerMessage(qc: QueryClient, message: Message): void {
  if (message.nonce) {
    const nonce = message.nonce;
    if (getPending(qc, message.channelId).some((m) => m.nonce === nonce)) {
      setPending(qc, message.channelId, (list) => list.filter((m) => m.nonce !== nonce));
    }
  }
  const key = queryKeys.channelMessages(message.channelId);
  const history = qc.getQueryData<MessagesData>(key);
  if (isDetached(history) || qc.getQueryState(key)?.fetchStatus === 'fetching') addToLiveTail(qc, message);
  if (history) qc.setQueryData<MessagesData>(key, (old) => (old ? insertMessage(old, message) : old));
}

/** Server copies as shown, one wrapper per message object so that unchanged rows keep their identity (memo). */
const sentViews = new WeakMap<Message, ChatMessage>();
function asSent(m: Message): ChatMessage {
  let view = sentViews.get(m);
  if (!view) {
    view = { ...m, state: 'sent' };
    sentViews.set(m, view);
  }
  return view;
}

/**
 * What the chat view lists: the history oldest first, then our unconfirmed messages. A pending copy
 * whose server copy is already in the history (same nonce) is not shown twice.
 */
export function mergeMessages(data: { pages: MessagePage[] } | undefined, pending: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const nonces = new Set<string>();
  if (data) {
    for (const page of [...data.pages].reverse()) {
      for (const m of page.messages) {
        out.push(asSent(m));
        if (m.nonce) nonces.add(m.nonce);
      }
    }
  }
  for (const m of pending) if (!m.nonce || !nonces.has(m.nonce)) out.push(m);
  return out;
}

/** A random nonce (at most 64 characters), also outside secure contexts. */
export function makeNonce(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
