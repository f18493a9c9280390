import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/helpers/app';
import type { TestUser } from '../../../test/helpers/factories';

/** Test fixtures of the invite tests, through the API as a client would (other fixtures: test/helpers/factories.ts). */

export async function createInviteVia(app: FastifyInstance, user: TestUser, teamId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, 'POST', '/api/v1/teams/invite', { cookie: user.cookie, body: { teamId, ...extra } });
  if (res.statusCode !== 200) throw new Error(`create invite: ${res.statusCode} ${res.body}`);
  return res.json().invite.code as string;
}
