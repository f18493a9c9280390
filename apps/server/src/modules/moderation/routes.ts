import type { FastifyInstance } from 'fastify';
import { banMemberEndpoint, kickMemberEndpoint, leaveTeamEndpoint, listBansEndpoint, unbanMemberEndpoint } from '@rally/shared/api/moderation';
import { addEndpoint } from '../../http/endpoint';
import { banMember, kickMember, leaveTeam, listBans, unbanMember } from './service';

const done = { success: true as const };

export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, kickMemberEndpoint, async ({ deps, access, params }) => {
    await kickMember(deps, access, params.userId);
    return done;
  });

  addEndpoint(app, banMemberEndpoint, async ({ deps, access, params, body }) => {
    await banMember(deps, access, params.userId, body.reason);
    return done;
  });

  addEndpoint(app, unbanMemberEndpoint, async ({ deps, access, params }) => {
    await unbanMember(deps, access, params.userId);
    return done;
  });

  addEndpoint(app, listBansEndpoint, async ({ deps, access, query }) => ({ success: true as const, bans: await listBans(deps.db, access, query.limit) }));

  addEndpoint(app, leaveTeamEndpoint, async ({ deps, access }) => {
    await leaveTeam(deps, access);
    return done;
  });
}
