import type { CreateDmRequest, DirectChat, DmLastMessage } from '@rally/shared/api/dms';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { badRequest, notFound } from '../../lib/errors';
import { publishEvent, type Publisher } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { assertMayDirectMessage } from '../friends/privacy';
import { isDmAccess, type DmAccess } from '../permissions/access';
import { toPublicUser, type PublicUserColumns } from '../users/repository';
import { dmRepository, pairKeyOf, type ChatRow, type DmRepository } from './repository';

function toLastMessage(last: NonNullable<ChatRow['last']>): DmLastMessage {
  return {
    id: last.id,
    createdAt: last.createdAt,
    content: last.deleted ? '' : last.content,
    isDeleted: last.deleted,
    attachmentCount: last.deleted ? 0 : last.attachmentCount,
    createdBy: last.authorId,
    type: last.type === 'scheduled' || last.type === 'system' ? last.type : 'text',
  };
}

function toDirectChat(row: ChatRow, others: PublicUserColumns[]): DirectChat {
  return {
    id: row.channelId,
    users: others.map(toPublicUser),
    group: row.pairKey === null,
    readOnly: row.readOnly,
    createdAt: row.createdAt.toISOString(),
    lastMessage: row.last ? toLastMessage(row.last) : null,
  };
}

/** The user's chats as they see them (only `channelId`'s, hidden or not, when given): two reads in one round trip. */
async function chatsOf(db: Executor, userId: string, channelId: string | undefined, repo: DmRepository): Promise<DirectChat[]> {
  const [rows, users] = await readAll(db, [() => repo.listChats(db, userId, channelId), () => repo.listChatUsers(db, userId, channelId)]);
  return rows.map((row) =>
    toDirectChat(
      row,
      users.filter((u) => u.channelId === row.channelId),
    ),
  );
}

/** 001 §7 GET /api/v1/me/chats: the chats the user has not hidden, the one with the newest message first. */
export async function listDms(deps: ServiceDeps, userId: string, repo: DmRepository = dmRepository): Promise<DirectChat[]> {
  return chatsOf(deps.db, userId, undefined, repo);
}

/** Tell a member's sessions about a chat they now have in their list (their sessions start hearing its channel). */
async function announce(publisher: Publisher, userId: string, dm: DirectChat): Promise<void> {
  await publishEvent(publisher, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'DM_CREATED', data: { dm } } });
}

/** The chat as `userId` sees it (one of theirs). */
async function chatOf(db: Executor, userId: string, channelId: string, repo: DmRepository): Promise<DirectChat> {
  const [dm] = await chatsOf(db, userId, channelId, repo);
  if (!dm) throw notFound('channel_not_found');
  return dm;
}

/**
 * 001 §7 POST /api/v1/me/chats: a chat with the people named (the caller left out; 400 dm_self
 * when nobody else is left). Each must exist (404 user_not_found), not be a system account (400
 * dm_system) and accept direct messages from the caller (assertMayDirectMessage: blocks and
 * privacy, 403 with the spec's texts). With one person, the pair's chat: the existing one if there
 * is one (shown again to the caller if they had hidden it), else a new one; the pair key keeps two
 * that open it at once to one chat. With several, a new group chat. Every member whose list
 * gains the chat hears DM_CREATED.
 */
export async function createDm(deps: ServiceDeps, creatorId: string, input: CreateDmRequest, repo: DmRepository = dmRepository): Promise<DirectChat> {
  const ids = [...new Set(input.users.map((u) => u.id))].filter((id) => id !== creatorId);
  if (ids.length === 0) throw badRequest('dm_self', { users: 'dm_self' });
  // The caller's row too (the new chat shows them to the others): one read.
  const people = await repo.findUsers(deps.db, [creatorId, ...ids]);
  const found = people.filter((u) => u.id !== creatorId);
  if (found.length !== ids.length) throw notFound('user_not_found');
  if (found.some((u) => u.system)) throw badRequest('dm_system', { users: 'dm_system' });
  for (const id of ids) await assertMayDirectMessage(deps, creatorId, id);

  const pairKey = ids.length === 1 ? pairKeyOf(creatorId, ids[0]!) : null; // length 1: index 0 exists
  const existing = pairKey ? await repo.findPairChat(deps.db, pairKey) : null;
  if (existing) return reopen(deps, creatorId, existing, repo);

  const channelId = newId();
  const memberIds = [creatorId, ...ids];
  const created = await deps.db.transaction((tx) => repo.insertChat(tx, { channelId, pairKey, createdBy: creatorId, readOnly: false, memberIds }));
  if (!created) {
    // Opened by the other one meanwhile: theirs is the pair's chat.
    const theirs = pairKey ? await repo.findPairChat(deps.db, pairKey) : null;
    if (!theirs) throw new Error('createDm: the pair chat that won the insert is gone');
    return reopen(deps, creatorId, theirs, repo);
  }
  const row: ChatRow = { channelId, pairKey, readOnly: false, createdAt: new Date(), last: null };
  for (const memberId of memberIds) {
    await announce(
      deps,
      memberId,
      toDirectChat(
        row,
        people.filter((u) => u.id !== memberId),
      ),
    );
  }
  return toDirectChat(
    row,
    people.filter((u) => u.id !== creatorId),
  );
}

/** The caller's existing chat, shown again in their list if they had hidden it. */
async function reopen(deps: ServiceDeps, userId: string, channelId: string, repo: DmRepository): Promise<DirectChat> {
  const shown = await repo.setHidden(deps.db, channelId, [userId], false);
  const dm = await chatOf(deps.db, userId, channelId, repo);
  if (shown.length > 0) await announce(deps, userId, dm);
  return dm;
}

/**
 * 001 §7 PATCH /api/v1/me/chats/{id}/hidden: hide the chat from the caller's list (a new message
 * shows it again), or show it again. Only a member finds the chat; a team channel is no chat
 * (404 channel_not_found). The caller's sessions hear DM_HIDDEN when it changed.
 */
export async function hideDm(deps: ServiceDeps, userId: string, channelId: string, hidden: boolean, repo: DmRepository = dmRepository): Promise<void> {
  const found = await deps.accessCache.channel(channelId, userId);
  if (!found || !isDmAccess(found.access)) throw notFound('channel_not_found');
  const changed = await repo.setHidden(deps.db, channelId, [userId], hidden);
  if (changed.length === 0) return;
  await publishEvent(deps, { audience: { kind: 'users', userIds: [userId] }, event: { type: 'DM_HIDDEN', data: { channelId, hidden } } });
}

/**
 * Before a message goes to a direct chat (the message pipeline calls it on every send): in a chat
 * of two, the other person must still accept direct messages from the author (001 §6 blocked DM
 * user, 000 §3 privacy: assertMayDirectMessage). A group chat is open to its members.
 */
export async function assertMaySendDirect(deps: { db: Executor }, access: DmAccess): Promise<void> {
  const others = access.memberIds.filter((id) => id !== access.userId);
  if (others.length === 1) await assertMayDirectMessage(deps, access.userId, others[0]!); // length 1: index 0 exists
}

/** Tell the user's sessions of one of their chats (DM_CREATED): a chat made for them outside createDm. */
export async function announceChat(deps: Publisher & { db: Executor }, userId: string, channelId: string, repo: DmRepository = dmRepository): Promise<void> {
  await announce(deps, userId, await chatOf(deps.db, userId, channelId, repo));
}

/** After a message went to a direct chat: members who had hidden it see it again (DM_CREATED to each). */
export async function showAfterSend(deps: Publisher & { db: Executor }, channelId: string, repo: DmRepository = dmRepository): Promise<void> {
  const shown = await repo.showToAll(deps.db, channelId);
  for (const userId of shown) await announce(deps, userId, await chatOf(deps.db, userId, channelId, repo));
}
