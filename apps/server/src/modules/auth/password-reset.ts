import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Config } from '../../env';
import { notFound } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates';
import { findUserByEmail } from '../users/repository';
import { hashPassword } from './password';
import { deleteUserSessions, insertResetToken, isLiveResetToken, setPasswordHash, spendResetToken, spendUserResetTokens } from './password-reset-repository';
import type { SessionSockets } from './service';
import { hashToken } from './session-repository';
import { countAttempt } from './throttle';

/** A reset link works for an hour. */
export const RESET_TOKEN_TTL_MS = 3_600_000;

export interface PasswordResetDeps {
  db: Database;
  config: Config;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  /** The gateway, to close the sockets of the sessions a reset ends. */
  sockets: SessionSockets;
}

const invalidToken = () => notFound('reset_token_invalid');

/** The page of the web client that takes the token (spec 000 §2: /resetpassword/{token}). */
export const resetLink = (config: Pick<Config, 'PUBLIC_URL'>, token: string): string =>
  new URL(`/resetpassword/${encodeURIComponent(token)}`, config.PUBLIC_URL).href;

/**
 * Mail a reset link to the account of `email`, if there is one (not a system or bot account). The
 * caller is told nothing either way: the answer is the same, and the mail goes out after it
 * (Mailer.send does not wait). Requests are counted per e-mail address (RATE_LIMIT_PASSWORD_RESET_EMAIL)
 * whether or not it has an account, so that the limit tells nothing either; the per-address limit is
 * the endpoint's. The token is 32 random bytes, stored only as its SHA-256.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string): Promise<void> {
  await countAttempt(deps.rateLimiter, `password-reset:email:${email.toLowerCase()}`, deps.config.RATE_LIMIT_PASSWORD_RESET_EMAIL);
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.system || user.bot) return;
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(deps.db, { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  deps.mailer.send(passwordResetMail(user.email, user.settings.locale, user.username, resetLink(deps.config, token)));
}

/** Check a token before the form is shown: 404 reset_token_invalid when unknown, used or expired. */
export async function findPasswordReset(deps: PasswordResetDeps, token: string): Promise<void> {
  if (!(await isLiveResetToken(deps.db, hashToken(token)))) throw invalidToken();
}

/**
 * Set a new password with a token. In one transaction: the token is spent (a conditional update, so
 * a token works once even under concurrent use), the password changes, the user's other unused
 * tokens are spent, and every session of the user is deleted; after the commit, their sockets are
 * closed on every process (as logout does). The token is checked before the slow argon2 hash, so
 * garbage tokens cost nothing.
 */
export async function resetPassword(deps: PasswordResetDeps, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  if (!(await isLiveResetToken(deps.db, tokenHash))) throw invalidToken();
  const passwordHash = await hashPassword(password);
  const endedSessions = await deps.db.transaction(async (tx) => {
    const userId = await spendResetToken(tx, tokenHash);
    if (!userId) throw invalidToken();
    await setPasswordHash(tx, userId, passwordHash);
    await spendUserResetTokens(tx, userId);
    return deleteUserSessions(tx, userId);
  });
  deps.sockets.closeSessionsOfTokenHashes(endedSessions);
}
