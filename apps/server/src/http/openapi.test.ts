import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '@rally/shared/api/endpoint';
import { ENDPOINTS } from '@rally/shared/api/endpoints';
import { withTestApp } from '../../test/helpers/app';

describe('endpoint objects, the route table and the OpenAPI document', () => {
  const ctx = withTestApp();

  const endpoints = Object.entries(ENDPOINTS) as [string, Endpoint][];

  it('registers every path of every endpoint object, and no API route without one', () => {
    const registered = new Set(ctx.app.routeTable.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`));
    const declared = new Set(endpoints.flatMap(([, e]) => e.paths.map((p) => `${e.method} ${p}`)));
    expect([...registered].sort()).toEqual([...declared].sort());
  });

  it('serves a valid OpenAPI 3.1 document with every endpoint, its auth and its schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, endpoint] of endpoints) {
      const op = doc.paths[endpoint.paths[0].replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(op?.operationId, name).toBe(name);
      expect(op.security, name).toEqual(endpoint.auth === 'user' ? [{ session: [] }] : []);
    }
    const login = doc.paths['/api/v1/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login.description).toBe('Also at /api/login.');
    const channels = doc.paths['/api/v1/teams/{teamId}/channels'].get;
    expect(channels.parameters).toEqual([expect.objectContaining({ name: 'teamId', in: 'path', required: true })]);
    expect(channels['x-rally-permission']).toEqual({ team: 'member', from: 'params.teamId' });
    expect(channels.description).toBe('Also at /api/teams/:teamId/channels. Permission: team member.');
    const invite = doc.paths['/api/v1/teams/invite'].post;
    expect(invite['x-rally-permission']).toEqual({ team: 'CREATE_INVITES', from: 'body.teamId' });
    expect(doc.paths['/api/v1/channels/{channelId}/messages'].post['x-rally-permission']).toEqual({ channel: 'SEND_MESSAGES', from: 'params.channelId' });
    expect(login['x-rally-permission']).toBeUndefined();
  });
});
