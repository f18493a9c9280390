import type { Category, Channel, Role, Team } from '@rally/shared/api/teams';
import type { Executor } from '../../db/client';
import { canView, loadAccessForUser, type TeamAccess } from '../permissions/access';
import { toCategory, toChannel, toRole, toTeam } from './mappers';

export interface TeamState {
  teams: Team[];
  channels: Channel[];
  categories: Category[];
  roles: Role[];
}

/** What a member sees of teams: the teams, the channels and categories they may view, the roles. */
export function teamStateOf(accesses: TeamAccess[]): TeamState {
  const state: TeamState = { teams: [], channels: [], categories: [], roles: [] };
  for (const access of accesses) {
    state.teams.push(toTeam(access.team));
    for (const row of access.channels) {
      if (!canView(access, row)) continue;
      if (row.type === 'category') state.categories.push(toCategory(row));
      else state.channels.push(toChannel(row));
    }
    state.roles.push(...access.roles.map(toRole));
  }
  return state;
}

/** The team part of READY for a user. */
export async function loadReadyState(db: Executor, userId: string): Promise<TeamState> {
  return teamStateOf(await loadAccessForUser(db, userId));
}
