import path from 'node:path';
import { stat } from 'node:fs/promises';
import { customEmojiPath, EMOJI_UPLOAD_FIELD, EMOJI_UPLOAD_FORMATS, type TeamEmoji } from '@rally/shared/api/emojis';
import { IMAGE_FORMAT_FILES, IMAGE_LIMITS, type ImageFormat } from '@rally/shared/api/uploads';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/events';
import type { ServiceDeps } from '../../lib/service-deps';
import { newId } from '../../lib/snowflake';
import { recordAudit, recordAudits } from '../audit/service';
import type { TeamAccess } from '../permissions/access';
import { readHead, reencodeImage, sniffImage } from '../uploads/image';
import type { ReceivedFile } from '../uploads/receive';
import { removeUploads, type StorageDeps } from '../uploads/records';
import { insertUploads, releaseKey } from '../uploads/repository';
import { EMOJI_KEY_FOLDER } from '../uploads/service';
import { nameFromFileName, withUniqueNames } from './names';
import { emojiRepository, type EmojiRepository, type TeamEmojiRow } from './repository';

/** What the emoji writes need besides the services' usual: the storage their images live in. */
export type EmojiServiceDeps = StorageDeps;

/** The key of an emoji's image in the storage, served at customEmojiPath(id) by GET /uploads/*. */
export const emojiKey = (id: string) => `${EMOJI_KEY_FOLDER}/${id}.${IMAGE_FORMAT_FILES.webp.extension}`;

const invalidFile = () => badRequest('emoji_file_invalid', { [EMOJI_UPLOAD_FIELD]: 'emoji_file_invalid' });

function toTeamEmoji(row: TeamEmojiRow): TeamEmoji {
  return { id: row.id, teamId: row.teamId, name: row.name, url: row.url, createdAt: row.createdAt.toISOString(), creator: row.creator };
}

/** The team's emoji, oldest first (the endpoint checked membership). */
export async function listTeamEmojis(db: Executor, access: TeamAccess, repo: EmojiRepository = emojiRepository): Promise<TeamEmoji[]> {
  return (await repo.listTeamEmojis(db, access.team.id)).map(toTeamEmoji);
}

/** After a write has committed: the team's whole list to its members (TEAM_EMOJIS_UPDATED). */
async function publishTeamEmojis(deps: ServiceDeps, teamId: string, rows: TeamEmojiRow[]): Promise<void> {
  await publishEvent(deps, { audience: { kind: 'team', teamId }, event: { type: 'TEAM_EMOJIS_UPDATED', data: { teamId, emojis: rows.map(toTeamEmoji) } } });
}

/** Remove stored images of an upload that failed after storing them (no row records them); a failure is logged, not thrown. */
async function removeImages(deps: EmojiServiceDeps, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.log?.error({ err, key }, 'emoji: removing a stored image failed');
    }
  }
}

/** An uploaded file ready to store: its image re-encoded, the id and name its emoji will have. */
interface PreparedEmoji {
  id: string;
  name: string;
  path: string;
  size: number;
}

/**
 * One uploaded file as an emoji image (written into `dir`): webp, png or gif by its first bytes
 * (else 400 emoji_file_invalid, as for one that does not decode), IMAGE_LIMITS.emoji checked
 * before decoding, re-encoded as webp without metadata, at most LIMITS.emoji.sizePx square
 * (scaled down inside it, its aspect kept; an animation stays one).
 */
async function prepareImage(file: ReceivedFile, dir: string, index: number): Promise<PreparedEmoji> {
  const format = sniffImage(await readHead(file.path));
  const accepted: readonly ImageFormat[] = EMOJI_UPLOAD_FORMATS;
  if (!format || !accepted.includes(format)) throw invalidFile();
  const output = path.join(dir, `emoji-${index}.${IMAGE_FORMAT_FILES.webp.extension}`);
  try {
    await reencodeImage(file.path, output, format, IMAGE_LIMITS.emoji, { fitInside: LIMITS.emoji.sizePx, to: 'webp' });
  } catch (err) {
    if (err instanceof AppError && err.code === 'upload_failed') throw invalidFile();
    throw err;
  }
  return { id: newId(), name: nameFromFileName(file.name), path: output, size: (await stat(output)).size };
}

/**
 * Add the uploaded files (received by receive.ts into `dir`, which the caller removes) as emoji of
 * the team (the endpoint checked MANAGE_TEAM): at least one (400 emoji_files_missing); each checked
 * and re-encoded (prepareImage) before anything is stored; named after its file, made unique in the
 * team (`_2`, `_3`, …). The images are stored, then the rows and an EMOJI_CREATED audit entry per
 * emoji written in one transaction with the team's row locked, in which the team's count is checked
 * (at most LIMITS.emoji.perTeam: 400 emoji_limit), so that concurrent uploads cannot pass it, and
 * each image recorded as an upload held by the team (uploads/records.ts: it goes with the team). When
 * anything fails, no row remains and the stored images are removed. Publishes TEAM_EMOJIS_UPDATED;
 * returns the new emoji, in the order of the files.
 */
export async function uploadEmojis(
  deps: EmojiServiceDeps,
  access: TeamAccess,
  uploader: { id: string; username: string },
  files: readonly ReceivedFile[],
  dir: string,
  repo: EmojiRepository = emojiRepository,
): Promise<TeamEmoji[]> {
  if (files.length === 0) throw badRequest('emoji_files_missing', { [EMOJI_UPLOAD_FIELD]: 'emoji_files_missing' });
  const teamId = access.team.id;
  const prepared: PreparedEmoji[] = [];
  for (const [index, file] of files.entries()) prepared.push(await prepareImage(file, dir, index));

  const stored: string[] = [];
  let created: Omit<TeamEmojiRow, 'creator'>[];
  try {
    for (const emoji of prepared) {
      const key = emojiKey(emoji.id);
      await deps.storage.put(key, { path: emoji.path, size: emoji.size, contentType: IMAGE_FORMAT_FILES.webp.contentType });
      stored.push(key);
    }
    created = await deps.db.transaction(async (tx) => {
      if (!(await repo.lockTeam(tx, teamId))) throw notFound('team_not_found');
      const taken = await repo.teamEmojiNames(tx, teamId);
      const max = LIMITS.emoji.perTeam;
      if (taken.length + prepared.length > max) throw new AppError(400, 'emoji_limit', undefined, { max });
      const rows = await repo.insertEmojis(
        tx,
        withUniqueNames(prepared, taken).map(({ id, name }) => ({ id, teamId, name, url: customEmojiPath(id), createdBy: uploader.id })),
      );
      await insertUploads(
        tx,
        prepared.map(({ id }) => ({ id, key: emojiKey(id), kind: 'emoji', uploaderId: uploader.id, holderId: teamId, removeAt: null })),
      );
      await recordAudits(
        tx,
        teamId,
        uploader.id,
        rows.map((row) => ({ action: 'EMOJI_CREATED', targetType: 'emoji', targetId: row.id, changes: [{ key: 'name', old: null, new: row.name }] })),
      );
      return rows;
    });
  } catch (err) {
    await removeImages(deps, stored);
    throw err;
  }
  await publishTeamEmojis(deps, teamId, await repo.listTeamEmojis(deps.db, teamId));
  return created.map((row) => toTeamEmoji({ ...row, creator: { id: uploader.id, username: uploader.username } }));
}

/**
 * Rename an emoji of the team (the endpoint checked MANAGE_TEAM and the name's form): 404
 * emoji_not_found for one that is not the team's, 409 emoji_name_taken when another emoji of the
 * team has the name (checked with the team's row locked, as uploads name theirs). The same name
 * again changes nothing; a new one writes an EMOJI_UPDATED entry in the same transaction and
 * publishes TEAM_EMOJIS_UPDATED.
 */
export async function renameEmoji(
  deps: ServiceDeps,
  access: TeamAccess,
  emojiId: string,
  name: string,
  repo: EmojiRepository = emojiRepository,
): Promise<TeamEmoji> {
  const teamId = access.team.id;
  const renamed = await deps.db.transaction(async (tx) => {
    if (!(await repo.lockTeam(tx, teamId))) throw notFound('team_not_found');
    const emoji = await repo.findTeamEmoji(tx, teamId, emojiId);
    if (!emoji) throw notFound('emoji_not_found');
    if (emoji.name === name) return false;
    if (await repo.nameTaken(tx, teamId, name, emojiId)) throw conflict('emoji_name_taken', { name: 'emoji_name_taken' });
    await repo.renameEmoji(tx, emojiId, name);
    await recordAudit(tx, teamId, access.userId, {
      action: 'EMOJI_UPDATED',
      targetType: 'emoji',
      targetId: emojiId,
      changes: [{ key: 'name', old: emoji.name, new: name }],
    });
    return true;
  });
  const rows = await repo.listTeamEmojis(deps.db, teamId);
  if (renamed) await publishTeamEmojis(deps, teamId, rows);
  const row = rows.find((r) => r.id === emojiId);
  if (!row) throw notFound('emoji_not_found'); // deleted since, by another request
  return toTeamEmoji(row);
}

/**
 * Delete an emoji of the team (the endpoint checked MANAGE_TEAM; 404 emoji_not_found for one that
 * is not the team's) with an EMOJI_DELETED entry, its image released in the same transaction and
 * removed after it (uploads/records.ts). Messages that name it keep
 * their `<:name:id>` (clients show `:name:` once the image is gone); its reactions stay, without
 * the image. Publishes TEAM_EMOJIS_UPDATED.
 */
export async function deleteEmoji(deps: EmojiServiceDeps, access: TeamAccess, emojiId: string, repo: EmojiRepository = emojiRepository): Promise<void> {
  const teamId = access.team.id;
  const now = new Date();
  const files = await deps.db.transaction(async (tx) => {
    const deleted = await repo.deleteTeamEmoji(tx, teamId, emojiId);
    if (!deleted) throw notFound('emoji_not_found');
    await recordAudit(tx, teamId, access.userId, {
      action: 'EMOJI_DELETED',
      targetType: 'emoji',
      targetId: emojiId,
      changes: [{ key: 'name', old: deleted.name, new: null }],
    });
    return releaseKey(tx, emojiKey(emojiId), teamId, now);
  });
  await removeUploads(deps, files, now);
  await publishTeamEmojis(deps, teamId, await repo.listTeamEmojis(deps.db, teamId));
}
