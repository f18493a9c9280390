import { Presence, type PublicUser } from '@rally/shared/api/users';

export type PresenceValue = PublicUser['presence'];

/** Which of several sessions' presences the user shows: do-not-disturb, then online, then idle, then invisible. */
const RANK: Record<PresenceValue, number> = { [Presence.DND]: 3, [Presence.ONLINE]: 2, [Presence.IDLE]: 1, [Presence.OFFLINE]: 0 };

/**
 * The presence the user shows, from the status they chose (POST /api/v1/me/presence, kept in their
 * settings) and what each of their live sessions reports (PRESENCE_UPDATE frames: idle after
 * inactivity, online when active again; a session that reported nothing counts as online).
 * No live session anywhere: offline. A chosen idle, do-not-disturb or invisible (offline) status
 * holds whatever the sessions say; with online chosen, the best of the sessions' reports.
 */
export function presenceOf(chosen: PresenceValue, sessions: Iterable<PresenceValue>): PresenceValue {
  const best = bestOf(sessions);
  if (best === null) return Presence.OFFLINE;
  return chosen === Presence.ONLINE ? best : chosen;
}

/** The highest-ranked of some reported presences; null when there is none. */
export function bestOf(values: Iterable<PresenceValue>): PresenceValue | null {
  let best: PresenceValue | null = null;
  for (const value of values) if (best === null || RANK[value] > RANK[best]) best = value;
  return best;
}
