import type { FastifyInstance } from 'fastify';
import { createTeamEndpoint, listTeamsEndpoint, teamChannelsEndpoint, teamMembersEndpoint } from '@rally/shared/api/teams';
import {
  changeOwnerEndpoint,
  deleteTeamEndpoint,
  myMemberEndpoint,
  reorderTeamsEndpoint,
  teamDetailsEndpoint,
  updateTeamEndpoint,
} from '@rally/shared/api/team-settings';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import { assertUploadUrl } from '../uploads/keys';
import { toTeam } from './mappers';
import { createTeam, listTeamMembers, listTeams, viewableChannels } from './service';
import { changeOwner, deleteTeam, myMember, reorderTeams, updateTeamSettings } from './settings-service';

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, createTeamEndpoint, async ({ deps, request, userId, body }) => {
    assertUploadUrl(app.config, 'profilePicture', body.profilePicture, 'teamIcon');
    const createdTeam = await createTeam(deps, userId, { ...body, locale: requestLocale(request) });
    return { success: true as const, createdTeam };
  });

  // Suspension does not exist yet: no team is suspended.
  addEndpoint(app, listTeamsEndpoint, async ({ deps, userId }) => ({
    success: true as const,
    teams: await listTeams(deps.db, userId),
    suspendedTeamLength: 0,
  }));

  addEndpoint(app, teamChannelsEndpoint, ({ access }) => ({ success: true as const, ...viewableChannels(access) }));

  addEndpoint(app, teamMembersEndpoint, async ({ deps, access }) => ({ success: true as const, members: await listTeamMembers(deps.db, access) }));

  addEndpoint(app, myMemberEndpoint, async ({ deps, access }) => ({ success: true as const, member: await myMember(deps, access) }));

  addEndpoint(app, teamDetailsEndpoint, ({ access }) => ({ success: true as const, team: toTeam(access.team) }));

  addEndpoint(app, updateTeamEndpoint, async ({ deps, access, body }) => {
    assertUploadUrl(app.config, 'profilePicture', body.profilePicture, 'teamIcon');
    assertUploadUrl(app.config, 'banner', body.banner, 'teamBanner');
    return { success: true as const, team: await updateTeamSettings({ ...deps, storage: app.storage }, access, body) };
  });

  addEndpoint(app, reorderTeamsEndpoint, async ({ deps, userId, body }) => {
    await reorderTeams(deps, userId, body);
    return { success: true as const };
  });

  addEndpoint(app, changeOwnerEndpoint, async ({ deps, access, body }) => ({ success: true as const, team: await changeOwner(deps, access, body.owner) }));

  addEndpoint(app, deleteTeamEndpoint, async ({ deps, access, body }) => {
    await deleteTeam({ ...deps, storage: app.storage }, access, body.name);
    return { success: true as const };
  });
}
