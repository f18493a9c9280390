import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { usedCaptchas } from '../../db/schema';

/** Record a solved challenge; false when it was recorded before (a reuse). */
export async function recordUsedCaptcha(db: Executor, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(usedCaptchas).values({ signature, expiresAt }).onConflictDoNothing().returning({ signature: usedCaptchas.signature });
  return rows.length === 1;
}

/** Forget challenges past their expiry: they no longer verify anyway. */
export async function deleteExpiredCaptchas(db: Executor, now: Date): Promise<void> {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
}
