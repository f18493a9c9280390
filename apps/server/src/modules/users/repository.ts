import { and, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_USER_SETTINGS, type PublicUser, type SelfUser, type UserSettings } from '@rally/shared/api/users';
import type { Executor } from '../../db/client';
import { returnedRow } from '../../db/returned-row';
import { users } from '../../db/schema';

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
  /** A bot account (false unless said; bots are made by the bots feature and by test fixtures). */
  bot?: boolean;
  /** The product's own system account (false unless said; made by test fixtures). */
  system?: boolean;
  settings?: UserSettings;
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
export async function updatePresence(db: Executor, id: string, presence: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ presence })
    .where(and(eq(users.id, id), ne(users.presence, presence)))
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
export type PublicUserRow = Pick<SignedInUser, keyof typeof publicUserColumns>;

export function toPublicUser(row: PublicUserRow): PublicUser {
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
    twoFA: row.twoFactorSecret !== null,
    location: row.location === 'TR' ? 'TR' : 'other',
    mustSetBirthdate: row.birthdate === null,
    appTourIsFinished: row.appTourIsFinished,
    privateFlags: row.privateFlags,
    createdAt: row.createdAt.toISOString(),
  };
}
