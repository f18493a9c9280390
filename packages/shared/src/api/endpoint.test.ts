import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, permissionSource } from './endpoint';

const response = z.object({ success: z.literal(true) });
const teamParams = z.object({ teamId: z.string() });

describe('defineEndpoint and a declared permission', () => {
  it('reads the id from params.teamId or params.channelId unless `from` names another place', () => {
    expect(permissionSource({ team: 'MANAGE_ROLES' })).toEqual({ part: 'params', key: 'teamId' });
    expect(permissionSource({ channel: 'SEND_MESSAGES' })).toEqual({ part: 'params', key: 'channelId' });
    expect(permissionSource({ team: 'owner', from: 'body.id' })).toEqual({ part: 'body', key: 'id' });
  });

  it('accepts a permission whose id every path and the schema name', () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      paths: ['/api/v1/teams/:teamId/roles', '/api/teams/:teamId/roles'],
      summary: 'roles',
      permission: { team: 'member' },
      params: teamParams,
      response,
    });
    expect(endpoint.permission).toEqual({ team: 'member' });
    const fromBody = defineEndpoint({
      method: 'DELETE',
      paths: ['/api/v1/teams'],
      summary: 'delete',
      permission: { team: 'owner', from: 'body.id' },
      body: z.object({ id: z.string() }),
      response,
    });
    expect(fromBody.permission).toEqual({ team: 'owner', from: 'body.id' });
  });

  it('refuses, when the module loads, a permission that cannot be checked as declared', () => {
    const base = { method: 'GET', summary: 'x', response } as const;
    expect(() =>
      defineEndpoint({ ...base, paths: ['/api/v1/teams/:teamId/roles', '/api/teams/:id/roles'], permission: { team: 'member' }, params: teamParams }),
    ).toThrow(/reads params.teamId, which \/api\/teams\/:id\/roles does not name/);
    expect(() => defineEndpoint({ ...base, paths: ['/api/v1/teams/:teamId/roles'], permission: { team: 'member' } })).toThrow(
      /the params schema does not name/,
    );
    expect(() =>
      defineEndpoint({ ...base, paths: ['/api/v1/invites'], permission: { team: 'CREATE_INVITES', from: 'body.teamId' }, body: z.object({ id: z.string() }) }),
    ).toThrow(/reads body.teamId, which the body schema does not name/);
    expect(() => defineEndpoint({ ...base, paths: ['/api/v1/teams/:teamId'], auth: 'public', permission: { team: 'member' }, params: teamParams })).toThrow(
      /public endpoint/,
    );
    expect(() => defineEndpoint({ ...base, paths: ['/api/v1/teams/:teamId'], permission: { none: ' ' }, params: teamParams })).toThrow(/needs the reason/);
  });
});
