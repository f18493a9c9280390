import { z } from 'zod';
import { ALLOWED_REGIONS_DEFAULT, TIMING } from '@rally/shared/limits';
import { parseProxyEntry } from './http/trusted-proxy';
import { mediaSettingsSchema } from './sfu/config';
import { voiceNodeSettingsSchema } from './modules/voice/settings';
import { rateSetting } from './lib/rate-setting';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A rate limit written as "COUNT/SECONDS", e.g. "10/3600". */
const rate = rateSetting;

const urlString = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** Every setting of the server, from environment variables. See README "Configuration". */
const settingsSchema = z.object({
  // ---- voice: the SFU the server runs (sfu/config.ts); README "Voice", docs/voice.md. ----
  ...mediaSettingsSchema.shape,
  ...voiceNodeSettingsSchema.shape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The address users open; unset, http://HOST:PORT (defaultPublicUrl). */
  PUBLIC_URL: urlString(['http:', 'https:']).optional(),
  /** A request's headers and body must all arrive within this many ms, or it is answered 408 and its connection closed (SECURITY.md). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlString(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlString(['redis:', 'rediss:']).optional(),
  /** Prefix of every Redis key and channel, so that several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().min(1).default('rally:'),
  /** Outgoing mail (modules/mail): nodemailer to this server; unset, mails go to the database outbox (DEV_PAGES). */
  SMTP_URL: urlString(['smtp:', 'smtps:']).optional(),
  /** The sender of outgoing mail: an address, or "Name <address>". */
  MAIL_FROM: z.string().min(3).max(256).default('Rally <no-reply@localhost>'),
  // ---- connections (modules/connections); README "Connections". Without a client id, the built-in stand-in (DEV_PAGES). ----
  KICK_CLIENT_ID: z.string().min(1).max(256).optional(),
  KICK_CLIENT_SECRET: z.string().min(1).max(512).optional(),
  KICK_AUTHORIZE_URL: urlString(['http:', 'https:']).default('https://id.kick.com/oauth/authorize'),
  KICK_TOKEN_URL: urlString(['http:', 'https:']).default('https://id.kick.com/oauth/token'),
  KICK_USER_URL: urlString(['http:', 'https:']).default('https://api.kick.com/public/v1/users'),
  TWITCH_CLIENT_ID: z.string().min(1).max(256).optional(),
  TWITCH_CLIENT_SECRET: z.string().min(1).max(512).optional(),
  TWITCH_AUTHORIZE_URL: urlString(['http:', 'https:']).default('https://id.twitch.tv/oauth2/authorize'),
  TWITCH_TOKEN_URL: urlString(['http:', 'https:']).default('https://id.twitch.tv/oauth2/token'),
  TWITCH_USER_URL: urlString(['http:', 'https:']).default('https://api.twitch.tv/helix/users'),
  /** How long Rally waits for a provider's token or user endpoint before giving up (connection_provider_timeout). */
  OAUTH_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  /**
   * Whether an account must verify its e-mail address (a mailed link) before it sends messages or
   * turns on two-factor sign-in: `required`, `off`, or unset: required when mail can be delivered
   * (SMTP_URL set), off on the outbox (a fresh local server stays usable).
   */
  EMAIL_VERIFICATION: z.enum(['required', 'off']).optional(),
  /** Comma-separated ISO country codes, or * to allow every region. */
  ALLOWED_REGIONS: z
    .string()
    .default(ALLOWED_REGIONS_DEFAULT.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^([A-Z]{2}|\*)$/, 'must be two-letter country codes separated by commas, or *')).min(1)),
  /** Header set by the trusted reverse proxy with the visitor's country. */
  COUNTRY_HEADER: z
    .string()
    .min(1)
    .default('cf-ipcountry')
    .transform((v) => v.toLowerCase()),
  /** Country assumed for loopback and private addresses that carry no country header. */
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[a-z]{2}$/i, 'must be a two-letter country code')
    .default('TR')
    .transform((v) => v.toUpperCase()),
  /**
   * Comma-separated addresses or CIDR networks of reverse proxies whose X-Forwarded-For and country
   * header are trusted, besides loopback (e.g. a container network: 172.18.0.0/16).
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine((entry) => parseProxyEntry(entry) !== null, 'must be IP addresses or CIDR networks (10.0.0.0/8), comma-separated'))),
  /** Secret for cookie signing and captcha challenges; at least 32 characters. Made and kept in DATA_DIR when unset. */
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  /** ALTCHA difficulty: the largest number a client may have to try. */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  RATE_LIMIT_REGISTER: rate.prefault('10/3600'),
  RATE_LIMIT_LOGIN: rate.prefault('20/300'),
  /** Password reset requests per client address, and per e-mail address, per window. */
  RATE_LIMIT_PASSWORD_RESET: rate.prefault('10/3600'),
  RATE_LIMIT_PASSWORD_RESET_EMAIL: rate.prefault('3/3600'),
  /** Security reports (the /security page's form) per client address per window. */
  RATE_LIMIT_SECURITY_REPORT: rate.prefault('5/3600'),
  // ---- the operator and the public pages (modules/site); README "Configuration". ----
  /** Who runs this Rally: named in the legal pages and the contact page. */
  OPERATOR_NAME: z.string().min(1).max(200).default('Rally'),
  /** The operator's contact address (legal pages, data-protection requests). */
  OPERATOR_EMAIL: z.string().min(3).max(254).default('privacy@localhost'),
  /** The operator's postal address (legal pages; the distance sales agreement names it). */
  OPERATOR_ADDRESS: z.string().min(1).max(500).optional(),
  /** Where the security page's reports are mailed; OPERATOR_EMAIL when unset. */
  SECURITY_EMAIL: z.string().min(3).max(254).optional(),
  /** A folder of the operator's own legal pages (LEGAL_DIR/{en,tr}/{page}.md); a page it lacks comes from Rally's own. */
  LEGAL_DIR: z.string().min(1).optional(),
  /** The Windows app's download URL (GET /api/github/latest/windows); unset, the download page says it is not available yet. */
  DOWNLOAD_WINDOWS_URL: urlString(['https:', 'http:']).optional(),
  /** Failed logins (per email and per address) after which a captcha is required. */
  LOGIN_FAILURES_BEFORE_CAPTCHA: z.coerce.number().int().min(0).default(3),
  WEB_DIST: z.string().default('apps/web/dist'),
  // ---- uploads (modules/uploads); README "Uploads". Local files unless S3_BUCKET is set. ----
  /** Directory of uploaded files; default DATA_DIR/uploads (a fresh temporary directory when DATA_DIR is memory://). */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** S3-compatible object storage: the bucket turns it on; the endpoint for anything but AWS (MinIO, R2, …; path-style addressing). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: urlString(['http:', 'https:']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL of the bucket's objects (a CDN); unset: Rally serves them itself at /uploads/…. */
  S3_PUBLIC_URL: urlString(['http:', 'https:']).optional(),
  /** An upload's body that sends nothing for this many ms is answered 408 and its connection closed (modules/uploads/receive.ts). */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Add the database and bus kinds and the socket count to /api/v1/health (for operators; off for the public). */
  HEALTH_DETAILS: bool.default(false),
  /**
   * How often the scheduler looks for scheduled messages that are due (modules/scheduled-messages);
   * a message scheduled through this process wakes it at its time as well.
   */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  /**
   * The development outbox page (/dev/outbox), served only while mail goes to the outbox (no
   * SMTP_URL): unset, to loopback visitors only (a laptop); true, to every visitor; false, never.
   */
  DEV_PAGES: bool.optional(),
  // ---- gateway (/api/v1/ws); see docs/gateway-protocol.md. Defaults are the protocol's; tests shorten them. ----
  /** Heartbeat interval told to clients in READY. */
  GATEWAY_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(10).default(TIMING.heartbeatIntervalMs),
  /** A socket that sends no frame for this long is closed with SESSION_TIMEOUT. */
  GATEWAY_HEARTBEAT_TIMEOUT_MS: z.coerce.number().int().min(20).default(TIMING.heartbeatTimeoutMs),
  /** How long a dropped session can be resumed. */
  GATEWAY_RESUME_WINDOW_MS: z.coerce.number().int().min(100).default(TIMING.resumeWindowMs),
  /** How long a new socket waits for a first frame (RESUME) before READY starts a fresh session. */
  GATEWAY_RESUME_WAIT_MS: z.coerce.number().int().min(0).default(250),
  /** Most events replayed on RESUME (and kept unacknowledged per session); beyond it, INVALID_SESSION. */
  GATEWAY_REPLAY_BUFFER: z.coerce.number().int().min(1).default(1000),
  /** Client frames allowed per socket, as COUNT/SECONDS; more closes the socket with RATE_LIMITED. */
  GATEWAY_FRAME_RATE: rate.prefault('120/60'),
  /** Sockets one user may hold at once on one server process; another is closed with TOO_MANY_CONNECTIONS. */
  GATEWAY_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(16),
  /** Client frames of all of one user's sockets together (per process), as COUNT/SECONDS; more closes the socket with RATE_LIMITED. */
  GATEWAY_USER_FRAME_RATE: rate.prefault('360/60'),
  /** Sockets one user may open (per process), as COUNT/SECONDS; more are closed with RATE_LIMITED. */
  GATEWAY_USER_CONNECT_RATE: rate.prefault('30/60'),
  /** PRESENCE_UPDATE frames of one user within this many ms make one write and at most one event. */
  GATEWAY_PRESENCE_COALESCE_MS: z.coerce.number().int().min(0).default(500),
  /**
   * After a user's profile change (username, custom status, activity, avatar, banner) is told to
   * their circle, the ones they make within this many ms are told together, once, when it ends
   * (modules/profiles/updates.ts); 0 tells each change at once.
   */
  PROFILE_COALESCE_MS: z.coerce.number().int().min(0).default(500),
  /**
   * With Redis: a server process that has not renewed its presence registration for this long is
   * taken for stopped, and its users' sessions are taken off them (offline unless connected
   * elsewhere). Longer than a client's reconnect delay (10 s), so that a restart does not flicker.
   */
  GATEWAY_PRESENCE_TTL_MS: z.coerce.number().int().min(30).default(30_000),
  /**
   * Whether sockets going live and closing change presence (online with the first socket, offline
   * after the last). Always on in production; tests about other frame sequences turn it off so
   * that presence events do not interleave with what they count (PRESENCE_UPDATE frames and
   * POST /api/v1/me/presence still work).
   */
  GATEWAY_PRESENCE_ON_CONNECT: bool.default(true),
  /** Largest client frame in bytes. */
  GATEWAY_MAX_PAYLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(256)
    .default(16 * 1024),
  /** A socket whose unsent output exceeds this (a slow consumer) is dropped; it may resume. */
  GATEWAY_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
});

/**
 * PUBLIC_URL when it is not set: where the server listens, http://HOST:PORT, with `localhost` for a
 * HOST of every address (0.0.0.0, ::), so that the legal pages, mails and origin checks name the port
 * the server really serves.
 */
export function defaultPublicUrl(config: { HOST: string; PORT: number }): string {
  const anyAddress = config.HOST === '0.0.0.0' || config.HOST === '::';
  const host = anyAddress ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/**
 * The settings, and the rules between them: the S3 variables need S3_BUCKET, and S3_BUCKET needs its
 * keys; PUBLIC_URL follows HOST and PORT when it is unset.
 */
export const configSchema = settingsSchema
  .superRefine((config, ctx) => {
    if (config.SFU_NODES.length > 0 && !config.SFU_SECRET) ctx.addIssue({ code: 'custom', path: ['SFU_SECRET'], message: 'is required with SFU_NODES' });
    for (const provider of ['KICK', 'TWITCH'] as const) {
      const [id, secret] = [`${provider}_CLIENT_ID`, `${provider}_CLIENT_SECRET`] as const;
      if (config[id] && !config[secret]) ctx.addIssue({ code: 'custom', path: [secret], message: `is required with ${id}` });
      if (config[secret] && !config[id]) ctx.addIssue({ code: 'custom', path: [id], message: `is required with ${secret}` });
    }
    if (!config.S3_BUCKET) {
      for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const) {
        if (config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'needs S3_BUCKET' });
      }
      return;
    }
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with S3_BUCKET' });
    }
  })
  .transform((config) => ({ ...config, PUBLIC_URL: config.PUBLIC_URL ?? defaultPublicUrl(config) }));

export type Config = z.output<typeof configSchema>;

/** Whether accounts must verify their e-mail address (EMAIL_VERIFICATION, else whether SMTP_URL is set). */
export function emailVerificationRequired(config: Pick<Config, 'EMAIL_VERIFICATION' | 'SMTP_URL'>): boolean {
  return config.EMAIL_VERIFICATION ? config.EMAIL_VERIFICATION === 'required' : config.SMTP_URL !== undefined;
}

/** Whether users reach Rally over https (PUBLIC_URL): Secure cookies, HSTS, upgrade-insecure-requests. */
export function servesHttps(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return new URL(config.PUBLIC_URL).protocol === 'https:';
}
export type ConfigInput = z.input<typeof configSchema>;

export class ConfigError extends Error {}

/** Parse the environment once. A bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in settingsSchema.shape && v !== ''));
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** A full config for tests and tools: defaults plus overrides. */
export function testConfig(overrides: Partial<ConfigInput> = {}): Config {
  return configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', CAPTCHA_MAX_NUMBER: 1000, ...overrides });
}
