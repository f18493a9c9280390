import type { StepUp } from '@rally/shared/api/auth';
import { emailVerificationRequired } from '../../env';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, tooManyRequests } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../auth/password';
import { setPasswordHash } from '../auth/password-reset-repository';
import { hashToken } from '../auth/session-repository';
import { emailChangedMail } from '../mail/templates';
import { publishProfileUpdate, type ProfileDeps } from '../profiles/service';
import { findUserByEmail, type SignedInUser } from '../users/repository';
import { requireSecondFactor } from '../auth/step-up';
import type { AccountDeps } from './deps';
import { deleteOtherSessions, deleteUserVerifications, findPasswordHash, updateEmail, updateSlug, updateUsername } from './repository';
import { mailVerificationLink, publishEmailChanged } from './verification';
import { publishSessionsRevoked } from '../sessions/events';

const SLUG_INDEX = 'users_slug_lower_idx';
const EMAIL_INDEX = 'users_email_lower_idx';
const wrongPassword = () => badRequest('password_incorrect', { password: 'password_incorrect' });

/** Wrong passwords a user may give these calls in a window; beyond it every attempt is 429, the right password too. */
const PASSWORD_FAILURES = { count: 10, windowMs: 15 * 60_000 };
const passwordFailureKey = (userId: string) => `account:password-failures:${userId}`;

/**
 * Whether `password` is the user's (400 password_incorrect on `password` otherwise). Wrong ones are
 * counted per user, so that a stolen session cannot guess the password through these calls.
 */
async function checkPassword(deps: AccountDeps, userId: string, password: string): Promise<void> {
  const key = passwordFailureKey(userId);
  if ((await deps.rateLimiter.peek(key)).count >= PASSWORD_FAILURES.count) throw tooManyRequests(PASSWORD_FAILURES.windowMs);
  const passwordHash = await findPasswordHash(deps.db, userId);
  if (passwordHash !== null && (await verifyPassword(passwordHash, password))) return;
  await deps.rateLimiter.hit(key, PASSWORD_FAILURES.count, PASSWORD_FAILURES.windowMs);
  throw wrongPassword();
}

/**
 * The check of a sensitive call (slug, view e-mail, e-mail change, deletion): the caller's password
 * (checkPassword), then their second factor when they have one. Every such service calls this
 * before it changes or tells anything.
 */
export async function confirmIdentity(deps: AccountDeps, user: SignedInUser, password: string, stepUp: StepUp): Promise<void> {
  await checkPassword(deps, user.id, password);
  await requireSecondFactor(deps, deps.db, user, stepUp);
}

/**
 * POST /api/v1/me/profile/username (000 §5; the schema trimmed and checked it). An unchanged name
 * writes nothing; a change goes to the user's circle as USER_PROFILE_UPDATED {username}.
 */
export async function changeUsername(deps: ProfileDeps, userId: string, username: string): Promise<string> {
  if (await updateUsername(deps.db, userId, username)) await publishProfileUpdate(deps, { userId, username });
  return username;
}

/** POST /api/v1/me/profile/slug: with the password; a slug taken by anyone else (case-insensitive) is 409 slug_taken on `slug`. */
export async function changeSlug(deps: AccountDeps, user: SignedInUser, input: { slug: string; password: string } & StepUp): Promise<string> {
  await confirmIdentity(deps, user, input.password, input);
  try {
    await updateSlug(deps.db, user.id, input.slug);
  } catch (err) {
    if (uniqueViolation(err) === SLUG_INDEX) throw conflict('slug_taken', { slug: 'slug_taken' });
    throw err;
  }
  return input.slug;
}

/** POST /api/v1/me/email (view e-mail): the address, unmasked, for the password. */
export async function viewEmail(deps: AccountDeps, user: SignedInUser, input: { password: string } & StepUp): Promise<string> {
  await confirmIdentity(deps, user, input.password, input);
  return user.email;
}

/**
 * POST /api/v1/me/email/change: with the password, to an address no other account has (409
 * email_taken) and not the current one (400 email_unchanged). When verification is required the
 * account becomes unverified, its earlier links are deleted and the new address gets one; the
 * sessions get EMAIL_CHANGED and the old address a notice.
 */
export async function changeEmail(
  deps: AccountDeps,
  user: SignedInUser,
  input: { email: string; password: string } & StepUp,
): Promise<{ email: string; verified: boolean }> {
  if (input.email.toLowerCase() === user.email.toLowerCase()) throw badRequest('email_unchanged', { email: 'email_unchanged' });
  await confirmIdentity(deps, user, input.password, input);
  const taken = () => conflict('email_taken', { email: 'email_taken' });
  const verified = !emailVerificationRequired(deps.config);
  try {
    await deps.db.transaction(async (tx) => {
      const owner = await findUserByEmail(tx, input.email);
      if (owner && owner.id !== user.id) throw taken();
      await updateEmail(tx, user.id, input.email, verified);
      await deleteUserVerifications(tx, user.id);
    });
  } catch (err) {
    if (uniqueViolation(err) === EMAIL_INDEX) throw taken();
    throw err;
  }
  const locale = user.settings.locale;
  if (!verified) await mailVerificationLink(deps, { id: user.id, email: input.email, username: user.username, locale });
  deps.mailer.send(emailChangedMail(user.email, locale, user.username, input.email));
  await publishEmailChanged(deps, user.id, input.email, verified);
  return { email: input.email, verified };
}

/**
 * POST /api/v1/me/profile/password (000 §5): the old password must be right (400 password_incorrect
 * on `password`, the spec's errors.password); in one transaction the new hash is set and every other
 * session of the user ends (this one stays), their sockets are closed and this one hears which ended
 * (SESSIONS_REVOKED).
 */
export async function changePassword(
  deps: AccountDeps,
  user: SignedInUser,
  sessionToken: string,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  await checkPassword(deps, user.id, input.oldPassword);
  const newHash = await hashPassword(input.newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, newHash);
    return deleteOtherSessions(tx, user.id, hashToken(sessionToken));
  });
  deps.sockets.closeSessionsOfTokenHashes(ended);
  await publishSessionsRevoked(deps, user.id, ended);
}
