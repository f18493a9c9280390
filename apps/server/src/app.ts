import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Config } from './env';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import type { EventBus } from './bus/types';
import { MemoryBus } from './bus/memory-bus';
import { RedisBus } from './bus/redis-bus';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limit';
import { RedisRateLimiter } from './lib/redis-rate-limit';
import { resolveSecret } from './lib/secret';
import { AppError } from './lib/errors';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { BODY_LIMIT } from '@rally/shared/api/endpoint';
import { checkCsrf } from './http/csrf';
import { requestRegion } from './http/region';
import { recordRoutes } from './http/route-table';
import { useEndpointCompilers } from './http/endpoint';
import { urlPath } from './http/url-path';
import { authenticate } from './modules/auth/authenticate';
import { authRoutes } from './modules/auth/routes';
import { startSessionSweep, type SessionSweep } from './modules/auth/session-expiry';
import { userRoutes } from './modules/users/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { siteRoutes } from './modules/site/routes';
import { accountRoutes } from './modules/account/routes';
import { teamRoutes } from './modules/teams/routes';
import { inviteRoutes } from './modules/invites/routes';
import { channelRoutes } from './modules/channels/routes';
import { moderationRoutes } from './modules/moderation/routes';
import { roleRoutes } from './modules/roles/routes';
import { auditRoutes } from './modules/audit/routes';
import { messageRoutes } from './modules/messages/routes';
import { messageActionRoutes } from './modules/messages/action-routes';
import { pinRoutes } from './modules/pins/routes';
import { reactionRoutes } from './modules/reactions/routes';
import { reportRoutes } from './modules/reports/routes';
import { friendRoutes } from './modules/friends/routes';
import { dmRoutes } from './modules/dms/routes';
import { searchRoutes } from './modules/search/routes';
import { readStateRoutes } from './modules/read-states/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { uploadContentType } from './modules/uploads/service';
import { createStorage, type Storage } from './modules/uploads/storage';
import { emojiRoutes } from './modules/emojis/routes';
import { mediaRoutes } from './modules/media/routes';
import { healthRoutes, REGION_EXEMPT_PATHS } from './modules/health/routes';
import { attachGateway, type Gateway } from './gateway/gateway';
import { upgradeRoutes, type UpgradeRoutes } from './http/upgrades';
import { createVoiceRuntime, type VoiceRuntime } from './modules/voice/runtime';
import { voiceRoutes } from './modules/voice/routes';
import { presenceRoutes } from './modules/presence/routes';
import { scheduledMessageRoutes } from './modules/scheduled-messages/routes';
import { startScheduler, type Scheduler } from './modules/scheduled-messages/scheduler';
import { profileRoutes } from './modules/profiles/routes';
import { ProfileUpdates } from './modules/profiles/updates';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { devMailRoutes } from './modules/mail/dev-routes';
import { connectionRoutes } from './modules/connections/routes';
import { requestForLog } from './http/log-redaction';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    databaseKind: DatabaseHandle['kind'];
    bus: EventBus;
    rateLimiter: RateLimiter;
    /** Where uploaded files live (modules/uploads/storage): one per app, for the upload routes and the team emoji. */
    storage: Storage;
    /** Outgoing mail (modules/mail): SMTP when SMTP_URL is set, otherwise the database outbox. */
    mailer: Mailer;
    /** USER_PROFILE_UPDATED of each user, coalesced (modules/profiles/updates.ts). */
    profileUpdates: ProfileUpdates;
    gateway: Gateway;
    /** The WebSocket endpoints of the HTTP server by path (http/upgrades.ts). */
    upgrades: UpgradeRoutes;
    /** Voice: the SFU process and who is in which channel (modules/voice/runtime.ts). */
    voice: VoiceRuntime;
    /** The periodic deletion of expired sessions (modules/auth/session-expiry.ts). */
    sessionSweep: SessionSweep;
    /** The poller that sends scheduled messages when they are due (modules/scheduled-messages/scheduler.ts). */
    scheduler: Scheduler;
    /** Secret for signing (cookies, captcha challenges). */
    secret: string;
  }
}

export interface AppDependencies {
  /** An open database to use instead of opening one from the config (tests share one per file). */
  database?: DatabaseHandle;
  bus?: EventBus;
  rateLimiter?: RateLimiter;
  /** Where log lines go instead of stdout (tests read what the server logs). */
  logStream?: NodeJS.WritableStream;
}

/** Build the whole server without listening: tests call `inject`, server.ts calls `listen`. */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, serializers: { req: requestForLog }, ...(deps.logStream && { stream: deps.logStream }) },
    trustProxy: false,
    bodyLimit: BODY_LIMIT.DEFAULT,
    ...connectionTimeouts(config),
    forceCloseConnections: true,
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
  });

  const database = deps.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const bus = deps.bus ?? (config.REDIS_URL ? await RedisBus.connect(config.REDIS_URL, config.REDIS_PREFIX) : new MemoryBus());
  const rateLimiter =
    deps.rateLimiter ?? (config.REDIS_URL ? await RedisRateLimiter.connect(config.REDIS_URL, `${config.REDIS_PREFIX}rl:`) : new MemoryRateLimiter());

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('bus', bus);
  app.decorate('rateLimiter', rateLimiter);
  app.decorate('storage', createStorage(config, uploadContentType));
  app.decorate('secret', resolveSecret(config));
  app.decorate('mailer', createMailer(config, database.db, app.log));
  app.decorate('profileUpdates', new ProfileUpdates({ db: database.db, bus, log: app.log }, config.PROFILE_COALESCE_MS));
  app.decorateRequest('userId', null);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('region', null as never);

  app.decorate('upgrades', upgradeRoutes(app.server));
  app.decorate('voice', createVoiceRuntime({ secret: app.secret, settings: config, bus, db: database.db, log: app.log }));
  recordRoutes(app);
  useEndpointCompilers(app);
  await registerSecurityHeaders(app, config);
  await app.register(cookie, { secret: app.secret });
  installErrorHandler(app);

  app.addHook('onRequest', async (request) => {
    request.region = requestRegion(config, request);
    if (!request.url.startsWith('/api/')) return;
    if (!request.region.allowed && !REGION_EXEMPT_PATHS.includes(urlPath(request.url))) throw new AppError(451, 'region_unavailable');
    checkCsrf(config, request);
    await authenticate(request);
  });

  for (const routes of [
    healthRoutes,
    authRoutes,
    userRoutes,
    twoFactorRoutes,
    sessionRoutes,
    onboardingRoutes,
    siteRoutes,
    accountRoutes,
    teamRoutes,
    inviteRoutes,
    moderationRoutes,
    roleRoutes,
    channelRoutes,
    auditRoutes,
    messageRoutes,
    messageActionRoutes,
    pinRoutes,
    reactionRoutes,
    emojiRoutes,
    reportRoutes,
    friendRoutes,
    dmRoutes,
    searchRoutes,
    readStateRoutes,
    uploadRoutes,
    mediaRoutes,
    presenceRoutes,
    scheduledMessageRoutes,
    profileRoutes,
    connectionRoutes,
    devMailRoutes,
    voiceRoutes,
  ])
    await app.register(routes);
  await serveWebClient(app, config);

  const gateway = attachGateway(app);
  app.decorate('gateway', gateway);
  await gateway.ready;
  app.decorate(
    'sessionSweep',
    startSessionSweep(database.db, (err) => app.log.warn({ err }, 'expired session sweep failed')),
  );

  app.decorate(
    'scheduler',
    startScheduler(
      { db: database.db, bus, log: app.log },
      { intervalMs: config.SCHEDULER_INTERVAL_MS, onError: (err) => app.log.error({ err }, 'scheduled messages: sending failed') },
    ),
  );

  app.addHook('preClose', async () => {
    await app.sessionSweep.stop();
    await app.scheduler.stop();
    await app.profileUpdates.drain();
    await gateway.shutdown();
  });
  app.addHook('onClose', async () => {
    // Mails under way are written (the outbox needs the database) or handed to the SMTP server first.
    await app.mailer.close();
    await app.voice.close();
    await app.storage.close();
    if (!deps.bus) await bus.close();
    if (!deps.rateLimiter) await rateLimiter.close();
    if (!deps.database) await database.close();
  });
  return app;
}

/** How long a request's headers may take to arrive (at most the whole request's time). */
const HEADERS_TIMEOUT_MS = 30_000;
/** How long an idle keep-alive connection stays open between requests (Fastify's default; longer than the 60 s of common proxies). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** A connection on which nothing moves either way for this long is closed (a client that neither sends nor reads). */
const CONNECTION_IDLE_TIMEOUT_MS = 120_000;

/**
 * Fastify's and Node's connection timeouts (SECURITY.md, "Slow and broken requests"): the headers
 * within HEADERS_TIMEOUT_MS, the whole request (headers and body) within HTTP_REQUEST_TIMEOUT_MS,
 * else 408 and the connection closed (http/error-handler.ts answers it); idle keep-alive and idle
 * connections closed. Node checks the first two every tenth of the shorter one. An upload's body is
 * also stopped when it sends nothing for UPLOAD_IDLE_TIMEOUT_MS (modules/uploads/receive.ts).
 */
function connectionTimeouts(config: Config) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: CONNECTION_IDLE_TIMEOUT_MS,
    http: { requestTimeout, headersTimeout, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, connectionsCheckingInterval: Math.ceil(headersTimeout / 10) },
  };
}

/**
 * The built web client: its files (precompressed .br/.gz beside them, written by the build), hashed
 * assets cached for a year, and index.html for every other non-API path (client-side routing).
 */
async function serveWebClient(app: FastifyInstance, config: Config): Promise<void> {
  const root = path.resolve(config.WEB_DIST);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No web client at ${root}; run "npm run build" to serve it.`);
    return;
  }
  const files = new Set(listFiles(root).filter((f) => !/\.(?:br|gz)$/.test(f)));
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  app.get('/*', async (request, reply) => {
    const pathname = decodeURIComponent(urlPath(request.url)); // malformed escapes never get here: Fastify answers 400
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    const file = pathname.slice(1);
    if (file !== 'index.html' && files.has(file)) return reply.sendFile(file);
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });
}

/** Paths of every file under `dir`, relative to it, with forward slashes. */
function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]));
}
