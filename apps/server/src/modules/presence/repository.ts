import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { Presence, type PublicUser } from '@rally/shared/api/users';
import type { Executor } from '../../db/client';
import { friendships, teamMembers, users } from '../../db/schema';
import type { SignedInUser } from '../users/repository';

type PresenceValue = PublicUser['presence'];

/** The status the user chose (settings.presence), online when they never chose one. */
export function chosenPresenceOf(user: Pick<SignedInUser, 'settings'>): PresenceValue {
  return user.settings.presence ?? Presence.ONLINE;
}

/** Store the status the user chose in their settings. */
export async function setChosenPresence(db: Executor, userId: string, presence: PresenceValue): Promise<void> {
  await db
    .update(users)
    .set({ settings: sql`jsonb_set(${users.settings}, '{presence}', ${String(presence)}::jsonb)` })
    .where(eq(users.id, userId));
}

/** Who hears of the user's presence: the teams they are a member of, and their accepted friends. */
export async function presenceCircleOf(db: Executor, userId: string): Promise<{ teamIds: string[]; friendIds: string[] }> {
  const [teams, friends] = await Promise.all([
    db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)),
    db
      .select({ low: friendships.userLow, high: friendships.userHigh })
      .from(friendships)
      .where(and(eq(friendships.status, 'accepted'), or(eq(friendships.userLow, userId), eq(friendships.userHigh, userId)))),
  ]);
  return { teamIds: teams.map((t) => t.teamId), friendIds: friends.map((f) => (f.low === userId ? f.high : f.low)) };
}

/** Up to `limit` users shown as anything but offline, by id after `afterId` (the start-up reset walks them in pages). */
export async function usersShownPresent(db: Executor, afterId: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(afterId === null ? ne(users.presence, Presence.OFFLINE) : and(ne(users.presence, Presence.OFFLINE), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Show these users offline. */
export async function setOffline(db: Executor, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ presence: Presence.OFFLINE })
    .where(and(inArray(users.id, userIds), ne(users.presence, Presence.OFFLINE)));
}
