import type { ReportMessageRequest } from '@rally/shared/api/message-actions';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/snowflake';
import type { ServiceDeps } from '../../lib/service-deps';
import { channelPermissions } from '../permissions/access';
import { reportRepository, type ReportRepository } from './repository';

/**
 * Report a message (spec 001 §5 Report) with one of the reasons. The reporter must be able to read
 * it (a member of its channel's team with VIEW_CHANNEL and CAN_SEE_MESSAGE_HISTORY there): a message
 * they cannot, or one that does not exist or is deleted, is 404 message_not_found alike. Reports
 * are for others' messages (400 report_own_message), one per user and message (409 report_exists).
 */
export async function reportMessage(
  deps: ServiceDeps,
  reporterId: string,
  messageId: string,
  input: ReportMessageRequest,
  repo: ReportRepository = reportRepository,
): Promise<void> {
  const message = await repo.findLiveMessage(deps.db, messageId);
  const where = message ? await deps.accessCache.channel(message.channelId, reporterId) : null;
  const readable = ChannelPermission.VIEW_CHANNEL | ChannelPermission.CAN_SEE_MESSAGE_HISTORY;
  if (!message || !where || !hasBit(channelPermissions(where.access, where.channel), readable)) throw notFound('message_not_found');
  if (message.authorId === reporterId) throw badRequest('report_own_message');
  const stored = await repo.insertReport(deps.db, { id: newId(), messageId, reporterId, reason: input.reason });
  if (!stored) throw conflict('report_exists');
}
