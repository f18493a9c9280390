import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@rally/shared/api/common';
import type { Endpoint, UserRateLimitName } from '@rally/shared/api/endpoint';
import { ENDPOINTS } from '@rally/shared/api/endpoints';
import { RATE_LIMITS } from '@rally/shared/limits';
import { call, withTestApp } from '../helpers/app';
import { makeMember, makeRole, makeTeam, makeUser, type TestUser } from '../helpers/factories';
import type { RouteEntry } from '../../src/http/route-table';
import { makeEmoji } from '../../src/modules/emojis/testing';
import { userRateKey } from '../../src/lib/rate-limit';
import { BAD_PARAMS, BAD_QUERY_VALUES, BAD_RAW_BODIES, BAD_VALUES, baseValue, harvestFieldNames } from './inputs';

/**
 * Every API route, walked with generated bad input: wrong types, nulls, arrays, NUL and control
 * characters, ids at and beyond the 64-bit bounds, oversized strings and bodies, malformed JSON,
 * wrong content types. No answer may be a 5xx, and every refusal has the API's error shape. A new
 * route is covered without writing anything here: the routes are every path of every endpoint
 * object (http/openapi.test.ts checks that the server registers exactly these under /api), one test
 * each, so that a failure names its route and each route has a time budget of its own.
 */
const USER_RATE_LIMITS = Object.keys(RATE_LIMITS) as UserRateLimitName[];

const API_ROUTES: RouteEntry[] = (Object.values(ENDPOINTS) as Endpoint[]).flatMap((e) => e.paths.map((url) => ({ method: e.method, url })));

/** The contract modules whose schemas name the fields to fuzz. */
const API_DIR = fileURLToPath(new URL('../../../../packages/shared/src/api/', import.meta.url));
let FIELDS: string[] = [];

interface Outcome {
  request: string;
  status: number;
  body: string;
}

describe('fuzzing every API route', () => {
  // Generous address limits: the bad bodies must reach validation, the worst case.
  const ctx = withTestApp({
    RATE_LIMIT_LOGIN: '100000/60',
    RATE_LIMIT_REGISTER: '100000/60',
    RATE_LIMIT_PASSWORD_RESET: '100000/60',
    RATE_LIMIT_PASSWORD_RESET_EMAIL: '100000/60',
    RATE_LIMIT_SECURITY_REPORT: '100000/60',
    LOGIN_FAILURES_BEFORE_CAPTCHA: 100000,
  });
  let owner: TestUser;
  /** Real ids for parameters and fields, so that requests also get past the lookups. */
  const ids: Record<string, string> = {};
  const failures: Outcome[] = [];
  let requests = 0;

  beforeAll(async () => {
    const files = fs.readdirSync(API_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    FIELDS = harvestFieldNames(await Promise.all(files.map((f) => import(pathToFileURL(path.join(API_DIR, f)).href) as Promise<Record<string, unknown>>)));
    expect(FIELDS).toEqual(expect.arrayContaining(['content', 'email', 'name', 'teamId']));
  });

  /**
   * A new owner with a team of their own, a member, a role, an emoji, an invite and a message, for each route:
   * what one route's requests change or delete (a channel, the team, a membership) cannot take the
   * next route's requests off their path.
   */
  async function makeFixtures(): Promise<void> {
    owner = await makeUser(ctx.app);
    const team = await makeTeam(ctx.app, owner, { name: 'Fuzz' });
    const member = await makeUser(ctx.app);
    await makeMember(ctx.app, team.teamId, member);
    Object.assign(ids, {
      teamId: team.teamId,
      channelId: team.generalId,
      categoryId: team.categoryId,
      userId: member.id,
      roleId: await makeRole(ctx.app, team.teamId, { name: 'fuzzed', permissions: 0 }),
      emojiId: (await makeEmoji(ctx.app, team.teamId, 'fuzzed')).id,
    });
    const invite = await call(ctx.app, 'POST', '/api/v1/teams/invite', { cookie: owner.cookie, body: { teamId: ids.teamId } });
    ids.code = invite.json().invite.code;
    ids.replyTo = (
      await call(ctx.app, 'POST', `/api/v1/channels/${ids.channelId}/messages`, { cookie: owner.cookie, body: { content: 'first' } })
    ).json().message.id;
  }

  /** Statuses seen per route: each must have been reached signed in (logout ends the session it is called with). */
  const statuses = new Map<string, Set<number>>();

  async function send(description: string, options: InjectOptions): Promise<LightMyRequestResponse> {
    requests++;
    // The per-user limits would answer 429 before the valid requests reach the database; the fuzz wants them to.
    await Promise.all(USER_RATE_LIMITS.map((name) => ctx.app.rateLimiter.reset(userRateKey(name, owner.id))));
    const res = await ctx.app.inject(options);
    const route = description.split(' ').slice(0, 2).join(' ');
    if (!statuses.has(route)) statuses.set(route, new Set());
    statuses.get(route)!.add(res.statusCode);
    if (res.statusCode >= 500) failures.push({ request: description, status: res.statusCode, body: res.body.slice(0, 300) });
    else if (res.statusCode >= 400) {
      let shapeOk: boolean;
      try {
        const body = res.json();
        shapeOk = body.success === false && typeof body.message === 'string' && body.message.length > 0 && typeof body.code === 'string';
      } catch {
        shapeOk = false;
      }
      if (!shapeOk) failures.push({ request: description, status: res.statusCode, body: `not the error shape: ${res.body.slice(0, 300)}` });
    }
    return res;
  }

  const headers = (extra: Record<string, string> = {}) => ({ [CSRF_HEADER]: '1', cookie: owner.cookie, ...extra });
  const fill = (url: string, params: Record<string, string>) => url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? ids[name] ?? '1');
  const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!); // group 1 always takes part in a match
  const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
  const baseBody = () => Object.fromEntries(FIELDS.map((f) => [f, baseValue(f, ids)]).filter(([, v]) => v !== undefined));
  /** The fields a refusal names. */
  const errorKeys = (res: LightMyRequestResponse): string[] => {
    try {
      return Object.keys(res.json().errors ?? {});
    } catch {
      return [];
    }
  };
  /** What a response says, for telling whether a query parameter mattered. */
  const signature = (res: LightMyRequestResponse) => {
    let errors: string;
    try {
      errors = JSON.stringify(Object.keys(res.json().errors ?? {}).sort()) + String(res.json().code);
    } catch {
      errors = '';
    }
    return `${res.statusCode}:${errors}`;
  };

  async function fuzzRoute(route: RouteEntry): Promise<void> {
    const { method, url } = route;
    await makeFixtures();
    const label = `${method} ${url}`;
    const target = fill(url, {});
    const inject = (path: string, extra: Partial<InjectOptions> = {}): InjectOptions => ({
      method,
      url: path,
      headers: headers(),
      ...extra,
    });

    // Which fields the route reads, found without side effects: the ones an empty body is refused
    // for, and the ones an object value is refused for (no validated field accepts one). One body
    // with every field an object names them all at once (a schema reports every field's error);
    // only when it names none (a body that is not an object schema) is each field tried alone.
    if (hasBody(method)) {
      const emptyErrors = errorKeys(await send(`${label} {}`, inject(target, { payload: {} })));
      const read = new Set(emptyErrors);
      const objects = Object.fromEntries(FIELDS.map((field) => [field, { fuzz: [1] }]));
      const named = errorKeys(await send(`${label} every field: object`, inject(target, { payload: objects })));
      for (const field of named) if (FIELDS.includes(field)) read.add(field);
      for (const field of named.length > 0 ? [] : FIELDS) {
        if (read.has(field)) continue;
        const probe = await send(`${label} ${field}: object`, inject(target, { payload: { [field]: { fuzz: [1] } } }));
        if (errorKeys(probe).includes(field)) read.add(field);
      }
      // The fields it reads get every bad value, in an otherwise plausible body and alone.
      for (const field of read) {
        const plausible = baseValue(field, ids);
        const derived = typeof plausible === 'string' ? [`${plausible}\u0000`, `\u0000${plausible}`, `${plausible}\u001f`] : [];
        for (const bad of [...BAD_VALUES, ...derived]) {
          const shown = JSON.stringify(bad)?.slice(0, 40);
          await send(`${label} ${field}: ${shown}`, inject(target, { payload: { ...baseBody(), [field]: bad } }));
          await send(`${label} ${field}: ${shown} alone`, inject(target, { payload: { [field]: bad } }));
        }
      }

      // Whole bodies.
      for (const raw of BAD_RAW_BODIES) {
        await send(
          `${label} body: ${raw.what}`,
          inject(target, { payload: raw.payload, headers: headers({ 'content-type': raw.contentType ?? 'application/json' }) }),
        );
      }
      // The limit the server registered the route with (the endpoint's bodyLimit), else Fastify's.
      const registered = ctx.app.routeTable.find((r) => r.method === method && r.url === url);
      const limit = registered?.bodyLimit ?? ctx.app.initialConfig.bodyLimit ?? 1024 * 1024;
      const oversized = await send(
        `${label} body over its limit`,
        inject(target, { payload: JSON.stringify({ content: 'x'.repeat(limit) }), headers: headers({ 'content-type': 'application/json' }) }),
      );
      expect(oversized.statusCode, `${label} body over its limit`).toBe(413);
      await send(
        `${label} body of 1 MB`,
        inject(target, { payload: '{"a":"' + 'x'.repeat(1024 * 1024) + '"}', headers: headers({ 'content-type': 'application/json' }) }),
      );
    }

    // Query parameters: every harvested name, probed (without a body: no side effects); the ones the
    // route reads get every bad value, alone and repeated. All names at once first: when that
    // changes nothing, the route reads none of them, and they are not tried one by one.
    const plain = signature(await send(`${label} (plain)`, inject(target)));
    const everyName = FIELDS.map((field) => `${field}=%00`).join('&');
    const readsQuery = signature(await send(`${label} ?every name=%00`, inject(`${target}?${everyName}`))) !== plain;
    for (const field of readsQuery ? FIELDS : []) {
      const probe = await send(`${label} ?${field}=%00`, inject(`${target}?${field}=%00`));
      if (signature(probe) === plain) continue;
      for (const bad of BAD_QUERY_VALUES) {
        await send(`${label} ?${field}=${bad.slice(0, 40)}`, inject(`${target}?${field}=${bad}`));
        await send(`${label} ?${field}=${bad.slice(0, 40)} twice`, inject(`${target}?${field}=${bad}&${field}=${bad}`));
      }
    }

    // Path parameters, one at a time.
    for (const name of paramNames(url)) {
      for (const bad of BAD_PARAMS) await send(`${label} ${name}=${bad}`, inject(fill(url, { [name]: bad }), hasBody(method) ? { payload: baseBody() } : {}));
    }
  }

  for (const route of API_ROUTES) {
    const label = `${route.method} ${route.url}`;
    it(`${label}: no 5xx, and the error shape on every refusal`, async () => {
      await fuzzRoute(route);
      // Signed out too.
      await send(`${label} signed out`, { method: route.method, url: fill(route.url, {}), headers: { [CSRF_HEADER]: '1' } });
      expect([...(statuses.get(label) ?? [])], `${label} reached signed in`).not.toEqual([401]);
      expect(failures.splice(0), `bad answers of ${label}`).toEqual([]);
    }, 120_000); // a few hundred requests: a second or two on an idle machine
  }

  it('answers unknown and malformed paths with the error shape, after over a thousand requests in all', async () => {
    for (const path of [
      '/api/v1/%zz',
      '/api/v1/teams/%E0%A4%A/channels',
      '/api/v1/' + 'a/'.repeat(500),
      '/api/v1/teams/1/channels?%zz=1',
      '/api/v1/channels/1/messages?before[]=1',
    ]) {
      await send(`GET ${path}`, { method: 'GET', url: path, headers: headers() });
    }
    expect(failures.splice(0)).toEqual([]);
    expect(API_ROUTES.length).toBeGreaterThan(10);
    expect(requests).toBeGreaterThan(1000);
  });
});
