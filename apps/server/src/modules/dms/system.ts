import { systemMessageText, type SystemMessageKind } from '@rally/shared/i18n/system-messages';
import type { Executor } from '../../db/client';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { publishSystemMessage } from '../messages/system';
import { insertMessage, type MessageRow } from '../messages/repository';
import { findUserById } from '../users/repository';
import { findPairChat, insertChat, pairKeyOf } from './repository';
import { announceChat, showAfterSend } from './service';

/**
 * The product's own account (migration 0008: username Rally, slug rally_system, the `system` flag):
 * it writes each user's system chat, a read-only direct chat (spec 001 §6 "System DM channels are
 * read-only"): the welcome at sign-up, a removal from a team. It cannot sign in, and nobody can
 * message, befriend or block it (dms, friends and blocks refuse system accounts).
 */
export const SYSTEM_ACCOUNT_ID = '1000000000000000001';

/** A system message written in the caller's transaction, for publishSystemMessageSent after the commit. */
export interface SystemMessageSent {
  userId: string;
  row: MessageRow;
  /** The user's system chat was made by this message. */
  newChat: boolean;
}

/**
 * Inside the caller's transaction: the user's system chat (made read-only on first use; the pair
 * key keeps it one per user) and a message in it from the system account.
 */
export async function insertSystemMessage(tx: Executor, userId: string, content: string): Promise<SystemMessageSent> {
  const pairKey = pairKeyOf(SYSTEM_ACCOUNT_ID, userId);
  let channelId = await findPairChat(tx, pairKey);
  let newChat = false;
  if (!channelId) {
    const id = newId();
    newChat = await insertChat(tx, { channelId: id, pairKey, createdBy: null, readOnly: true, memberIds: [SYSTEM_ACCOUNT_ID, userId] });
    channelId = newChat ? id : await findPairChat(tx, pairKey);
    if (!channelId) throw new Error('insertSystemMessage: the system chat that won the insert is gone');
  }
  const row = await insertMessage(tx, { id: newId(), channelId, authorId: SYSTEM_ACCOUNT_ID, content, type: 'text' });
  return { userId, row, newChat };
}

/** After the commit: the user's sessions get the chat (DM_CREATED when new, or when they had hidden it) and the message (MESSAGE_SEND). */
export async function publishSystemMessageSent(deps: ServiceDeps, { userId, row, newChat }: SystemMessageSent): Promise<void> {
  if (newChat) await announceChat(deps, userId, row.channelId);
  else await showAfterSend(deps, row.channelId);
  await publishSystemMessage(deps, row);
}

/**
 * Write to a user from the system account, in their language (texts in
 * packages/shared/src/i18n/system-messages.ts; `vars` already escaped with escapeMarkdown).
 */
export async function sendSystemMessage(deps: ServiceDeps, userId: string, kind: SystemMessageKind, vars: Record<string, string> = {}): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  const content = systemMessageText(kind, user.settings.locale, vars);
  const sent = await deps.db.transaction((tx) => insertSystemMessage(tx, userId, content));
  await publishSystemMessageSent(deps, sent);
}
