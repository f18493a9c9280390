import type { FastifyInstance } from 'fastify';
import type { Channel, Team } from '@rally/shared/api/teams';
import { call } from '../../../test/helpers/app';
import type { TestUser } from '../../../test/helpers/users';

/** Test fixtures shared by the team, invite and message tests (through the API, as a client would). */

export async function createTeamVia(app: FastifyInstance, owner: TestUser, name = 'Raiders'): Promise<{ team: Team; general: Channel }> {
  const created = await call(app, 'POST', '/api/v1/teams', { cookie: owner.cookie, body: { name } });
  if (created.statusCode !== 201) throw new Error(`create team: ${created.statusCode} ${created.body}`);
  const team = created.json().createdTeam as Team;
  const listed = await call(app, 'GET', `/api/v1/teams/${team.id}/channels`, { cookie: owner.cookie });
  const general = (listed.json().channels as Channel[]).find((c) => c.name === 'general');
  if (!general) throw new Error('no general channel');
  return { team, general };
}

export async function createInviteVia(app: FastifyInstance, user: TestUser, teamId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, 'POST', '/api/v1/teams/invite', { cookie: user.cookie, body: { teamId, ...extra } });
  if (res.statusCode !== 200) throw new Error(`create invite: ${res.statusCode} ${res.body}`);
  return res.json().invite.code as string;
}

/** Make `joiner` a member of the owner's team through an invite. */
export async function joinVia(app: FastifyInstance, owner: TestUser, teamId: string, joiner: TestUser): Promise<void> {
  const code = await createInviteVia(app, owner, teamId);
  const res = await call(app, 'POST', `/api/v1/invites/${code}/join`, { cookie: joiner.cookie });
  if (res.statusCode !== 200) throw new Error(`join: ${res.statusCode} ${res.body}`);
}
