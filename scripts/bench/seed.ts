import { createHash, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import { RALLY_EPOCH } from '@rally/shared/ids';
import { DEFAULT_USER_SETTINGS, TOUR_STEPS } from '@rally/shared/api/users';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client';
import { channels, memberRoles, roles, sessions, teamMembers, teams, users } from '../../apps/server/src/db/schema';

/**
 * Direct database set-up for the bench. Users and sessions are inserted here rather than registered
 * through the API: registration is argon2id-hashed and captcha-gated by design (and rate limited),
 * which would make 1,000 sign-ups the slowest part of the bench while measuring nothing the bench is
 * about. The session rows are what the server itself writes (sha256 of a random token), and the
 * cookie is signed with the server's COOKIE_SECRET exactly as @fastify/cookie signs it.
 * (PGlite: the server holds the data directory's lock, so this runs while no server is running.)
 */

export const SESSION_COOKIE = 'rally_session';

export interface BenchUser {
  id: string;
  username: string;
  /** Cookie header value that signs in as this user. */
  cookie: string;
}

export function openBenchDatabase(target: { dataDir?: string; databaseUrl?: string }): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: target.dataDir ?? 'memory://', databaseUrl: target.databaseUrl, poolSize: 4 });
}

/** A snowflake for `ms` with a sequence number (worker 1023, reserved for the bench). */
/**
 * The sequence number each bulk seeding puts in its message ids (one id per millisecond each): the
 * sections of one backend share its database and seed minutes apart over overlapping hours, so the
 * kinds differ in their low bits and never collide.
 */
const SEEDED_SEQUENCE = { history: 0, search: 1, chat: 2 } as const;

function snowflakeAt(ms: number, sequence: number): string {
  return ((BigInt(ms - RALLY_EPOCH) << 22n) | (1023n << 12n) | BigInt(sequence & 4095)).toString();
}

export async function seedUsers(handle: DatabaseHandle, count: number, cookieSecret: string): Promise<BenchUser[]> {
  const start = Date.now() - 86_400_000;
  const out: BenchUser[] = [];
  const tag = randomBytes(3).toString('hex');
  for (let from = 0; from < count; from += 250) {
    const batch = Array.from({ length: Math.min(250, count - from) }, (_, k) => {
      const i = from + k;
      const id = snowflakeAt(start + i, i);
      const username = `bench${i}`;
      const token = randomBytes(32).toString('base64url');
      return { id, username, token, slug: `bench-${tag}-${i}` };
    });
    await handle.db.insert(users).values(
      batch.map((u) => ({
        id: u.id,
        username: u.username,
        slug: u.slug,
        email: `${u.slug}@bench.invalid`,
        passwordHash: 'bench-no-password',
        verified: true,
        birthdate: '2000-01-01',
        location: 'TR',
        consentAt: new Date(),
        settings: DEFAULT_USER_SETTINGS,
        // Users who have been here before: the welcome tour's dialog would cover the web client's views.
        appTourIsFinished: true,
        appTour: Object.fromEntries(TOUR_STEPS.map((step) => [step, 'skipped'])),
      })),
    );
    await handle.db.insert(sessions).values(
      batch.map((u) => ({
        tokenHash: createHash('sha256').update(u.token).digest('hex'),
        userId: u.id,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      })),
    );
    for (const u of batch) {
      out.push({ id: u.id, username: u.username, cookie: `${SESSION_COOKIE}=${encodeURIComponent(fastifyCookie.sign(u.token, cookieSecret))}` });
    }
  }
  return out;
}

/**
 * `count` messages in one channel with increasing snowflake ids (one per millisecond, ending an hour
 * ago), in batches of INSERT ... SELECT generate_series.
 */
export async function seedMessages(
  handle: DatabaseHandle,
  channelId: string,
  authorId: string,
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const firstMs = Date.now() - 3_600_000 - count;
  const base = BigInt(snowflakeAt(firstMs, SEEDED_SEQUENCE.history));
  const batch = 100_000;
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch) - 1;
    await handle.db.execute(
      sql.raw(
        `INSERT INTO messages (id, channel_id, author_id, content, type, created_at)
         SELECT ${base}::bigint + (g::bigint << 22), ${BigInt(channelId)}::bigint, ${BigInt(authorId)}::bigint,
                'seeded message number ' || g || ' of the history benchmark', 'text',
                to_timestamp((${firstMs}::bigint + g) / 1000.0)
         FROM generate_series(${from}, ${to}) AS g`,
      ),
    );
    onProgress?.(to + 1);
  }
  await handle.db.execute(sql.raw('ANALYZE messages'));
}

/** Roles of the member-list section's team: a member list shows each member's roles, so most hold one or two. */
const MEMBER_ROLES = ['Veterans', 'Raiders', 'Crafters', 'Streamers', 'Moderators'];

/**
 * Make `members` members of the team as rows (joining through the API would be the invite join of
 * the budgets section, 10,000 times), one per second of joining time, with the team's member count:
 * five roles, one held by five members of six and a second by one in ten. (PGlite: run while no server runs.)
 */
export async function seedMembers(handle: DatabaseHandle, teamId: string, members: readonly BenchUser[]): Promise<void> {
  const start = Date.now() - 86_400_000;
  const roleIds = MEMBER_ROLES.map((_, i) => snowflakeAt(start - 1000 + i, 4000 + i));
  await handle.db.insert(roles).values(MEMBER_ROLES.map((name, i) => ({ id: roleIds[i]!, teamId, name, priority: i + 1, permissions: 0 }))); // i < 5
  for (let from = 0; from < members.length; from += 1000) {
    const batch = members.slice(from, from + 1000);
    await handle.db.insert(teamMembers).values(batch.map((m, k) => ({ teamId, userId: m.id, joinedAt: new Date(start + (from + k) * 1000) })));
    const held = batch.flatMap((m, k) => {
      const i = from + k;
      const first = i % 6 === 0 ? [] : [roleIds[i % 5]!]; // i % 5 < 5
      const second = i % 10 === 0 ? [roleIds[(i + 2) % 5]!] : [];
      return [...new Set([...first, ...second])].map((roleId) => ({ teamId, userId: m.id, roleId }));
    });
    if (held.length) await handle.db.insert(memberRoles).values(held);
  }
  await handle.db
    .update(teams)
    .set({ memberCount: sql`${teams.memberCount} + ${members.length}` })
    .where(eq(teams.id, teamId));
  for (const table of ['team_members', 'member_roles', 'users']) await handle.db.execute(sql.raw(`ANALYZE ${table}`));
}

/**
 * The words of the search section's messages: `common` in one message of three, each of `words`
 * in one of 50 (one per message), each of `verbs` in one of 40, `rare` in one of 10,000 (one of
 * 10,000 codes per message), and each message's own number.
 */
export const SEARCH_VOCABULARY = {
  common: 'the',
  words: [
    'raid',
    'boss',
    'tournament',
    'stream',
    'guild',
    'quest',
    'loot',
    'dungeon',
    'arena',
    'clan',
    'match',
    'ranked',
    'patch',
    'server',
    'lobby',
    'squad',
    'sniper',
    'healer',
    'tank',
    'mage',
    'rogue',
    'paladin',
    'dragon',
    'castle',
    'portal',
    'potion',
    'sword',
    'shield',
    'armor',
    'helmet',
    'map',
    'spawn',
    'respawn',
    'checkpoint',
    'speedrun',
    'glitch',
    'lag',
    'ping',
    'fps',
    'controller',
    'keyboard',
    'headset',
    'mic',
    'voice',
    'emote',
    'skin',
    'season',
    'battlepass',
    'league',
    'trophy',
  ],
  verbs: [
    'join',
    'leave',
    'win',
    'lose',
    'play',
    'queue',
    'craft',
    'build',
    'farm',
    'grind',
    'level',
    'trade',
    'sell',
    'buy',
    'upgrade',
    'equip',
    'heal',
    'revive',
    'carry',
    'defend',
    'attack',
    'capture',
    'explore',
    'train',
    'practice',
    'watch',
    'clip',
    'share',
    'invite',
    'meet',
    'start',
    'finish',
    'retry',
    'skip',
    'vote',
    'ban',
    'pick',
    'swap',
    'rotate',
    'push',
  ],
  rare: 'code4242',
} as const;

/** `names` text channels of the team (rows), after its existing ones. Returns their ids. */
export async function seedChannels(handle: DatabaseHandle, teamId: string, names: readonly string[]): Promise<string[]> {
  const start = Date.now() - 86_400_000;
  const rows = names.map((name, i) => ({ id: snowflakeAt(start + i, 3000 + i), teamId, type: 'text' as const, name, priority: i + 1 }));
  await handle.db.insert(channels).values(rows);
  return rows.map((r) => r.id);
}

/**
 * `count` messages spread over the channels and authors in turn, with increasing snowflake ids (one
 * per millisecond, ending an hour ago), their text drawn from SEARCH_VOCABULARY, in batches of
 * INSERT ... SELECT generate_series. The full-text document is computed by the database as for sent
 * messages; its GIN index (messages_search_idx) is dropped for the load and built again afterwards
 * with the definition of the migration, as a bulk load does it (filling it row by row took PGlite
 * over five minutes per 100,000 rows).
 */
export async function seedSearchMessages(
  handle: DatabaseHandle,
  channelIds: readonly string[],
  authorIds: readonly string[],
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const firstMs = Date.now() - 3_600_000 - count;
  const base = BigInt(snowflakeAt(firstMs, SEEDED_SEQUENCE.search));
  const list = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;
  const ids = (values: readonly string[]) => `ARRAY[${values.map((v) => BigInt(v).toString()).join(',')}]::bigint[]`;
  const { words, verbs, common } = SEARCH_VOCABULARY;
  const batch = 100_000;
  await handle.db.execute(sql.raw('DROP INDEX messages_search_idx'));
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch) - 1;
    await handle.db.execute(
      sql.raw(
        `INSERT INTO messages (id, channel_id, author_id, content, type, created_at)
         SELECT ${base}::bigint + (g::bigint << 22),
                (${ids(channelIds)})[1 + g % ${channelIds.length}],
                (${ids(authorIds)})[1 + (g / 7) % ${authorIds.length}],
                CASE WHEN g % 3 = 0 THEN '${common} ' ELSE '' END
                  || (${list(words)})[1 + g % ${words.length}] || ' to ' || (${list(verbs)})[1 + (g / ${words.length}) % ${verbs.length}]
                  || ' tonight, code' || (g::bigint * 7919) % 10000 || ' number ' || g,
                'text',
                to_timestamp((${firstMs}::bigint + g) / 1000.0)
         FROM generate_series(${from}, ${to}) AS g`,
      ),
    );
    onProgress?.(to + 1);
  }
  await handle.db.execute(sql.raw("SET maintenance_work_mem = '256MB'"));
  await handle.db.execute(sql.raw('CREATE INDEX messages_search_idx ON messages USING gin (search)'));
  await handle.db.execute(sql.raw('ANALYZE messages'));
}

/**
 * `count` messages of a chat in one channel, as a long-lived channel reads: authors taking turns in
 * runs of a few messages (so that messages group under one header), one minute apart (a date
 * separator every 1,440 messages), texts of one line, a few lines or a paragraph, some with line
 * breaks or formatting; each begins with its number in brackets (`[12345]`, 0 the oldest), which the
 * history-scroll section reads from the page. Increasing snowflake ids, the newest an hour ago; the
 * search index is dropped for the load and built again after it (seedSearchMessages).
 */
export async function seedChatHistory(
  handle: DatabaseHandle,
  channelId: string,
  authorIds: readonly string[],
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const spacingMs = 60_000;
  const firstMs = Date.now() - 3_600_000 - count * spacingMs;
  const base = BigInt(snowflakeAt(firstMs, SEEDED_SEQUENCE.chat));
  const ids = `ARRAY[${authorIds.map((v) => BigInt(v).toString()).join(',')}]::bigint[]`;
  const texts = [
    `'gg, see you at the raid tonight'`,
    `'anyone up for ranked? need one more for the squad'`,
    `'lol'`,
    `'the patch notes are out: healers got buffed again, tanks lost a bit of armor, and the new map rotation starts on Friday with the castle back in it'`,
    `'ok so here is the plan for the tournament: we meet in the lobby at eight, warm up two matches, then queue together. Bring your headset, keep the voice channel clean, and whoever calls the rotations decides, no arguing mid-round. If we lose the first one we still play the loser bracket, it counts for the season points.'`,
    `'first line' || chr(10) || 'second line' || chr(10) || 'third line'`,
    `'**important**: the \`/ready\` check runs at 20:00 sharp'`,
    `'brb'`,
  ];
  const batch = 50_000;
  await handle.db.execute(sql.raw('DROP INDEX messages_search_idx'));
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch) - 1;
    await handle.db.execute(
      sql.raw(
        `INSERT INTO messages (id, channel_id, author_id, content, type, created_at)
         SELECT ${base}::bigint + (g::bigint << 22), ${BigInt(channelId)}::bigint,
                (${ids})[1 + (g / 3 + g / 11) % ${authorIds.length}],
                '[' || g || '] ' || (ARRAY[${texts.join(',')}])[1 + (g * 7) % ${texts.length}],
                'text',
                to_timestamp((${firstMs}::bigint + g::bigint * ${spacingMs}) / 1000.0)
         FROM generate_series(${from}, ${to}) AS g`,
      ),
    );
    onProgress?.(to + 1);
  }
  await handle.db.execute(sql.raw('CREATE INDEX messages_search_idx ON messages USING gin (search)'));
  await handle.db.execute(sql.raw('ANALYZE messages'));
}
