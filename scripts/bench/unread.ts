/**
 * Unread counters in the budgets section (docs/performance.md, "Unread counts"): what GET
 * /api/v1/teams/unread costs for a member who never read a channel of 1,000,000 messages (the
 * count stops at LIMITS.unread.countCap, so the read covers that many index entries) and for one
 * who has read everything (DELETE /api/v1/teams/{id}/unread first).
 */
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/db/client';
import { readStates, teamMembers } from '../../apps/server/src/db/schema';
import type { Api } from './http';
import { summarize, type Summary } from './stats';

export const UNREAD_REQUESTS = Number(process.env.BENCH_UNREAD_REQUESTS ?? 200);
/** Sockets that look at #general during the fan-out and send MESSAGE_READ as messages come (the rest are elsewhere). */
export const READERS = Number(process.env.BENCH_READERS ?? 100);

export interface UnreadFigures {
  /** Unread messages the away member was told of (those after their own join message, at most the cap). */
  capped: number;
  neverRead: Summary;
  allRead: Summary;
}

/**
 * The member joined before the seeded history (which is an hour and more old) and has no read
 * marker (one of the reading sockets may have set one during the fan-out): all of it is unread to
 * them, up to their own join message ('joined the team', which they wrote) — and the count reads the
 * newest 1,000 messages whatever it finds among them. Row writes, as the history itself is seeded
 * (PGlite: run while no server runs).
 */
export async function backdateMembership(handle: DatabaseHandle, teamId: string, userId: string): Promise<void> {
  await handle.db
    .update(teamMembers)
    .set({ joinedAt: new Date(Date.now() - 7 * 86_400_000) })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  await handle.db.delete(readStates).where(eq(readStates.userId, userId));
}

interface UnreadBody {
  teamInfo: { channelInfo: { unreadCount: number }[] }[];
}

async function timeReads(api: Api, cookie: string): Promise<{ summary: Summary; last: UnreadBody }> {
  let last: UnreadBody = { teamInfo: [] };
  for (let i = 0; i < 20; i++) last = await api.call<UnreadBody>('GET', '/api/v1/teams/unread', cookie); // warm-up
  const times: number[] = [];
  for (let i = 0; i < UNREAD_REQUESTS; i++) {
    const t0 = performance.now();
    last = await api.call<UnreadBody>('GET', '/api/v1/teams/unread', cookie);
    times.push(performance.now() - t0);
  }
  return { summary: summarize(times), last };
}

/** `neverRead` joined before the history (backdateMembership); `reader` marks the team read, then both are timed. */
export async function runUnreadReads(api: Api, teamId: string, neverRead: { cookie: string }, reader: { cookie: string }): Promise<UnreadFigures> {
  const before = await timeReads(api, neverRead.cookie);
  await api.call('DELETE', `/api/v1/teams/${teamId}/unread`, reader.cookie);
  const after = await timeReads(api, reader.cookie);
  const capped = before.last.teamInfo.flatMap((t) => t.channelInfo).reduce((sum, c) => sum + c.unreadCount, 0);
  return { capped, neverRead: before.summary, allRead: after.summary };
}
