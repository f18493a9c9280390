import type { Pin } from '@rally/shared/api/pins';
import { LIMITS } from '@rally/shared/limits';
import { AppError, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { toMessage } from '../messages/mappers';
import { findMessageInChannel, insertMessage } from '../messages/repository';
import { publishSystemMessage } from '../messages/system';
import type { AnyChannelAccess } from '../permissions/access';
import { reactionsFor } from '../reactions/service';
import { listPinned, lockChannelAndCountPins, setPinned } from './repository';

/**
 * The channel's pinned messages, newest pin first (the endpoint checked CAN_SEE_MESSAGE_HISTORY),
 * with the caller's view of their reactions.
 */
export async function listPins(deps: ServiceDeps, { access, channel }: AnyChannelAccess): Promise<Pin[]> {
  const rows = await listPinned(deps.db, channel.id);
  const reactions = await reactionsFor(
    deps.db,
    rows.map((r) => r.message.id),
    access.userId,
  );
  return rows.map((r) => ({
    message: toMessage(r.message, r.author, reactions.get(r.message.id)),
    pinnedAt: r.pinnedAt.toISOString(),
    pinnedBy: r.pinnedBy,
  }));
}

/** Tell the channel's sessions that a message's pin changed (its flag, the pins list). */
export async function publishPinChange(deps: ServiceDeps, channelId: string, messageId: string, pinned: boolean): Promise<void> {
  await publishEvent(deps, { audience: { kind: 'channel', channelId }, event: { type: 'CHANNEL_PINS_UPDATED', data: { channelId, messageId, pinned } } });
}

/**
 * Pin a message of the channel (the endpoint checked MANAGE_MESSAGES there, or membership of the
 * direct chat): 404 message_not_found for none (deleted, another channel's); a pinned one stays as
 * it is (nothing written or published). In one transaction under the channel's lock: the limit
 * (LIMITS.pins.perChannel pins: 400 pins_limit_reached with {max}), the pin, and the system message
 * "<user> pinned a message." (type 'system', the pinner its author, `replyTo` the pinned message).
 * After the commit, that message as MESSAGE_SEND and CHANNEL_PINS_UPDATED to the channel.
 */
export async function pinMessage(deps: ServiceDeps, { access, channel }: AnyChannelAccess, messageId: string): Promise<void> {
  const notice = await deps.db.transaction(async (tx) => {
    const pins = await lockChannelAndCountPins(tx, channel.id);
    const message = await findMessageInChannel(tx, channel.id, messageId);
    if (!message) throw notFound('message_not_found');
    if (message.pinnedAt) return null;
    if (pins >= LIMITS.pins.perChannel) throw new AppError(400, 'pins_limit_reached', undefined, { max: LIMITS.pins.perChannel });
    if (!(await setPinned(tx, messageId, access.userId))) return null;
    return insertMessage(tx, { id: newId(), channelId: channel.id, authorId: access.userId, content: '', type: 'system', replyTo: messageId });
  });
  if (!notice) return;
  await publishSystemMessage(deps, notice);
  await publishPinChange(deps, channel.id, messageId, true);
}

/**
 * Unpin a message of the channel (the same permission as a pin): 404 message_not_found for none; an
 * unpinned one stays as it is. Publishes CHANNEL_PINS_UPDATED to the channel.
 */
export async function unpinMessage(deps: ServiceDeps, { channel }: AnyChannelAccess, messageId: string): Promise<void> {
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await findMessageInChannel(tx, channel.id, messageId))) throw notFound('message_not_found');
    return setPinned(tx, messageId, null);
  });
  if (changed) await publishPinChange(deps, channel.id, messageId, false);
}
