import type { MeResponse } from '@rally/shared/api/users';
import type { ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { queryKeys } from '../../lib/query-keys';
import {
  addRoleToMember,
  removeCategory,
  removeChannel,
  removeMember,
  removeRole,
  removeRoleFromMember,
  removeTeamFromList,
  seedTeam,
  setCategoryPlaces,
  setChannelPlaces,
  setTeamList,
  setTeamListOrder,
  setTeamRoles,
  updateTeamInList,
  upsertCategory,
  upsertChannel,
  upsertMember,
  upsertRole,
  upsertTeamInList,
} from './cache';

const isMe = (qc: QueryClient, userId: string) => qc.getQueryData<MeResponse | null>(queryKeys.me)?.user.id === userId;

/** READY: the teams, and each team's channels, categories and roles. */
export function applyTeamsReady(qc: QueryClient, data: ReadyData): void {
  setTeamList(qc, data.teams);
  for (const team of data.teams) seedTeam(qc, team.id, data);
}

export const teamEvents = {
  USER_JOINED_TEAM(qc, data) {
    upsertTeamInList(qc, data.team);
    seedTeam(qc, data.team.id, data);
  },

  TEAM_MEMBER_ADDED(qc, { teamId, member }) {
    if (!upsertMember(qc, teamId, member)) updateTeamInList(qc, teamId, (t) => ({ ...t, memberCount: t.memberCount + 1 }));
  },

  // The gateway sends CHANNEL_CREATED / CATEGORY_CREATED for what the user comes to see (new, or
  // newly allowed), CHANNEL_DELETED / CATEGORY_DELETED for what they no longer see (deleted, or hidden).
  CHANNEL_CREATED: (qc, channel) => upsertChannel(qc, channel),
  CHANNEL_UPDATED: (qc, channel) => upsertChannel(qc, channel),
  CHANNEL_DELETED: (qc, { id, teamId }) => removeChannel(qc, teamId, id),
  CATEGORY_CREATED: (qc, category) => upsertCategory(qc, category),
  CATEGORY_UPDATED: (qc, category) => upsertCategory(qc, category),
  CATEGORY_DELETED: (qc, { id, teamId }) => removeCategory(qc, teamId, id),
  // An order, cut by the gateway to what the user sees: each named channel or category takes its place.
  CHANNELS_PRIORITY_UPDATED: (qc, { teamId, channels }) => setChannelPlaces(qc, teamId, channels),
  CATEGORIES_PRIORITY_UPDATED: (qc, { teamId, categories }) => setCategoryPlaces(qc, teamId, categories),

  USER_ROLE_ADDED: (qc, { teamId, userId, roleId }) => addRoleToMember(qc, teamId, userId, roleId),
  USER_ROLE_REMOVED: (qc, { teamId, userId, roleId }) => removeRoleFromMember(qc, teamId, userId, roleId),
  ROLE_CREATED: (qc, role) => upsertRole(qc, role),
  ROLE_DELETED: (qc, { teamId, roleId }) => removeRole(qc, teamId, roleId),
  TEAM_ROLES_UPDATED: (qc, { teamId, roles }) => setTeamRoles(qc, teamId, roles),
  TEAM_UPDATED: (qc, team) => updateTeamInList(qc, team.id, () => team),
  /** The user's team list in the order they gave it on this or another device. */
  TEAMS_PRIORITY_UPDATED: (qc, { teamIds }) => setTeamListOrder(qc, teamIds),

  /** The user themself left (or was removed): the team goes; someone else: out of the member list. */
  USER_LEFT_TEAM(qc, { teamId, userId }) {
    if (isMe(qc, userId)) {
      removeTeamFromList(qc, teamId);
    } else {
      removeMember(qc, teamId, userId);
      updateTeamInList(qc, teamId, (t) => ({ ...t, memberCount: Math.max(0, t.memberCount - 1) }));
    }
  },
  TEAM_DELETED: (qc, { teamId }) => removeTeamFromList(qc, teamId),
} satisfies FeatureEventHandlers;
