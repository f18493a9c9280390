import type { Category, Channel, Member, Role, Team } from '@rally/shared/api/teams';
import type { MeResponse } from '@rally/shared/api/users';
import { CloseCode, dispatchEventSchemas, readySchema, type DispatchEvent, type ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { applyServerMessage } from '../../features/messages/message-cache';
import { queryKeys } from '../query-keys';

/** What queryKeys.teamChannels holds. */
export interface TeamChannelsData {
  channels: Channel[];
  categories: Category[];
}

/**
 * The one place where live events change client state: each event becomes TanStack Query cache
 * writes on the keys that the screens read (DESIGN.md convention 4, no second store).
 */
export interface Dispatcher {
  ready(data: ReadyData): void;
  dispatch(event: DispatchEvent): void;
  /** Events were lost (the session could not be resumed): refetch everything. */
  sessionLost(): void;
  /** The server ended the connection for good; 4003 means we are not signed in any more. */
  terminated(code: number): void;
}

function isMembersKey(key: readonly unknown[]): boolean {
  return key.length === 3 && key[0] === 'teams' && key[2] === 'members';
}

function upsertById<T extends { id: string }>(list: T[], item: T): T[] {
  const i = list.findIndex((x) => x.id === item.id);
  if (i === -1) return [...list, item];
  const next = list.slice();
  next[i] = item;
  return next;
}

/** Payloads are validated on the way in; the original object is kept so fields not in the schema survive. */
function valid(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, data: unknown, what: string): boolean {
  const r = schema.safeParse(data);
  if (!r.success) console.warn(`gateway: ignoring invalid ${what}`, r.error);
  return r.success;
}

function seedTeam(qc: QueryClient, teamId: string, channels: Channel[], categories: Category[], roles: Role[]): void {
  qc.setQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId), {
    channels: channels.filter((c) => c.teamId === teamId),
    categories: categories.filter((c) => c.teamId === teamId),
  });
  qc.setQueryData<Role[]>(
    queryKeys.teamRoles(teamId),
    roles.filter((r) => r.teamId === teamId),
  );
}

export function createDispatcher(qc: QueryClient): Dispatcher {
  return {
    ready(data) {
      if (!valid(readySchema, data, 'READY')) return;
      qc.setQueryData<Team[]>(queryKeys.teams, data.teams);
      for (const team of data.teams) seedTeam(qc, team.id, data.channels, data.categories, data.roles);
      qc.setQueryData<MeResponse>(queryKeys.me, (old) => (old ? { ...old, user: { ...old.user, ...data.user } } : old));
    },

    dispatch(event) {
      const schema = dispatchEventSchemas[event.type as keyof typeof dispatchEventSchemas];
      if (!schema) return; // an event this client does not handle yet
      if (!valid(schema, event.data, event.type)) return;
      switch (event.type) {
        case 'MESSAGE_SEND':
          applyServerMessage(qc, event.data);
          return;
        case 'USER_JOINED_TEAM': {
          const { team, channels, categories, roles } = event.data;
          qc.setQueryData<Team[]>(queryKeys.teams, (old) => (old ? upsertById(old, team) : old));
          seedTeam(qc, team.id, channels, categories, roles);
          return;
        }
        case 'TEAM_MEMBER_ADDED': {
          const { teamId, member } = event.data;
          let known = false;
          qc.setQueryData<Member[]>(queryKeys.teamMembers(teamId), (old) => {
            if (!old) return old;
            known = old.some((m) => m.id === member.id);
            return upsertById(old, member);
          });
          if (!known) {
            qc.setQueryData<Team[]>(queryKeys.teams, (old) =>
              old?.map((t) => (t.id === teamId ? { ...t, memberCount: t.memberCount + 1 } : t)),
            );
          }
          return;
        }
        case 'PRESENCE_UPDATE': {
          const { userId, presence } = event.data;
          qc.setQueriesData<Member[]>({ predicate: (q) => isMembersKey(q.queryKey) }, (old) =>
            old?.some((m) => m.id === userId) ? old.map((m) => (m.id === userId ? { ...m, presence } : m)) : old,
          );
          qc.setQueryData<MeResponse>(queryKeys.me, (old) =>
            old && old.user.id === userId ? { ...old, user: { ...old.user, presence } } : old,
          );
          return;
        }
      }
    },

    sessionLost() {
      // Local-only keys (pending messages) have no server copy to refetch.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'local' });
    },

    terminated(code) {
      if (code === CloseCode.NOT_AUTHENTICATED) void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  };
}
