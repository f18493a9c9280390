import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/snowflake';
import { insertUser } from '../../src/modules/users/repository';
import { createSession } from '../../src/modules/auth/session-repository';
import { SESSION_COOKIE } from '../../src/modules/auth/authenticate';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  /** A Cookie header value that signs in as this user. */
  cookie: string;
  token: string;
}

/**
 * A signed-in user made through the repositories (fixture setup, so that tests of other features do
 * not depend on the captcha). The register flow itself is tested through its route.
 */
export async function createUser(app: FastifyInstance, name?: string): Promise<TestUser> {
  const suffix = randomBytes(3).toString('hex');
  const username = name ?? `user_${suffix}`;
  const id = newId();
  const email = `${username.replace(/\W/g, '')}_${suffix}@example.com`;
  await insertUser(app.db, {
    id,
    username,
    slug: `u-${suffix}-${id.slice(-6)}`,
    email,
    passwordHash: 'not-a-real-hash',
    birthdate: '2000-01-01',
    location: 'TR',
    consentAt: new Date(),
  });
  const token = await createSession(app.db, id, {});
  const signed = app.signCookie(token);
  return { id, username, email, token, cookie: `${SESSION_COOKIE}=${encodeURIComponent(signed)}` };
}
