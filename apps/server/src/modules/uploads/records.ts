import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';
import type { StoredUploadKind } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { uploadKeyOfUrl } from './keys';
import { deleteDueUploads, deleteRemovedUploads, releaseKey, takeUploadByKey } from './repository';
import type { Storage } from './storage';

/**
 * The record of every stored file (the `uploads` table): who sent it, what holds it, when it goes.
 * An upload is held once — by a message, a scheduled message, a user or a team — and goes when
 * its holder does: the writer releases it in the transaction that deletes or replaces the holder
 * (repository.ts release*), removes its file after the commit (removeUploads), and the hourly
 * sweep (sweepUploads) removes whatever is due and left: uploads nothing took in time, files whose
 * removal failed or whose process stopped first.
 */

/** How long an upload waits for something to take it (a message, a profile, a team): the attachments' day, for every type. */
export const UNUSED_UPLOAD_MS = LIMITS.attachments.unsentHours * 3_600_000;

/** When an upload made (or given back) at `now` is removed unless something takes it. */
export const unusedUntil = (now: Date) => new Date(now.getTime() + UNUSED_UPLOAD_MS);

/** What services that hold or release uploads need besides the usual: the storage their files live in. */
export interface StorageDeps extends ServiceDeps {
  storage: Storage;
}

/**
 * Inside the transaction that puts an image on its holder (a user's avatar or banner, a team's
 * icon or banner): hold the upload of `url` (checked by the route to be this server's URL of `kind`,
 * uploads/keys.ts) by `holderId`. It must be `uploaderId`'s own upload of that kind, not held by
 * anything yet: else 400 upload_not_own (no such upload, or another user's) or upload_in_use (theirs,
 * already shown somewhere else; upload it again), on `field`.
 */
export async function takeImageUpload(
  tx: Executor,
  image: { url: string; kind: StoredUploadKind; uploaderId: string; holderId: string; field: string },
  now = new Date(),
): Promise<void> {
  const key = uploadKeyOfUrl(image.url);
  const outcome = key ? await takeUploadByKey(tx, { key, kind: image.kind, uploaderId: image.uploaderId, holderId: image.holderId }, now) : 'not_own';
  if (outcome === 'not_own') throw badRequest('upload_not_own', { [image.field]: 'upload_not_own' });
  if (outcome === 'in_use') throw badRequest('upload_in_use', { [image.field]: 'upload_in_use' });
}

/**
 * Inside the transaction that changes an image of a holder from `old` to `next` (either null: none;
 * the same URL: nothing changes): `next` taken as takeImageUpload does (400 when it is not the
 * caller's own unused upload), `old` released when this holder held it (an image it shows without
 * holding, as one set before uploads were recorded, is left alone: only what the holder owns goes).
 * Answers the released keys, which the caller removes after its commit (removeUploads).
 */
export async function replaceHeldImage(
  tx: Executor,
  image: { kind: StoredUploadKind; field: string; uploaderId: string; holderId: string; old: string | null; next: string | null },
  now = new Date(),
): Promise<string[]> {
  if (image.next === image.old) return [];
  if (image.next !== null) await takeImageUpload(tx, { ...image, url: image.next }, now);
  const oldKey = image.old === null ? null : uploadKeyOfUrl(image.old);
  return oldKey ? releaseKey(tx, oldKey, image.holderId, now) : [];
}

/**
 * After the commit that released `keys` (repository.ts release*): remove their files, then the
 * rows of those that went. A failure is logged, not thrown (the holder's change is done); its row
 * stays due, and the sweep tries again.
 */
export async function removeUploads(deps: Pick<StorageDeps, 'db' | 'storage' | 'log'>, keys: readonly string[], now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  const removed: string[] = [];
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deps.storage.delete(key);
        removed.push(key);
      } catch (err) {
        deps.log?.error({ err, key }, 'uploads: removing a file failed (the sweep tries again)');
      }
    }),
  );
  try {
    await deleteRemovedUploads(deps.db, removed, now);
  } catch (err) {
    deps.log?.error({ err }, 'uploads: deleting the rows of removed files failed (the sweep tries again)');
  }
}

/** Rows removed per transaction by the sweep (its files are removed while their rows are locked: short transactions). */
const SWEEP_BATCH = 50;

/**
 * Remove every upload due (`remove_at` passed: unused past its day, or released by its holder's
 * deletion or replacement), batch after batch: rows deleted and files removed in one transaction
 * each, so that a file whose removal fails keeps its row for the next sweep (the batch is rolled
 * back; removing a file twice is harmless). Answers how many went. Each process runs it hourly
 * (uploads/routes.ts); rows are taken with SKIP LOCKED, so sweeps at once share the work.
 */
export async function sweepUploads(db: Executor, storage: Storage, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const keys = await deleteDueUploads(tx, now, SWEEP_BATCH);
      await Promise.all(keys.map((key) => storage.delete(key)));
      return keys.length;
    });
    removed += count;
    if (count < SWEEP_BATCH) return removed;
  }
}
