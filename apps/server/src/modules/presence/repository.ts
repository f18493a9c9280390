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

export interface PresenceCircle {
  teamIds: string[];
  friendIds: string[];
}

/** Who hears of the user's presence: the teams they are a member of, and their accepted friends. */
export async function presenceCircleOf(db: Executor, userId: string): Promise<PresenceCircle> {
  return (await presenceCirclesOf(db, [userId])).get(userId)!; // every id asked for has an entry
}

/** The circles of several users at once (two statements whatever their number), an entry for each id. */
export async function presenceCirclesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, PresenceCircle>> {
  const circles = new Map<string, PresenceCircle>(userIds.map((id) => [id, { teamIds: [], friendIds: [] }]));
  if (userIds.length === 0) return circles;
  const ids = [...circles.keys()];
  const [teams, friends] = await Promise.all([
    db.select({ userId: teamMembers.userId, teamId: teamMembers.teamId }).from(teamMembers).where(inArray(teamMembers.userId, ids)),
    db
      .select({ low: friendships.userLow, high: friendships.userHigh })
      .from(friendships)
      .where(and(eq(friendships.status, 'accepted'), or(inArray(friendships.userLow, ids), inArray(friendships.userHigh, ids)))),
  ]);
  for (const { userId, teamId } of teams) circles.get(userId)!.teamIds.push(teamId); // rows are of the ids asked for
  for (const { low, high } of friends) {
    circles.get(low)?.friendIds.push(high);
    circles.get(high)?.friendIds.push(low);
  }
  return circles;
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
