import type { DispatchData, DispatchEvent, DispatchType } from '@rally/shared/gateway/protocol';
import type { Circle } from '../bus/types';
import type { VisibilityChange } from '../modules/permissions/visibility-changes';
import type { Session } from './session';

/*
 * Which events change who sees what is one table of the permissions module
 * (modules/permissions/visibility-changes.ts, VISIBILITY_CHANGES), which the router applies to
 * the sessions; here, what only the gateway needs: which sessions a change concerns, and the
 * events each session receives cut to what it may view.
 */

/**
 * Events to a team whose data lists some of its channels or categories (their order): each session
 * is sent the list cut to the ones it may view, or nothing when none is left, so that an order
 * never tells a member of a channel hidden from them. They change nothing about who sees what (an
 * order never moves a channel to another category; a move is a CHANNEL_UPDATED).
 */
type Cuts = { [K in DispatchType]?: (data: DispatchData<K>, sees: (id: string) => boolean) => DispatchData<K> | null };

export const VIEW_CUTS = {
  CHANNELS_PRIORITY_UPDATED: (d, sees) => {
    const channels = d.channels.filter((c) => sees(c.id));
    return channels.length === 0 ? null : channels.length === d.channels.length ? d : { ...d, channels };
  },
  CATEGORIES_PRIORITY_UPDATED: (d, sees) => {
    const categories = d.categories.filter((c) => sees(c.id));
    return categories.length === 0 ? null : categories.length === d.categories.length ? d : { ...d, categories };
  },
} satisfies Cuts;

const cuts: Cuts = VIEW_CUTS;

/**
 * The event as the session may see it: `undefined` when the event type is not cut (everyone it
 * reaches gets it whole), null when nothing of it is for the session, else the cut event and a key
 * that names the cut (the ids kept), the same for every session that gets the same cut.
 */
export function cutFor(event: DispatchEvent, session: Pick<Session, 'channelIds'>): { event: DispatchEvent; key: string } | null | undefined {
  const cut = cuts[event.type] as ((data: DispatchEvent['data'], sees: (id: string) => boolean) => DispatchEvent['data'] | null) | undefined;
  if (!cut) return undefined;
  // (The cut and the data belong to the same event type: the table's type pairs them.)
  const data = cut(event.data, (id) => session.channelIds.has(id));
  if (!data) return null;
  const listed = 'channels' in data ? data.channels : 'categories' in data ? data.categories : [];
  return { event: { type: event.type, data } as DispatchEvent, key: listed.map((x) => x.id).join(',') };
}

/** Whether the session is in the circle: its user among the circle's users, or a member of one of its teams. */
export function circleIncludes(circle: Circle, session: Pick<Session, 'userId' | 'teams'>): boolean {
  return circle.userIds.includes(session.userId) || circle.teamIds.some((teamId) => session.teams.has(teamId));
}

/**
 * An event of several users' changes addressed to `circles` (entry i of its list to circles[i]) as
 * the session receives it: the entries of the circles it is in (the session's user among the
 * circle's users, or a member of one of its teams), keyed by their positions; `undefined` when it
 * is in all of them (the whole event), null when in none.
 */
export function circlesCut(
  event: DispatchEvent,
  circles: readonly Circle[],
  session: Pick<Session, 'userId' | 'teams'>,
): { event: DispatchEvent; key: string } | null | undefined {
  if (event.type !== 'PRESENCE_UPDATE') return undefined; // the only event addressed to circles
  const kept: number[] = [];
  for (const [i, circle] of circles.entries()) {
    if (circleIncludes(circle, session)) kept.push(i);
  }
  if (kept.length === 0) return null;
  if (kept.length === circles.length) return undefined;
  const presences = kept.map((i) => event.data.presences[i]!); // circles and presences are aligned
  return { event: { type: 'PRESENCE_UPDATE', data: { presences } }, key: kept.join(',') };
}

/** Whether a `leave`, `forget` or `recompute` change concerns the session (a `join` concerns those the event reaches). */
export function concerns(change: VisibilityChange, session: Session): boolean {
  switch (change.kind) {
    case 'join':
      return false;
    case 'forget':
      return session.channelIds.has(change.channelId);
    case 'leave':
    case 'recompute':
      return session.teams.has(change.teamId) && (change.userId === null || change.userId === session.userId);
  }
}
