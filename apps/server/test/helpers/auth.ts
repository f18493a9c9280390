import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { RegisterRequest } from '@rally/shared/api/auth';
import type { SelfUser } from '@rally/shared/api/users';
import { SESSION_COOKIE } from '../../src/modules/auth/authenticate';
import { call } from './app';

/**
 * Fetch a challenge from GET /api/v1/captcha and solve it as the widget does; the result is a
 * captchaToken (base64 JSON payload), good for one use.
 */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/captcha' });
  if (res.statusCode !== 200) throw new Error(`GET /api/v1/captcha answered ${res.statusCode}: ${res.body}`);
  return solveChallengeToken(res.json<Challenge>());
}

/** Solve a given challenge (e.g. one made in a test) into a captchaToken. */
export async function solveChallengeToken(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('captcha challenge could not be solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A valid registration body with a fresh username and email (no captcha token). */
export function registrationBody(overrides: Partial<RegisterRequest> = {}): Omit<RegisterRequest, 'captchaToken'> & { captchaToken?: string } {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `player_${suffix}`,
    email: `player_${suffix}@example.com`,
    password: 'correct horse',
    birthdate: { day: 14, month: 5, year: 2000 },
    consent: true,
    ...overrides,
  };
}

export interface Registration {
  response: LightMyRequestResponse;
  /** The body that was sent. */
  body: RegisterRequest;
  /** A Cookie header value that signs in as the new user; null when registration failed. */
  cookie: string | null;
  user: SelfUser | null;
}

/**
 * POST /api/v1/register with a solved captcha and a valid body (fields overridable), as the web
 * client sends it. Does not throw on failure: check `response`.
 */
export async function registerViaApi(
  app: FastifyInstance,
  overrides: Partial<RegisterRequest> = {},
  options: { headers?: Record<string, string> } = {},
): Promise<Registration> {
  const captchaToken = 'captchaToken' in overrides ? overrides.captchaToken : await solveCaptcha(app);
  const body = { ...registrationBody(overrides), captchaToken } as RegisterRequest;
  const response = await call(app, 'POST', '/api/v1/register', { body, headers: options.headers });
  const cookie = sessionCookieFrom(response);
  return { response, body, cookie, user: response.statusCode === 201 ? (response.json().user as SelfUser) : null };
}

/** The `rally_session=...` pair of a response's Set-Cookie, to send back as a Cookie header; null when none was set. */
export function sessionCookieFrom(response: LightMyRequestResponse): string | null {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const pair = all.find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
  return pair && pair !== `${SESSION_COOKIE}=` ? pair : null;
}
