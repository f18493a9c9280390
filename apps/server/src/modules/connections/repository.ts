import { and, asc, desc, eq, lt, notInArray } from 'drizzle-orm';
import type { ConnectionProvider, Connection } from '@rally/shared/api/connections';
import type { Executor } from '../../db/client';
import { oauthStates, userConnections } from '../../db/schema';

type ConnectionRow = typeof userConnections.$inferSelect;

export const toConnection = (row: ConnectionRow): Connection => ({
  id: row.id,
  provider: row.provider as ConnectionProvider,
  providerUserId: row.providerUserId,
  username: row.username,
  createdAt: row.createdAt.toISOString(),
});

export async function insertOAuthState(
  db: Executor,
  row: { stateHash: string; userId: string; provider: ConnectionProvider; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/** Keep only the user's `keep` newest authorisations under way (older setups stop working). */
export async function trimUserOAuthStates(db: Executor, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ stateHash: oauthStates.stateHash })
    .from(oauthStates)
    .where(eq(oauthStates.userId, userId))
    .orderBy(desc(oauthStates.createdAt))
    .limit(keep);
  await db.delete(oauthStates).where(and(eq(oauthStates.userId, userId), notInArray(oauthStates.stateHash, newest)));
}

/** Forget every authorisation that expired before `now` (each setup sweeps them). */
export async function deleteExpiredOAuthStates(db: Executor, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
}

/**
 * Take the state of this user and provider: deleted as it is read (one statement, so of two
 * concurrent uses only one gets it); another user's state is left as it is. Its verifier and expiry,
 * or null.
 */
export async function takeOAuthState(
  db: Executor,
  where: { stateHash: string; userId: string; provider: ConnectionProvider },
): Promise<{ codeVerifier: string; expiresAt: Date } | null> {
  const rows = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, where.stateHash), eq(oauthStates.userId, where.userId), eq(oauthStates.provider, where.provider)))
    .returning({ codeVerifier: oauthStates.codeVerifier, expiresAt: oauthStates.expiresAt });
  return rows[0] ?? null;
}

/** Link the account, replacing the user's earlier one of the same provider. */
export async function upsertConnection(
  db: Executor,
  row: { id: string; userId: string; provider: ConnectionProvider; providerUserId: string; username: string; createdAt: Date },
): Promise<Connection> {
  const [saved] = await db
    .insert(userConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [userConnections.userId, userConnections.provider],
      set: { id: row.id, providerUserId: row.providerUserId, username: row.username, createdAt: row.createdAt },
    })
    .returning();
  return toConnection(saved!);
}

export async function listUserConnections(db: Executor, userId: string): Promise<Connection[]> {
  const rows = await db.select().from(userConnections).where(eq(userConnections.userId, userId)).orderBy(asc(userConnections.provider));
  return rows.map(toConnection);
}

/** Unlink; whether there was one. */
export async function deleteUserConnection(db: Executor, userId: string, provider: ConnectionProvider): Promise<boolean> {
  const rows = await db
    .delete(userConnections)
    .where(and(eq(userConnections.userId, userId), eq(userConnections.provider, provider)))
    .returning({ id: userConnections.id });
  return rows.length > 0;
}
