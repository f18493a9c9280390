import { isBlankMessage, messageLimit, type ListMessagesQuery, type Message, type SendMessageRequest } from '@rally/shared/api/messages';
import { UserFlags } from '@rally/shared/api/users';
import { RATE_LIMITS } from '@rally/shared/limits';
import { hasBit } from '@rally/shared/permissions';
import type { Executor } from '../../db/client';
import { AppError, badRequest, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { newId } from '../../lib/snowflake';
import { loadChannelAccess, type TeamAccess } from '../permissions/access';
import { assertChannel } from '../permissions/assert';
import { publishEvent } from '../../lib/events';
import type { ChannelRow } from '../teams/mappers';
import type { ServiceDeps } from '../../lib/service-deps';
import { findUserById } from '../users/repository';
import { toMessage } from './mappers';
import { messageRepository, type MessageRepository } from './repository';

export interface MessageServiceDeps extends ServiceDeps {
  rateLimiter: RateLimiter;
}

/** Channel types that hold chat messages (DM channels join with the direct-messages issue). */
const MESSAGE_CHANNEL_TYPES: readonly string[] = ['text'];

/** The rate-limit key of a user's message sends (tests reset it). */
export const messageSendRateKey = (userId: string) => `messages:send:${userId}`;

interface ChannelContext {
  access: TeamAccess;
  channel: ChannelRow;
  permissions: number;
}

/**
 * The channel with the user's permissions on it: 404 channel_not_found when it does not exist,
 * is a category, or the user is not a member of its team (existence is not revealed); 403 without
 * VIEW_CHANNEL; 400 for a type that holds no messages.
 */
async function messageChannel(db: Executor, channelId: string, userId: string): Promise<ChannelContext> {
  const found = await loadChannelAccess(db, channelId, userId);
  if (!found || found.channel.type === 'category') throw notFound('channel_not_found');
  const permissions = assertChannel(found.access, found.channel, 'VIEW_CHANNEL');
  if (!MESSAGE_CHANNEL_TYPES.includes(found.channel.type)) throw badRequest('channel_messages_unsupported');
  return { ...found, permissions };
}

export interface MessagePage {
  messages: Message[];
  replyMessages: Message[];
  hasMore: boolean;
}

/**
 * A page of history (see listMessagesQuerySchema): oldest first within the page; `hasMore` says
 * whether more exist beyond it in the paging direction. `replyMessages` are the messages replied
 * to from the page that are not in it. Needs VIEW_CHANNEL and CAN_SEE_MESSAGE_HISTORY.
 */
export async function listMessages(
  db: Executor,
  channelId: string,
  userId: string,
  query: ListMessagesQuery,
  repo: MessageRepository = messageRepository,
): Promise<MessagePage> {
  const { access, channel, permissions } = await messageChannel(db, channelId, userId);
  assertChannel(access, channel, 'CAN_SEE_MESSAGE_HISTORY', permissions);
  const rows = await repo.listPage(db, channelId, { limit: query.limit + 1, before: query.before, after: query.after, offset: query.offset });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (!query.after) page.reverse();
  const inPage = new Set(page.map((r) => r.message.id));
  const replyIds = [...new Set(page.map((r) => r.message.replyTo).filter((id): id is string => id !== null && !inPage.has(id)))];
  const replies = await repo.findMessagesByIds(db, channelId, replyIds);
  return {
    messages: page.map((r) => toMessage(r.message, r.author)),
    replyMessages: replies.map((r) => toMessage(r.message, r.author)),
    hasMore,
  };
}

/**
 * Send a text message: per-user rate limit, VIEW_CHANNEL and SEND_MESSAGES, the sender's length
 * limit (PREMIUM: 5000, else 2000), a reply target in the same channel. After the insert, the
 * message (nonce included) is published as MESSAGE_SEND to the channel's audience.
 */
export async function sendMessage(
  deps: MessageServiceDeps,
  channelId: string,
  userId: string,
  input: SendMessageRequest,
  repo: MessageRepository = messageRepository,
): Promise<Message> {
  const rate = await deps.rateLimiter.hit(messageSendRateKey(userId), RATE_LIMITS.messageSend.count, RATE_LIMITS.messageSend.windowMs);
  if (!rate.allowed) throw tooManyRequests(rate.retryAfterMs);

  const { access, channel, permissions } = await messageChannel(deps.db, channelId, userId);
  assertChannel(access, channel, 'SEND_MESSAGES', permissions);

  const author = await findUserById(deps.db, userId);
  if (!author) throw unauthorized();
  const content = input.content.trim();
  if (isBlankMessage(content)) throw badRequest('message_empty', { content: 'message_empty' });
  const max = messageLimit(hasBit(author.flags, UserFlags.PREMIUM));
  if (content.length > max) throw new AppError(400, 'message_too_long', { content: 'message_too_long' }, { max });

  const replyTo = input.replyTo ?? null;
  if (replyTo && !(await repo.findMessageInChannel(deps.db, channelId, replyTo))) {
    throw badRequest('message_reply_invalid', { replyTo: 'message_reply_invalid' });
  }

  const row = await repo.insertMessage(deps.db, { id: newId(), channelId, authorId: userId, content, type: 'text', replyTo, nonce: input.nonce ?? null });
  const message = toMessage(row, author);
  await publishEvent(deps, { audience: { kind: 'channel', channelId }, event: { type: 'MESSAGE_SEND', data: message } });
  return message;
}
