import { customEmojiPath } from '@rally/shared/api/emojis';
import type { Database } from '../../db/client';
import { emojis } from '../../db/schema';
import { newId } from '../../lib/snowflake';

/**
 * A team emoji, as a row (test fixture, no image stored): for the tests of reactions, messages and
 * the picker's list, which need an emoji but not the upload (tested in emojis.test.ts).
 */
export async function makeEmoji(app: { db: Database }, teamId: string, name: string): Promise<{ id: string; teamId: string; name: string; url: string }> {
  const id = newId();
  const row = { id, teamId, name, url: customEmojiPath(id) };
  await app.db.insert(emojis).values(row);
  return row;
}

/** `count` team emoji as rows in one statement (a team near its limit), named `fill_<n>`. */
export async function makeEmojis(app: { db: Database }, teamId: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, n) => {
    const id = newId();
    return { id, teamId, name: `fill_${n}`, url: customEmojiPath(id) };
  });
  if (rows.length > 0) await app.db.insert(emojis).values(rows);
}
