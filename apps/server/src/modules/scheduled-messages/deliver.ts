import type { Message } from '@rally/shared/api/messages';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import { publishEvent, type Publisher } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { prepareContent } from '../messages/content';
import { toMessage } from '../messages/mappers';
import { messageRepository } from '../messages/repository';
import { assertMaySendDirect, showAfterSend } from '../dms/service';
import { unusedUntil } from '../uploads/records';
import { moveHolder, unholdUploads } from '../uploads/repository';
import { channelPermissions, isDmAccess } from '../permissions/access';
import { AccessCache } from '../permissions/cache';
import { findUserById } from '../users/repository';
import { scheduledRepository, type ScheduledRow } from './repository';

/** What delivering needs: the database (not a transaction: each batch opens its own), the bus, and a log. */
export interface DeliveryDeps extends Publisher {
  db: Database;
  log: Publisher['log'] & { info: (obj: unknown, msg?: string) => void };
}

/** Why a due message was not sent (it is deleted all the same). */
export type DropReason = 'no_access' | 'content';

export interface BatchResult {
  /** Rows claimed (sent or dropped); fewer than the batch size: nothing more is due. */
  claimed: number;
  sent: Message[];
  dropped: { id: string; reason: DropReason }[];
  /** The direct chats among the channels sent to (shown again after the commit to members who had hidden them). */
  directChats: Set<string>;
}

/**
 * Send what is due, one batch in one transaction: the due rows are claimed with `FOR UPDATE SKIP
 * LOCKED` (another process's transaction skips them, and they are deleted before the commit), each
 * becomes a message (type 'scheduled', created at the time it was due) or is dropped, and all are
 * deleted; the MESSAGE_SEND events are published after the commit. So each row is sent once
 * however many processes poll, and a row whose transaction fails (or whose process dies) stays to be
 * claimed again. An event lost between the commit and the publish is a lost event like any other
 * (the message is stored; see lib/events.ts).
 */
export async function deliverDue(deps: DeliveryDeps, batchSize: number): Promise<BatchResult> {
  const result = await deps.db.transaction(async (tx) => {
    const rows = await scheduledRepository.claimDue(tx, batchSize);
    // Access read within this transaction: it writes nothing that changes access, so a cache of the batch's reads is current.
    const accessCache = new AccessCache(tx);
    const sent: Message[] = [];
    const dropped: BatchResult['dropped'] = [];
    const directChats = new Set<string>();
    for (const row of rows) {
      const outcome = await deliverRow({ db: tx, accessCache, bus: deps.bus, log: deps.log }, row);
      if ('message' in outcome) {
        sent.push(outcome.message);
        if (outcome.direct) directChats.add(outcome.message.channelId);
      } else dropped.push({ id: row.id, reason: outcome.dropped });
    }
    // A dropped message's files are unsent uploads again (removed in time).
    await unholdUploads(
      tx,
      dropped.map((d) => d.id),
      unusedUntil(new Date()),
    );
    await scheduledRepository.deleteRows(
      tx,
      rows.map((r) => r.id),
    );
    return { claimed: rows.length, sent, dropped, directChats };
  });
  for (const { id, reason } of result.dropped) deps.log.info({ scheduledMessageId: id, reason }, 'scheduled message dropped');
  for (const channelId of result.directChats) await showAfterSend(deps, channelId);
  for (const message of result.sent) {
    await publishEvent(deps, { audience: { kind: 'channel', channelId: message.channelId }, event: { type: 'MESSAGE_SEND', data: message } });
  }
  return result;
}

/**
 * One due row, checked as a send by its author now: they must still see the channel and hold
 * SEND_MESSAGES there (a member who left, was banned or lost the bit is not sent for: `no_access`),
 * and the text must pass their limit now (a lapsed PREMIUM: `content`). Mentions are resolved now,
 * with the author's access of now. A reply whose target was deleted meanwhile is sent as a plain
 * message. Slowmode and the rate limit were counted when it was scheduled. In a direct chat of two,
 * the other person must still accept direct messages from the author (blocks, privacy), as on a send.
 */
async function deliverRow(
  deps: ServiceDeps & { db: Transaction },
  row: ScheduledRow,
): Promise<{ message: Message; direct: boolean } | { dropped: DropReason }> {
  const tx = deps.db;
  const author = await findUserById(tx, row.authorId);
  const where = author && (await deps.accessCache.channel(row.channelId, row.authorId));
  if (!author || !where) return { dropped: 'no_access' };
  const permissions = channelPermissions(where.access, where.channel);
  if (!hasBit(permissions, ChannelPermission.VIEW_CHANNEL) || !hasBit(permissions, ChannelPermission.SEND_MESSAGES)) return { dropped: 'no_access' };
  const { access } = where;
  const direct = isDmAccess(access);
  if (direct) {
    try {
      await assertMaySendDirect(deps, access);
    } catch (err) {
      if (err instanceof AppError) return { dropped: 'no_access' };
      throw err;
    }
  }

  let prepared;
  try {
    prepared = await prepareContent(deps, where, author, row.content, { blankAllowed: row.attachments.length > 0 });
  } catch (err) {
    if (err instanceof AppError) return { dropped: 'content' };
    throw err;
  }
  const replyTo = row.replyTo && (await messageRepository.findMessageInChannel(tx, row.channelId, row.replyTo)) ? row.replyTo : null;
  const inserted = await messageRepository.insertMessage(tx, {
    id: newId(),
    channelId: row.channelId,
    authorId: row.authorId,
    content: prepared.content,
    mentions: prepared.mentions,
    type: 'scheduled',
    replyTo,
    nonce: null,
    attachments: row.attachments,
    createdAt: row.sendAt,
  });
  // Its files are the message's from now on.
  await moveHolder(tx, row.id, inserted.id);
  return { message: toMessage(inserted, author), direct };
}
