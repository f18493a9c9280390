import type { DispatchData, DispatchEvent, DispatchType } from '@rally/shared/gateway/protocol';
import { DM_VIEW, type Session } from './session';

/**
 * How an event changes what sessions may view (Revolt's "recalculate" model): the gateway applies
 * it to each session of its process, live or not, in bus order (router.ts), and on the way when a
 * dropped session catches up (resume.ts).
 *
 * - `join`: the sessions the event reaches start hearing the team and these channels and
 *   categories (their ids come with the event), before it is delivered.
 * - `leave`: the user's sessions (`userId`), or every session of the team (null), stop hearing the
 *   team and its channels, after the event is delivered to them.
 * - `forget`: every session stops hearing the channel, after the event is delivered to them.
 * - `recompute`: what the team's sessions (or only the user's, `userId`) may view there is loaded
 *   again through the permissions module, before the event is routed: a session that comes to
 *   see a channel gets a CHANNEL_CREATED for it (CATEGORY_CREATED for a category) unless the event
 *   itself, addressed to that channel, reaches it; one that no longer sees it a CHANNEL_DELETED
 *   (CATEGORY_DELETED). Events behind it wait for the load, so that each is filtered by the
 *   subscriptions in force at its position.
 */
export type VisibilityChange =
  | { kind: 'join'; teamId: string; channelIds: string[]; categoryIds: string[] }
  | { kind: 'leave'; teamId: string; userId: string | null }
  | { kind: 'forget'; channelId: string }
  | { kind: 'recompute'; teamId: string; userId: string | null };

type ChangeRows = { [K in DispatchType]?: (data: DispatchData<K>) => VisibilityChange | null };

const team = (teamId: string | null): VisibilityChange | null => (teamId ? { kind: 'recompute', teamId, userId: null } : null);

/**
 * The table: every event type that changes who sees what, and how. An event type not listed
 * changes nothing. Add a row when a new event changes memberships, roles, permissions, owners or
 * the channels themselves (CONTRIBUTING.md, "Add a live event").
 */
export const VISIBILITY_CHANGES = {
  USER_JOINED_TEAM: (d) => ({ kind: 'join', teamId: d.team.id, channelIds: d.channels.map((c) => c.id), categoryIds: d.categories.map((c) => c.id) }),
  USER_LEFT_TEAM: (d) => ({ kind: 'leave', teamId: d.teamId, userId: d.userId }),
  TEAM_DELETED: (d) => ({ kind: 'leave', teamId: d.teamId, userId: null }),
  CHANNEL_DELETED: (d) => ({ kind: 'forget', channelId: d.id }),
  CHANNEL_CREATED: (d) => team(d.teamId),
  CHANNEL_UPDATED: (d) => team(d.teamId),
  // A category's overwrites apply to its channels; deleting one moves or deletes them.
  CATEGORY_CREATED: (d) => team(d.teamId),
  CATEGORY_UPDATED: (d) => team(d.teamId),
  CATEGORY_DELETED: (d) => team(d.teamId),
  USER_ROLE_ADDED: (d) => ({ kind: 'recompute', teamId: d.teamId, userId: d.userId }),
  USER_ROLE_REMOVED: (d) => ({ kind: 'recompute', teamId: d.teamId, userId: d.userId }),
  ROLE_DELETED: (d) => team(d.teamId),
  TEAM_ROLES_UPDATED: (d) => team(d.teamId),
  // The owner may have changed (the owner sees every channel).
  TEAM_UPDATED: (d) => team(d.id),
  // A chat the member opened or was added to (sent to them only): its channel joins their direct chats.
  DM_CREATED: (d) => ({ kind: 'join', teamId: DM_VIEW, channelIds: [d.dm.id], categoryIds: [] }),
} satisfies ChangeRows;

const rows: ChangeRows = VISIBILITY_CHANGES;

/**
 * Events to a team whose data lists some of its channels or categories (their order): each session
 * is sent the list cut to the ones it may view, or nothing when none is left, so that an order
 * never tells a member of a channel hidden from them. They change nothing about who sees what (an
 * order never moves a channel to another category; a move is a CHANNEL_UPDATED, above).
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

/** What the event changes about who sees what, or null. */
export function changeOf(event: DispatchEvent): VisibilityChange | null {
  const row = rows[event.type] as ((data: DispatchEvent['data']) => VisibilityChange | null) | undefined;
  // (The row and the data belong to the same event type: the table's type pairs them.)
  return row ? row(event.data) : null;
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
