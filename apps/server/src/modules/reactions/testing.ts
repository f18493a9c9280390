import type { Database } from '../../db/client';
import { emojis } from '../../db/schema';
import { newId } from '../../lib/snowflake';

/**
 * A team emoji, as a row (test fixture): team emoji have no upload route yet, so tests of reactions
 * and of the picker's list make them here.
 */
export async function makeEmoji(app: { db: Database }, teamId: string, name: string): Promise<{ id: string; teamId: string; name: string; url: string }> {
  const id = newId();
  const row = { id, teamId, name, url: `/uploads/emojis/${id}.webp` };
  await app.db.insert(emojis).values(row);
  return row;
}
