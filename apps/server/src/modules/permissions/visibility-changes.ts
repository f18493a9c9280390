import type { DispatchData, DispatchEvent, DispatchType } from '@rally/shared/gateway/protocol';

/**
 * The key under which a gateway session's `teams` hold the user's direct chats, as one more "team"
 * of channels (not a snowflake, so no team has it): channel audiences then reach a chat's members
 * like any channel's viewers, and a resume keeps them. No team event is addressed to it.
 */
export const DM_VIEW = 'dm';

/**
 * How an event changes what members may view (Revolt's "recalculate" model). Two readers apply it
 * on every server process, in bus order: the gateway to its sessions (gateway/router.ts, and
 * resume.ts when a dropped session catches up), and voice to the participants of the SFU nodes the
 * process holds (modules/voice/access-watch.ts: whoever may no longer view or connect to their
 * voice channel is taken out of it).
 *
 * - `join`: the sessions the event reaches start hearing the team and these channels and
 *   categories (their ids come with the event), before it is delivered.
 * - `leave`: the user (`userId`), or every member of the team (null), is out of the team; their
 *   sessions stop hearing it after the event is delivered to them.
 * - `forget`: the channel of the team is gone; every session stops hearing it after the event is
 *   delivered to them.
 * - `recompute`: what the team's members (or only the user, `userId`) may view there is loaded
 *   again through the permissions module, before the event is routed: a session that comes to
 *   see a channel gets a CHANNEL_CREATED for it (CATEGORY_CREATED for a category) unless the event
 *   itself, addressed to that channel, reaches it; one that no longer sees it a CHANNEL_DELETED
 *   (CATEGORY_DELETED). Events behind it wait for the load, so that each is filtered by the
 *   subscriptions in force at its position.
 */
export type VisibilityChange =
  | { kind: 'join'; teamId: string; channelIds: string[]; categoryIds: string[] }
  | { kind: 'leave'; teamId: string; userId: string | null }
  | { kind: 'forget'; teamId: string; channelId: string }
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
  CHANNEL_DELETED: (d) => ({ kind: 'forget', teamId: d.teamId, channelId: d.id }),
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

/** What the event changes about who sees what, or null. */
export function changeOf(event: DispatchEvent): VisibilityChange | null {
  const row = rows[event.type] as ((data: DispatchEvent['data']) => VisibilityChange | null) | undefined;
  // (The row and the data belong to the same event type: the table's type pairs them.)
  return row ? row(event.data) : null;
}
