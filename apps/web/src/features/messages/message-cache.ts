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

/** One page of history, oldest message first. */
export interface MessagePage {
  messages: Message[];
  /** There are older messages beyond this page. */
  hasMore: boolean;
  /** Messages that this page's messages reply to and that it does not hold itself (absent: none, or a page made here). */
  replyMessages?: Message[];
}

/** The infinite query data of a channel: newest page first; page params are `before` ids (null: newest). */
export type MessagesData = InfiniteData<MessagePage, string | null>;

/** Snowflakes as decimal strings: compare by length, then lexically. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function hasMessage(data: MessagesData, id: string): boolean {
  return data.pages.some((p) => p.messages.some((m) => m.id === id));
}

/**
 * Insert a server message into the history (into the newest page, in id order). A message already
 * present (by id) is left as it is: live events and the send response may both deliver it.
 */
export function insertMessage(data: MessagesData, message: Message): MessagesData {
  if (hasMessage(data, message.id)) return data;
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
 * with the same nonce, and joins the history if that is loaded (a history not loaded is fetched
 * complete when opened).
 */
export function applyServerMessage(qc: QueryClient, message: Message): void {
  if (message.nonce) {
    const nonce = message.nonce;
    if (getPending(qc, message.channelId).some((m) => m.nonce === nonce)) {
      setPending(qc, message.channelId, (list) => list.filter((m) => m.nonce !== nonce));
    }
  }
  qc.setQueryData<MessagesData>(queryKeys.channelMessages(message.channelId), (old) => (old ? insertMessage(old, message) : old));
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
