import { isSnowflake } from '@rally/shared/ids';
import { isCustomEmojiId, type CustomEmoji, type Reaction } from '@rally/shared/api/reactions';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { findMessageInChannel } from '../messages/repository';
import { findNamedEmojis } from '../emojis/repository';
import { emojiRefusal } from '../emojis/usable';
import { assertMaySendDirect } from '../dms/service';
import { isDmAccess, type AnyChannelAccess } from '../permissions/access';
import { reactionRepository, type EmojiRow, type ReactionRepository } from './repository';
import { canonicalStandardEmoji } from './standard-emoji';

/** A reaction's emoji as it is stored: a standard emoji fully qualified, or a team emoji's id with its row. */
type ResolvedEmoji = { emojiId: string; custom: EmojiRow | null };

/**
 * The reactions of each of these messages for `viewerId` (see reactionSchema): two statements at
 * most, the second only when team emoji are among them. Messages without reactions are absent.
 */
export async function reactionsFor(
  db: Executor,
  messageIds: readonly string[],
  viewerId: string,
  repo: ReactionRepository = reactionRepository,
): Promise<Map<string, Reaction[]>> {
  const rows = await repo.reactionsOfMessages(db, messageIds, viewerId);
  const customIds = [...new Set(rows.map((r) => r.emojiId).filter(isCustomEmojiId))];
  const custom = new Map((await repo.findEmojis(db, customIds)).map((e) => [e.id, e]));
  const out = new Map<string, Reaction[]>();
  for (const { messageId, emojiId, count, users, me } of rows) {
    const emoji = custom.get(emojiId);
    const list = out.get(messageId) ?? [];
    list.push({ emojiId, count, users, me, emoji: emoji ? { name: emoji.name, url: emoji.url } : null });
    out.set(messageId, list);
  }
  return out;
}

/**
 * The emoji of a new reaction (spec 001 §6): a standard emoji of emojibase's set, or a team emoji
 * the user may use in the channel (emojiRefusal of emojis/usable.ts, the rule of messages too: one
 * of the channel's team; one of another team only for a member of that team with PREMIUM (403
 * reaction_emoji_external) and USE_EXTERNAL_EMOJIS on the channel (403
 * reaction_emoji_external_forbidden; a direct chat asks only the first two, as Discord's Nitro).
 * Anything else: 400 reaction_emoji_invalid. One statement for a team emoji, none for a standard one.
 */
async function resolveNewEmoji(deps: ServiceDeps, where: AnyChannelAccess, user: { id: string; flags: number }, raw: string): Promise<ResolvedEmoji> {
  if (!isCustomEmojiId(raw)) {
    const emojiId = canonicalStandardEmoji(raw);
    if (!emojiId) throw badRequest('reaction_emoji_invalid', { emoji: 'reaction_emoji_invalid' });
    return { emojiId, custom: null };
  }
  // Digits beyond a snowflake's range name no emoji (and would not fit the bigint column).
  const [custom] = isSnowflake(raw) ? await findNamedEmojis(deps.db, [raw], user.id) : [];
  if (!custom) throw badRequest('reaction_emoji_invalid', { emoji: 'reaction_emoji_invalid' });
  switch (emojiRefusal(where, user, custom)) {
    case 'not_member':
      throw badRequest('reaction_emoji_invalid', { emoji: 'reaction_emoji_invalid' });
    case 'not_premium':
      throw forbidden('reaction_emoji_external');
    case 'not_allowed_here':
      throw forbidden('reaction_emoji_external_forbidden');
    case null:
      return { emojiId: custom.id, custom };
  }
}

/** What reacting needs besides the service's usual deps: whether senders must have verified their e-mail (env.ts emailVerificationRequired). */
export type ReactionServiceDeps = ServiceDeps & { requireVerifiedEmail: boolean };

/**
 * Who may not send may not react either, where the rule is the sender's rather than the channel's:
 * an unverified e-mail when the server requires one (403 verify_your_email), and in a direct chat
 * one that is read-only (403 no_permission_to_send_messages) or whose other person the reader blocked, was
 * blocked by, or no longer accepts direct messages from (dms/service.ts assertMaySendDirect). In a
 * team channel, reacting needs only seeing its history: SEND_MESSAGES denied still lets a member
 * react (a read-only announcements channel).
 */
async function assertMayReact(deps: ReactionServiceDeps, where: AnyChannelAccess, user: { verified: boolean }): Promise<void> {
  if (deps.requireVerifiedEmail && !user.verified) throw forbidden('verify_your_email');
  if (!isDmAccess(where.access)) return;
  if (where.access.readOnly) throw forbidden('no_permission_to_send_messages');
  await assertMaySendDirect(deps, where.access);
}

/**
 * React to a message of the channel (the endpoint checked CAN_SEE_MESSAGE_HISTORY there and counted
 * the per-user rate limit): who may not send may not react (assertMayReact), the emoji's rules (resolveNewEmoji), at most LIMITS.reactions.distinctPerMessage
 * different emoji per message (400 reaction_limit), 404 message_not_found for a message that is not
 * (or no longer) in the channel. Reacting again with the same emoji changes nothing; a new reaction
 * is published as MESSAGE_REACTION_ADDED.
 */
export async function addReaction(
  deps: ReactionServiceDeps,
  where: AnyChannelAccess,
  user: { id: string; flags: number; verified: boolean },
  messageId: string,
  raw: string,
  repo: ReactionRepository = reactionRepository,
): Promise<void> {
  await assertMayReact(deps, where, user);
  const { emojiId, custom } = await resolveNewEmoji(deps, where, user, raw);
  const channelId = where.channel.id;
  const max = LIMITS.reactions.distinctPerMessage;
  const outcome = await repo.insertReaction(deps.db, { channelId, messageId, emojiId, userId: user.id }, max);
  if (outcome === 'gone') throw notFound('message_not_found');
  if (outcome === 'limit') throw new AppError(400, 'reaction_limit', undefined, { max });
  if (outcome === 'exists') return;
  const emoji = custom ? { name: custom.name, url: custom.url } : null;
  await publishEvent(deps, {
    audience: { kind: 'channel', channelId },
    event: { type: 'MESSAGE_REACTION_ADDED', data: { channelId, messageId, emojiId, userId: user.id, emoji } },
  });
}

/**
 * Take one's reaction back (CAN_SEE_MESSAGE_HISTORY checked by the endpoint): a team emoji by its
 * id (even one deleted since), a standard emoji in any of its forms. Nothing to take back changes
 * nothing; otherwise MESSAGE_REACTION_REMOVED is published. 404 message_not_found as for adding.
 */
export async function removeReaction(
  deps: ServiceDeps,
  { channel }: AnyChannelAccess,
  userId: string,
  messageId: string,
  raw: string,
  repo: ReactionRepository = reactionRepository,
): Promise<void> {
  const emojiId = isCustomEmojiId(raw) ? raw : canonicalStandardEmoji(raw);
  if (!emojiId) throw badRequest('reaction_emoji_invalid', { emoji: 'reaction_emoji_invalid' });
  const channelId = channel.id;
  if (!(await findMessageInChannel(deps.db, channelId, messageId))) throw notFound('message_not_found');
  if (!(await repo.deleteReaction(deps.db, { messageId, emojiId, userId }))) return;
  await publishEvent(deps, {
    audience: { kind: 'channel', channelId },
    event: { type: 'MESSAGE_REACTION_REMOVED', data: { channelId, messageId, emojiId, userId } },
  });
}

/** The team emoji the user may pick from: those of all their teams (the picker dims other teams' without PREMIUM). */
export async function listMyEmojis(db: Executor, userId: string, repo: ReactionRepository = reactionRepository): Promise<CustomEmoji[]> {
  return repo.emojisOfMember(db, userId);
}
