import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';
import { ROUTES, routePath } from './routes';

describe('endpoint objects and their zod-free routes', () => {
  it('name the same endpoints with the same method and paths', () => {
    expect(Object.keys(ENDPOINTS)).toEqual(Object.keys(ROUTES));
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const route = ROUTES[name as keyof typeof ROUTES];
      expect({ method: endpoint.method, paths: endpoint.paths }, name).toEqual(route);
    }
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(routePath('teamChannels', { teamId: '12' })).toBe('/api/v1/teams/12/channels');
    expect(routePath('lookupInvite', { code: 'a/b c' })).toBe('/api/v1/invites/a%2Fb%20c');
    expect(() => routePath('joinInvite')).toThrow(/missing path parameter code/);
  });

  it('declare a permission wherever they take a team or channel id (or say why none is needed)', () => {
    const ids = /^(?:teamId|channelId)$/;
    const keys = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
    const undeclared = (Object.entries(ENDPOINTS) as [string, Endpoint][])
      .filter(
        ([, e]) => !e.permission && (e.paths.some((p) => /:(?:teamId|channelId)\b/.test(p)) || [...keys(e.params), ...keys(e.body)].some((k) => ids.test(k))),
      )
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });
});
