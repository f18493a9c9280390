import { escapeMarkdown } from '@rally/shared/markdown/escape';
import { systemMessageText } from '@rally/shared/i18n/system-messages';
import { birthdateText, type LoginRequest, type RegisterRequest } from '@rally/shared/api/auth';
import { DEFAULT_USER_SETTINGS, type SelfUser } from '@rally/shared/api/users';
import type { Locale } from '@rally/shared/i18n/errors';
import type { Database } from '../../db/client';
import { emailVerificationRequired, type Config } from '../../env';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { Publisher } from '../../lib/events';
import type { RateLimiter } from '../../lib/rate-limit';
import { newId } from '../../lib/snowflake';
import { publishFriendship } from '../friends/events';
import { befriendAtRegistration } from '../friends/invite-service';
import { findUserByEmail, insertUser, toSelfUser } from '../users/repository';
import { consumeCaptcha } from './captcha';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { publishSessionCreated, publishSessionsRevoked } from '../sessions/events';
import { createSession, deleteSession, openSession } from './session-repository';
import { uniqueSlug } from './slug';
import { requireSecondFactor } from './step-up';
import { loginFailureKeys, recentLoginFailures, recordLoginFailure } from './throttle';
import { insertSystemMessage } from '../dms/system';
import type { Mailer } from '../mail/mailer';
import { mailVerificationLink } from '../account/verification';

/** `bus`: registration with a friend code tells the inviter of their new friend. */
export interface AuthDeps extends Publisher {
  db: Database;
  config: Config;
  /** Registration mails the verification link when the server requires verified addresses. */
  mailer: Mailer;
  /** HMAC key of captcha challenges. */
  secret: string;
  rateLimiter: RateLimiter;
}

/** Who is asking: the client address (rate limits, session record), its region and language. */
export interface ClientContext {
  address: string;
  userAgent?: string;
  location: 'TR' | 'other';
  locale: Locale;
}

export interface SignedIn {
  user: SelfUser;
  /** The new session's token, for the cookie. */
  token: string;
}

const EMAIL_INDEX = 'users_email_lower_idx';
const SLUG_INDEX = 'users_slug_lower_idx';
const emailTaken = () => conflict('email_taken', { email: 'email_taken' });

/**
 * Create an account and its first session. The captcha is spent first (so that one solution cannot
 * probe several emails); the user and the session are written in one transaction. The consent
 * rule (TR) is part of the request schema. A friendCode makes the new user and the code's owner
 * friends in the same transaction (friends/invite-service.ts befriendAtRegistration; an unknown code
 * refuses the registration with the field error friendCode); FRIEND_ACCEPTED follows the commit.
 * The new user's system chat opens with a welcome, in the same transaction (dms/system.ts).
 * When the server requires verified addresses (env.ts emailVerificationRequired) the account starts
 * unverified and a verification link is mailed after the commit; otherwise it counts as verified.
 */
export async function register(deps: AuthDeps, input: RegisterRequest, client: ClientContext): Promise<SignedIn> {
  await consumeCaptcha(deps.db, deps.secret, input.captchaToken);
  const passwordHash = await hashPassword(input.password);
  const requireVerification = emailVerificationRequired(deps.config);
  const birthdate = birthdateText(input.birthdate);
  for (let attempt = 0; ; attempt++) {
    try {
      const { signedIn, friend } = await deps.db.transaction(async (tx) => {
        if (await findUserByEmail(tx, input.email)) throw emailTaken();
        const row = await insertUser(tx, {
          id: newId(),
          username: input.username,
          slug: await uniqueSlug(tx, input.username),
          email: input.email,
          passwordHash,
          birthdate,
          location: client.location,
          consentAt: input.consent === true ? new Date() : null,
          verified: !requireVerification,
          settings: { ...DEFAULT_USER_SETTINGS, locale: client.locale },
        });
        const friend = input.friendCode ? { ...(await befriendAtRegistration(tx, row, input.friendCode)), newUser: row } : null;
        // The welcome in the new user's system chat (nobody is connected as them yet: nothing to publish).
        await insertSystemMessage(
          tx,
          row.id,
          systemMessageText('welcome', client.locale, { username: escapeMarkdown(row.username), slug: escapeMarkdown(row.slug) }),
        );
        const token = await createSession(tx, row.id, { userAgent: client.userAgent, ip: client.address });
        return { signedIn: { user: toSelfUser(row), token }, friend };
      });
      if (friend) await publishFriendship(deps, friend.friendship, friend.newUser, friend.inviter);
      if (requireVerification) await mailVerificationLink(deps, { ...signedIn.user, locale: client.locale });
      return signedIn;
    } catch (err) {
      // A concurrent registration won the race for the email or the slug.
      const constraint = uniqueViolation(err);
      if (constraint === EMAIL_INDEX) throw emailTaken();
      if (constraint === SLUG_INDEX && attempt < 2) continue;
      throw err;
    }
  }
}

/**
 * Sign in with email and password. After LOGIN_FAILURES_BEFORE_CAPTCHA recent failures for the
 * email or the address, a solved captcha is required (400 captcha_required on captchaToken, which
 * makes the client show the widget). Wrong credentials answer the same whether the email exists or
 * not, after the same argon2 work. The right password clears the email's failures, and the address's too when
 * this login solved a captcha (otherwise one's own account could wipe the count between guesses at
 * other accounts). With 2FA on, a right password is answered 401 two_factor_required (the '2FA'
 * marker) until the request carries a right app or backup code (step-up.ts requireSecondFactor).
 */
export async function login(deps: AuthDeps, input: LoginRequest, client: ClientContext): Promise<SignedIn> {
  const keys = loginFailureKeys(input.email, client.address);
  let solvedCaptcha = false;
  if ((await recentLoginFailures(deps.rateLimiter, keys)) >= deps.config.LOGIN_FAILURES_BEFORE_CAPTCHA) {
    if (!input.captchaToken) throw badRequest('captcha_required', { captchaToken: 'captcha_required' });
    await consumeCaptcha(deps.db, deps.secret, input.captchaToken);
    solvedCaptcha = true;
  }
  const row = await findUserByEmail(deps.db, input.email);
  const valid = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!row || !valid) {
    await recordLoginFailure(deps.rateLimiter, keys);
    throw new AppError(401, 'invalid_credentials');
  }
  await deps.rateLimiter.reset(keys.email);
  if (solvedCaptcha) await deps.rateLimiter.reset(keys.address);
  // With 2FA on, the password alone is not enough: 401 '2FA' until the body carries a right code
  // (tries counted per user there). The failures were cleared first: the retry with the code needs
  // no second captcha (the first one is spent).
  await requireSecondFactor(deps, deps.db, row, input);
  const session = await openSession(deps.db, row.id, { userAgent: client.userAgent, ip: client.address });
  await publishSessionCreated(deps, row.id, session.row);
  return { user: toSelfUser(row), token: session.token };
}

/** What logout needs of the gateway (modules do not import it; the app passes `app.gateway`). */
export interface SessionSockets {
  /** Close the sockets opened with this session token. */
  closeSessionsOfToken(sessionToken: string): void;
  /** Close the sockets of these sessions (by token hash), on every process: a password reset ends them all. */
  closeSessionsOfTokenHashes(tokenHashes: readonly string[]): void;
}

/** End a session (if any) and close the gateway connections that it opened; the user's other sessions hear of it (SESSIONS_REVOKED). */
export async function logout(deps: Publisher & { db: Database }, gateway: SessionSockets, token: string | null): Promise<void> {
  if (!token) return;
  const ended = await deleteSession(deps.db, token);
  gateway.closeSessionsOfToken(token);
  if (ended) await publishSessionsRevoked(deps, ended.userId, [ended.tokenHash]);
}
