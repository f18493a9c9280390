import type { FastifyInstance } from 'fastify';
import { createInviteEndpoint, joinInviteEndpoint, lookupInviteEndpoint } from '@rally/shared/api/teams';
import { deleteInviteEndpoint, listInvitesEndpoint } from '@rally/shared/api/team-settings';
import { translateError } from '@rally/shared/i18n/errors';
import { addEndpoint } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import { createInvite, deleteInvite, joinInvite, listInvites, lookupInvite } from './service';

export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, createInviteEndpoint, async ({ deps, access, body }) => ({ success: true as const, invite: await createInvite(deps.db, access, body) }));

  // Public: signed-out visitors see the invite too; ?user=true adds isMember for a signed-in one.
  addEndpoint(app, lookupInviteEndpoint, async ({ deps, params, query, userId }) => ({
    success: true as const,
    ...(await lookupInvite(deps.db, params.code, query.user === 'true' ? userId : null)),
  }));

  addEndpoint(app, joinInviteEndpoint, async ({ deps, request, userId, params }) => {
    const team = await joinInvite(deps, params.code, userId);
    return { success: true as const, team, message: translateError('invite_joined', requestLocale(request), { team: team.name }) };
  });

  addEndpoint(app, listInvitesEndpoint, async ({ deps, access }) => ({ success: true as const, invites: await listInvites(deps.db, access) }));

  addEndpoint(app, deleteInviteEndpoint, async ({ deps, access, params }) => {
    await deleteInvite(deps.db, access, params.code);
    return { success: true as const };
  });
}
