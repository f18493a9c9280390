import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_USER_SETTINGS, toTourState, type PublicUser, type SelfUser, type SettingsChange, type UserSettings } from '@rally/shared/api/users';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { emojis, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A user row without the password hash: the signed-in user of a request (auth/session-repository.ts findSessionUser). */
export type SignedInUser = Omit<UserRow, 'passwordHash'>;

export interface NewUser {
  id: string;
  username: string;
  slug: string;
  email: string;
  passwordHash: string;
  birthdate: string | null;
  location: 'TR' | 'other';
  consentAt: Date | null;
  /** privateFlags (0 unless said; PrivateFlags.POLICY_REVIEW_REQUIRED makes the user review the policy). */
  privateFlags?: number;
  /** A bot account (false unless said; bots are made by the bots feature and by test fixtures). */
  bot?: boolean;
  /** The product's own system account (false unless said; made by test fixtures). */
  system?: boolean;
  settings?: UserSettings;
  /** Whether the e-mail address counts as verified (false unless said). */
  verified?: boolean;
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return returnedRow(
    await db
      .insert(users)
      .values({ ...user, settings: user.settings ?? DEFAULT_USER_SETTINGS })
      .returning(),
  );
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function slugExists(db: Executor, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.slug}) = ${slug.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/** Set the user's presence; true when it changed (an unchanged presence writes nothing). */
/** Write each user's shown presence (one statement per presence value, at most four). */
export async function updatePresences(db: Executor, changes: ReadonlyArray<{ userId: string; presence: number }>): Promise<void> {
  const byValue = new Map<number, string[]>();
  for (const { userId, presence } of changes) {
    const ids = byValue.get(presence);
    if (ids) ids.push(userId);
    else byValue.set(presence, [userId]);
  }
  for (const [presence, ids] of byValue) {
    await db
      .update(users)
      .set({ presence })
      .where(and(inArray(users.id, ids), ne(users.presence, presence)));
  }
}

/**
 * The join condition of a user's status emoji with `emojis` (left join): a team emoji's id (digits,
 * a snowflake: the status endpoint stores no other) names a row; a standard emoji none.
 */
export const statusEmojiJoin: SQL = sql`${emojis.id} = (case when ${users.statusEmoji} ~ '^[0-9]+$' then ${users.statusEmoji}::bigint end)`;

/** A user's custom status and activity, as columns of a query over users left-joined with emojis on statusEmojiJoin. */
export const statusColumns = {
  statusContent: users.statusContent,
  statusEmoji: users.statusEmoji,
  statusEmojiName: emojis.name,
  statusEmojiUrl: emojis.url,
  activity: users.activity,
};

/** What statusColumns read. */
export interface StatusColumns {
  statusContent: string | null;
  statusEmoji: string | null;
  statusEmojiName: string | null;
  statusEmojiUrl: string | null;
  activity: unknown;
}

/** Set the user's custom status (null, null: none); true when it changed. */
export async function updateStatus(db: Executor, id: string, content: string | null, emojiId: string | null): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ statusContent: content, statusEmoji: emojiId })
    .where(and(eq(users.id, id), sql`(${users.statusContent}, ${users.statusEmoji}) is distinct from (${content}::text, ${emojiId}::text)`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Set the user's game activity (null: none); true when it changed. */
export async function updateActivity(db: Executor, id: string, activity: object | null): Promise<boolean> {
  const value = activity === null ? null : JSON.stringify(activity);
  const rows = await db
    .update(users)
    .set({ activity: sql`${value}::jsonb` })
    .where(and(eq(users.id, id), sql`${users.activity} is distinct from ${value}::jsonb`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The columns of what everyone may see of a user (toPublicUser), for reads that show other people. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  slug: users.slug,
  profilePicture: users.profilePicture,
  banner: users.banner,
  presence: users.presence,
  flags: users.flags,
  system: users.system,
  bot: users.bot,
};

/** The user columns that make a PublicUser. */
export type PublicUserColumns = Pick<UserRow, 'id' | 'username' | 'slug' | 'profilePicture' | 'banner' | 'presence' | 'flags' | 'system' | 'bot'>;

export function toPublicUser(row: PublicUserColumns): PublicUser {
  return {
    id: row.id,
    username: row.username,
    slug: row.slug,
    profilePicture: row.profilePicture,
    banner: row.banner,
    presence: row.presence as PublicUser['presence'],
    flags: row.flags,
    system: row.system,
    bot: row.bot,
  };
}

export function toSelfUser(row: SignedInUser): SelfUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    verified: row.verified,
    // A pending secret (setup not confirmed) does not count: on once a code of it was confirmed.
    twoFA: row.twoFactorEnabledAt !== null,
    location: row.location === 'TR' ? 'TR' : 'other',
    mustSetBirthdate: row.birthdate === null,
    appTourIsFinished: row.appTourIsFinished,
    appTour: toTourState(row.appTour),
    privateFlags: row.privateFlags,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Merge a change into the user's settings document (each key given replaces that key, the others
 * stay as stored); the settings after it, or null when the user does not exist.
 */
export async function updateUserSettings(db: Executor, id: string, change: SettingsChange): Promise<UserSettings | null> {
  const [row] = await db
    .update(users)
    .set({ settings: sql`${users.settings} || ${JSON.stringify(change)}::jsonb` })
    .where(eq(users.id, id))
    .returning({ settings: users.settings });
  return row?.settings ?? null;
}
