import type { ScheduledMessage } from '@rally/shared/api/scheduled-messages';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { takeAttachments } from '../attachments/service';
import { unusedUntil } from '../uploads/records';
import { unholdUploads } from '../uploads/repository';
import { scheduledRepository, type ScheduledRepository, type ScheduledRow } from './repository';

export function toScheduledMessage(row: ScheduledRow): ScheduledMessage {
  return {
    id: row.id,
    channelId: row.channelId,
    content: row.content,
    replyTo: row.replyTo,
    attachments: row.attachments,
    scheduledAt: row.sendAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message to send later, as sendMessage checked it: its prepared text, reply target and time. */
export interface ScheduleInput {
  channelId: string;
  authorId: string;
  content: string;
  replyTo: string | null;
  sendAt: Date;
  /** Uploads of the author to send with it: taken now (attachments/service.ts), released again if it is cancelled or dropped. */
  attachmentRefs: readonly { id: string }[];
}

/**
 * Keep a message for the scheduler (scheduler.ts) instead of sending it. sendMessage has checked
 * it as a send (rate limit, text, reply target, slowmode) and the request schema its time (future,
 * at most 365 days ahead). The author may have LIMITS.scheduledMessage.pendingMax waiting, counted
 * under a lock of their user row (400 scheduled_message_limit). Nothing is published: only the
 * author knows of it until it is sent.
 */
export async function scheduleMessage(deps: ServiceDeps, input: ScheduleInput, repo: ScheduledRepository = scheduledRepository): Promise<ScheduledMessage> {
  const { pendingMax } = LIMITS.scheduledMessage;
  const row = await deps.db.transaction(async (tx) => {
    const pending = await repo.lockAuthorAndCount(tx, input.authorId);
    if (pending === null) throw new Error('scheduleMessage: the author does not exist');
    if (pending >= pendingMax) throw new AppError(400, 'scheduled_message_limit', undefined, { max: pendingMax });
    const { attachmentRefs, ...fields } = input;
    const id = newId();
    const attachments = await takeAttachments(tx, input.authorId, attachmentRefs, id);
    return repo.insertScheduled(tx, { id, ...fields, attachments });
  });
  return toScheduledMessage(row);
}

/** The user's waiting messages of the channel, the soonest first (the endpoint checked VIEW_CHANNEL). */
export async function listScheduledMessages(
  db: Executor,
  channelId: string,
  userId: string,
  repo: ScheduledRepository = scheduledRepository,
): Promise<ScheduledMessage[]> {
  return (await repo.listOwn(db, channelId, userId)).map(toScheduledMessage);
}

/**
 * Cancel one of the user's waiting messages of the channel: it is never sent (its attachments are
 * unsent uploads again, removed in time unless sent with another message). 404
 * scheduled_message_not_found when it was sent (or is being sent: the delete waits for the
 * scheduler's lock), cancelled already, or is not theirs.
 */
export async function cancelScheduledMessage(
  db: Executor,
  channelId: string,
  userId: string,
  id: string,
  repo: ScheduledRepository = scheduledRepository,
): Promise<void> {
  const cancelled = await repo.deleteOwn(db, id, channelId, userId);
  if (!cancelled) throw notFound('scheduled_message_not_found');
  await unholdUploads(db, [id], unusedUntil(new Date()));
}
