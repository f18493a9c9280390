import { type ListMessagesQuery, type Message, type SendMessageRequest } from '@rally/shared/api/messages';
import type { ScheduledMessage } from '@rally/shared/api/scheduled-messages';
import { slowmodeSeconds } from '@rally/shared/permissions';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { badRequest, forbidden, tooManyRequests } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { newId } from '../../lib/snowflake';
import { assertMaySendDirect, showAfterSend } from '../dms/service';
import { channelPermissions, isDmAccess, type AnyChannelAccess } from '../permissions/access';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { reactionsFor } from '../reactions/service';
import { scheduleMessage } from '../scheduled-messages/service';
import { takeAttachments } from '../attachments/service';
import { prepareContent } from './content';
import { toMessage } from './mappers';
import { messageRepository, type MessageAuthor, type MessageRepository, type MessageWithAuthor } from './repository';

export interface MessageServiceDeps extends ServiceDeps {
  rateLimiter: RateLimiter;
  /** Whether senders must have verified their e-mail address (env.ts emailVerificationRequired). */
  requireVerifiedEmail: boolean;
}

/** The sender of a message: what the message shows of them, their flags (PREMIUM raises the length limit) and whether their e-mail is verified. */
export interface MessageSender extends MessageAuthor {
  flags: number;
  verified: boolean;
}

/** The rate-limit key of a user's sends in one channel under slowmode. */
export const slowmodeRateKey = (channelId: string, userId: string) => `messages:slowmode:${channelId}:${userId}`;

/**
 * Slowmode (spec 001 §5: `rateLimitPerUser` seconds between a member's messages in the channel;
 * MANAGE_CHANNEL or MANAGE_MESSAGES there exempts): 429 slowmode_active with the seconds left.
 */
async function enforceSlowmode(deps: MessageServiceDeps, { access, channel }: AnyChannelAccess): Promise<void> {
  const seconds = slowmodeSeconds(channel, channelPermissions(access, channel));
  if (seconds === 0) return;
  const rate = await deps.rateLimiter.hit(slowmodeRateKey(channel.id, access.userId), 1, seconds * 1000);
  if (!rate.allowed) throw tooManyRequests(rate.retryAfterMs, 'slowmode_active');
}

export interface MessagePage {
  messages: Message[];
  replyMessages: Message[];
  hasMore: boolean;
  /** Around a message only: newer messages exist beyond the page. */
  hasNewer?: boolean;
}

/** The rows of a page around one message, oldest first: it and older ones (half the limit, rounded up), then newer ones. */
async function rowsAround(db: Executor, channelId: string, messageId: string, limit: number, repo: MessageRepository) {
  const olderCount = Math.ceil(limit / 2);
  const newerCount = limit - olderCount;
  const [older, newer] = await readAll(db, [
    () => repo.listPage(db, channelId, { limit: olderCount + 1, upTo: messageId }),
    () => repo.listPage(db, channelId, { limit: newerCount + 1, after: messageId }),
  ]);
  return {
    page: [...older.slice(0, olderCount).reverse(), ...newer.slice(0, newerCount)],
    hasMore: older.length > olderCount,
    hasNewer: newer.length > newerCount,
  };
}

/**
 * A page of history (see listMessagesQuerySchema): oldest first within the page; `hasMore` says
 * whether more exist beyond it in the paging direction. `replyMessages` are the messages replied
 * to from the page that are not in it. The endpoint has checked CAN_SEE_MESSAGE_HISTORY on the
 * channel.
 */
export async function listMessages(
  db: Executor,
  { access, channel }: AnyChannelAccess,
  query: ListMessagesQuery,
  repo: MessageRepository = messageRepository,
): Promise<MessagePage> {
  const channelId = channel.id;
  let page: MessageWithAuthor[];
  let hasMore: boolean;
  let hasNewer: boolean | undefined;
  if (query.messageId) {
    ({ page, hasMore, hasNewer } = await rowsAround(db, channelId, query.messageId, query.limit, repo));
  } else {
    const rows = await repo.listPage(db, channelId, { limit: query.limit + 1, before: query.before, after: query.after, offset: query.offset });
    hasMore = rows.length > query.limit;
    page = rows.slice(0, query.limit);
    if (!query.after) page.reverse();
  }
  const inPage = new Set(page.map((r) => r.message.id));
  const replyIds = [...new Set(page.map((r) => r.message.replyTo).filter((id): id is string => id !== null && !inPage.has(id)))];
  const pageIds = page.map((r) => r.message.id);
  const [replies, reactions] = await readAll(db, [() => repo.findMessagesByIds(db, channelId, replyIds), () => reactionsFor(db, pageIds, access.userId)]);
  return {
    messages: page.map((r) => toMessage(r.message, r.author, reactions.get(r.message.id))),
    replyMessages: replies.map((r) => toMessage(r.message, r.author)),
    hasMore,
    ...(hasNewer === undefined ? {} : { hasNewer }),
  };
}

/**
 * Send a text message as the member whose access the endpoint checked (SEND_MESSAGES on the
 * channel; the endpoint counted the per-user rate limit); `author` is that member's user row, which
 * the request read with its session: the sender's length limit (PREMIUM: 5000, else 2000; blank text only with
 * attachments), a reply target in the same channel, the channel's slowmode, the attachments the
 * sender's own unsent uploads (attachments/service.ts, taken in the message's transaction); a verified e-mail address when the
 * server requires one (403 verify_your_email); in a direct chat of two, that the other person still
 * accepts direct messages from the author (dms/service.ts). After the insert (and, in a direct
 * chat, showing it again to members who had hidden it), the message (nonce included) is published
 * as MESSAGE_SEND to the channel's audience. With `scheduledAt`, after the same checks, it is kept
 * for the scheduler instead (modules/scheduled-messages) and the scheduled message is returned.
 */
export async function sendMessage(
  deps: MessageServiceDeps,
  { access, channel }: AnyChannelAccess,
  author: MessageSender,
  input: SendMessageRequest,
  repo: MessageRepository = messageRepository,
): Promise<{ message: Message } | { scheduledMessage: ScheduledMessage }> {
  const { userId } = access;
  if (author.id !== userId) throw new Error('sendMessage: the author is not the member whose access was checked');
  // 000 §6: an unverified address is asked to verify first (when the server requires it).
  if (deps.requireVerifiedEmail && !author.verified) throw forbidden('verify_your_email');
  const channelId = channel.id;
  if (isDmAccess(access)) await assertMaySendDirect(deps, access);

  const attachmentRefs = input.attachments ?? [];
  const { content, mentions } = await prepareContent(deps, { access, channel }, author, input.content, { blankAllowed: attachmentRefs.length > 0 });

  const replyTo = input.replyTo ?? null;
  if (replyTo && !(await repo.findMessageInChannel(deps.db, channelId, replyTo))) {
    throw badRequest('message_reply_invalid', { replyTo: 'message_reply_invalid' });
  }
  await enforceSlowmode(deps, { access, channel });
  if (input.scheduledAt) {
    const sendAt = new Date(input.scheduledAt);
    return { scheduledMessage: await scheduleMessage(deps, { channelId, authorId: userId, content, replyTo, sendAt, attachmentRefs }) };
  }

  const fields = { id: newId(), channelId, authorId: userId, content, mentions, type: 'text', replyTo, nonce: input.nonce ?? null };
  // With attachments, taking them and writing the message are one transaction: a failed write leaves them unsent.
  const row =
    attachmentRefs.length === 0
      ? await repo.insertMessage(deps.db, fields)
      : await deps.db.transaction(async (tx) =>
          repo.insertMessage(tx, { ...fields, attachments: await takeAttachments(tx, userId, attachmentRefs, fields.id) }),
        );
  const message = toMessage(row, author);
  if (isDmAccess(access)) await showAfterSend(deps, channelId);
  await publishEvent(deps, { audience: { kind: 'channel', channelId }, event: { type: 'MESSAGE_SEND', data: message } });
  return { message };
}
