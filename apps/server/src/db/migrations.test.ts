import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '@rally/shared/permissions';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/helpers/database';
import { databaseUrl, withAdmin } from '../../test/helpers/template';
import { MIGRATIONS_DIR } from './client';
import { channels } from './schema';

/**
 * Migrations that move data, tested from a database migrated to the one before, holding the rows
 * they must carry over: on PGlite, or on a database of its own on the DATABASE_URL server.
 */

interface Journal {
  entries: { idx: number; tag: string }[];
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder holding the committed migrations up to `tag`, included. */
function migrationsUpTo(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-migrations-'));
  temps.push(dir);
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** A fresh, empty database of the engine under test, driven with plain SQL and the Drizzle migrator. */
interface Scratch {
  migrate(folder: string): Promise<void>;
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openScratch(): Promise<Scratch> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite();
    return {
      migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
      exec: async (sql) => void (await client.exec(sql)),
      rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      close: () => client.close(),
    };
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const name = `rally_migration_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, name) });
  await client.connect();
  return {
    migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: async () => {
      await client.end();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

describe('migration 0002: member_roles, channel parent and type constraints', () => {
  // A fresh database migrated twice: PGlite's initdb alone takes seconds, longer on a loaded machine.
  it('moves role_ids into member_roles and uncategorises channels whose category is gone', { timeout: 120_000 }, async () => {
    const db = await openScratch();
    try {
      await db.migrate(migrationsUpTo('0001_sessions_expires_index'));
      // Team 10 (default role 10, roles 11 and 12), team 20 (role 21). Member 1 holds the default
      // role, 11 twice, 12, a deleted role (99) and team 20's role; member 2 holds nothing; member 3
      // holds 12, in both teams.
      await db.exec(`
        INSERT INTO users (id, username, slug, email, password_hash, settings) VALUES
          (1, 'one', 'one', 'one@example.com', 'x', '{}'), (2, 'two', 'two', 'two@example.com', 'x', '{}'), (3, 'three', 'three', 'three@example.com', 'x', '{}');
        INSERT INTO teams (id, name, owner_id) VALUES (10, 'Ten', 1), (20, 'Twenty', 1);
        INSERT INTO roles (id, team_id, name) VALUES (10, 10, '@everyone'), (11, 10, 'eleven'), (12, 10, 'twelve'), (20, 20, '@everyone'), (21, 20, 'twenty-one');
        INSERT INTO team_members (team_id, user_id, role_ids) VALUES
          (10, 1, '["10", "11", "11", "12", "99", "21"]'), (10, 2, '[]'), (10, 3, '["12"]'), (20, 3, '["21"]');
        INSERT INTO channels (id, team_id, type, name, parent_id) VALUES
          (100, 10, 'category', 'Text Channels', NULL), (101, 10, 'text', 'general', 100), (102, 10, 'text', 'orphan', 999), (103, 10, 'voice', 'top', NULL);
      `);
      await db.migrate(MIGRATIONS_DIR);

      expect(await db.rows('SELECT team_id::text, user_id::text, role_id::text FROM member_roles ORDER BY team_id, user_id, role_id')).toEqual([
        { team_id: '10', user_id: '1', role_id: '11' },
        { team_id: '10', user_id: '1', role_id: '12' },
        { team_id: '10', user_id: '3', role_id: '12' },
        { team_id: '20', user_id: '3', role_id: '21' },
      ]);
      expect(await db.rows('SELECT id::text, parent_id::text FROM channels ORDER BY id')).toEqual([
        { id: '100', parent_id: null },
        { id: '101', parent_id: '100' },
        { id: '102', parent_id: null },
        { id: '103', parent_id: null },
      ]);
      expect(await db.rows("SELECT column_name FROM information_schema.columns WHERE table_name = 'team_members' AND column_name = 'role_ids'")).toEqual([]);

      // The constraints hold from now on.
      await db.exec('DELETE FROM channels WHERE id = 100');
      expect(await db.rows('SELECT parent_id FROM channels WHERE id = 101')).toEqual([{ parent_id: null }]);
      await db.exec('DELETE FROM roles WHERE id = 12');
      await db.exec('DELETE FROM team_members WHERE team_id = 20 AND user_id = 3');
      expect(await db.rows('SELECT role_id::text FROM member_roles ORDER BY team_id, user_id, role_id')).toEqual([{ role_id: '11' }]);
      await expect(db.exec('INSERT INTO member_roles (team_id, user_id, role_id) VALUES (10, 2, 21)')).rejects.toThrow(/member_roles_role_fk/);
      await expect(db.exec("INSERT INTO channels (id, team_id, type, name) VALUES (104, 10, 'forum', 'x')")).rejects.toThrow(/channels_type_check/);
    } finally {
      await db.close();
    }
  });

  it('accepts exactly the channel types of the shared list', async () => {
    // The database every test uses (migrated from the committed migrations).
    const opened = await openTestDatabase();
    const { db } = opened;
    const exec = (text: string) => db.execute(sql.raw(text));
    try {
      await exec("INSERT INTO users (id, username, slug, email, password_hash, settings) VALUES (1, 'one', 'one', 'one@example.com', 'x', '{}')");
      await exec("INSERT INTO teams (id, name, owner_id) VALUES (10, 'Ten', 1)");
      const values = CHANNEL_TYPES.map((type, i) => `(${200 + i}, ${type === 'DM' ? 'NULL' : 10}, '${type}', '${type}')`).join(', ');
      await exec(`INSERT INTO channels (id, team_id, type, name) VALUES ${values}`);
      expect((await db.select({ type: channels.type }).from(channels).orderBy(channels.id)).map((r) => r.type)).toEqual([...CHANNEL_TYPES]);
      for (const type of ['Text', 'dm', '', 'forum']) {
        const refused = exec(`INSERT INTO channels (id, team_id, type, name) VALUES (300, 10, '${type}', 'x')`);
        // Drizzle wraps the driver's error: the constraint is named in its cause.
        await expect(refused).rejects.toMatchObject({ cause: { message: expect.stringMatching(/channels_type_check/) } });
      }
    } finally {
      await opened.close();
    }
  });
});

describe('migration 0005: channels.additional_data, roles.bot_user_id', () => {
  it('adds both as null to the rows there are; a bot role goes with its bot account', { timeout: 120_000 }, async () => {
    const db = await openScratch();
    try {
      await db.migrate(migrationsUpTo('0004_team_list_priority'));
      await db.exec(`
        INSERT INTO users (id, username, slug, email, password_hash, settings, bot) VALUES
          (1, 'one', 'one', 'one@example.com', 'x', '{}', false), (2, 'bot', 'bot', 'bot@example.com', 'x', '{}', true);
        INSERT INTO teams (id, name, owner_id) VALUES (10, 'Ten', 1);
        INSERT INTO team_members (team_id, user_id) VALUES (10, 1), (10, 2);
        INSERT INTO roles (id, team_id, name) VALUES (10, 10, '@everyone'), (11, 10, 'eleven');
        INSERT INTO channels (id, team_id, type, name) VALUES (100, 10, 'watchstream', 'stream'), (101, 10, 'text', 'general');
      `);
      await db.migrate(MIGRATIONS_DIR);

      expect(await db.rows('SELECT id::text, additional_data FROM channels ORDER BY id')).toEqual([
        { id: '100', additional_data: null },
        { id: '101', additional_data: null },
      ]);
      expect(await db.rows('SELECT id::text, bot_user_id FROM roles ORDER BY id')).toEqual([
        { id: '10', bot_user_id: null },
        { id: '11', bot_user_id: null },
      ]);
      await db.exec(`UPDATE channels SET additional_data = '{"streamPlatform": "kick", "streamChannel": "streamer"}' WHERE id = 100`);
      expect(await db.rows('SELECT additional_data FROM channels WHERE id = 100')).toEqual([
        { additional_data: { streamPlatform: 'kick', streamChannel: 'streamer' } },
      ]);

      await db.exec(`
        INSERT INTO roles (id, team_id, name, bot_user_id) VALUES (12, 10, 'bot', 2);
        INSERT INTO member_roles (team_id, user_id, role_id) VALUES (10, 2, 12), (10, 1, 11);
      `);
      await expect(db.exec("INSERT INTO roles (id, team_id, name, bot_user_id) VALUES (13, 10, 'ghost', 99)")).rejects.toThrow(/roles_bot_user_id_users_id_fk/);
      await db.exec('DELETE FROM users WHERE id = 2');
      expect(await db.rows('SELECT id::text FROM roles ORDER BY id')).toEqual([{ id: '10' }, { id: '11' }]);
      expect(await db.rows('SELECT role_id::text FROM member_roles')).toEqual([{ role_id: '11' }]);
    } finally {
      await db.close();
    }
  });
});

describe('migration 0010: the left sidebar on for the accounts there are', () => {
  it('turns it on where it was off (or absent), leaves the system account and everything else alone', { timeout: 120_000 }, async () => {
    const db = await openScratch();
    try {
      await db.migrate(migrationsUpTo('0009_password_reset_mail_outbox'));
      await db.exec(`
        INSERT INTO users (id, username, slug, email, password_hash, settings) VALUES
          (1, 'off', 'off', 'off@example.com', 'x', '{"locale":"tr","leftSidebar":{"isEnabled":false}}'),
          (2, 'absent', 'absent', 'absent@example.com', 'x', '{"locale":"en"}');
      `);
      await db.migrate(MIGRATIONS_DIR);
      const rows = await db.rows<{ id: string; settings: Record<string, unknown> }>('SELECT id::text, settings FROM users ORDER BY id');
      expect(rows.filter((r) => r.id === '1' || r.id === '2')).toEqual([
        { id: '1', settings: { locale: 'tr', leftSidebar: { isEnabled: true } } },
        { id: '2', settings: { locale: 'en', leftSidebar: { isEnabled: true } } },
      ]);
      // The system account of 0008 keeps its settings.
      expect(rows.find((r) => r.id === '1000000000000000001')?.settings).not.toHaveProperty('leftSidebar.isEnabled', true);
    } finally {
      await db.close();
    }
  });
});

describe('migration 0013: uploads', () => {
  it('carries attachment uploads over with their holders, records the images in use, and gives attachments Rally URLs', { timeout: 120_000 }, async () => {
    const db = await openScratch();
    try {
      await db.migrate(migrationsUpTo('0012_channel_voice_region'));
      const att = (id: number, url = `/uploads/attachment/${id}.pdf`) =>
        JSON.stringify({ id: String(id), url, name: 'f.pdf', fileSizeBytes: 1, type: 'file', contentType: 'application/pdf', width: null, height: null });
      // Ada and Bob show the same avatar (Bob set Ada's URL, as he could); Bob's banner has an
      // S3_PUBLIC_URL address; Cy's avatar is of the right form but no snowflake. Attachment 900 is
      // in a live message, 901 in a deleted one, 902 in a scheduled one, 903 is unsent, 904 was sent
      // with a message that is gone, 905 has a public bucket URL.
      await db.exec(`
        INSERT INTO users (id, username, slug, email, password_hash, settings, profile_picture, banner) VALUES
          (1, 'ada', 'ada', 'ada@example.com', 'x', '{}', '/uploads/userAvatar/700.png', NULL),
          (2, 'bob', 'bob', 'bob@example.com', 'x', '{}', '/uploads/userAvatar/700.png', 'https://cdn.example.com/rally/userBanner/701.jpg'),
          (3, 'cy', 'cy', 'cy@example.com', 'x', '{}', '/uploads/userAvatar/99999999999999999999.png', 'https://elsewhere.example/me.png');
        INSERT INTO teams (id, name, owner_id, profile_picture) VALUES (10, 'Ten', 1, '/uploads/teamIcon/702.png');
        INSERT INTO channels (id, team_id, type, name) VALUES (100, 10, 'text', 'general');
        INSERT INTO emojis (id, team_id, name, url, created_by) VALUES (800, 10, 'wave', '/uploads/emojis/800.webp', 2);
        INSERT INTO messages (id, channel_id, author_id, content, attachments, deleted_at) VALUES
          (500, 100, 1, 'live', '[${att(900)}]', NULL),
          (501, 100, 1, 'deleted', '[${att(901)}]', now()),
          (502, 100, 1, 'bucket', '[${att(906)}, ${att(905, 'https://cdn.example.com/rally/attachment/905.pdf')}]', NULL);
        INSERT INTO scheduled_messages (id, channel_id, author_id, content, attachments, send_at) VALUES (600, 100, 1, 'later', '[${att(902)}]', now() + interval '1 day');
        INSERT INTO attachment_uploads (id, uploader_id, key, attachment, used_at, created_at) VALUES
          (900, 1, 'attachment/900.pdf', '${att(900)}', now(), now()),
          (901, 1, 'attachment/901.pdf', '${att(901)}', now(), now()),
          (902, 1, 'attachment/902.pdf', '${att(902)}', now(), now()),
          (903, 2, 'attachment/903.pdf', '${att(903)}', NULL, '2030-01-01T00:00:00Z'),
          (904, 2, 'attachment/904.pdf', '${att(904)}', now(), now()),
          (905, 1, 'attachment/905.pdf', '${att(905, 'https://cdn.example.com/rally/attachment/905.pdf')}', now(), now()),
          (906, 1, 'attachment/906.pdf', '${att(906)}', now(), now());
      `);
      await db.migrate(MIGRATIONS_DIR);

      const rows = await db.rows(`
        SELECT id::text, key, kind, uploader_id::text AS uploader, holder_id::text AS holder,
          CASE WHEN remove_at IS NULL THEN 'held' WHEN remove_at <= now() THEN 'due' ELSE to_char(remove_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') END AS removal
        FROM uploads ORDER BY id`);
      expect(rows).toEqual([
        { id: '700', key: 'userAvatar/700.png', kind: 'userAvatar', uploader: '1', holder: '1', removal: 'held' },
        { id: '701', key: 'userBanner/701.jpg', kind: 'userBanner', uploader: '2', holder: '2', removal: 'held' },
        { id: '702', key: 'teamIcon/702.png', kind: 'teamIcon', uploader: null, holder: '10', removal: 'held' },
        { id: '800', key: 'emojis/800.webp', kind: 'emoji', uploader: '2', holder: '10', removal: 'held' },
        { id: '900', key: 'attachment/900.pdf', kind: 'attachment', uploader: '1', holder: '500', removal: 'held' },
        { id: '901', key: 'attachment/901.pdf', kind: 'attachment', uploader: '1', holder: null, removal: 'due' },
        { id: '902', key: 'attachment/902.pdf', kind: 'attachment', uploader: '1', holder: '600', removal: 'held' },
        { id: '903', key: 'attachment/903.pdf', kind: 'attachment', uploader: '2', holder: null, removal: '2030-01-02 00:00' },
        { id: '904', key: 'attachment/904.pdf', kind: 'attachment', uploader: '2', holder: null, removal: 'due' },
        { id: '905', key: 'attachment/905.pdf', kind: 'attachment', uploader: '1', holder: '502', removal: 'held' },
        { id: '906', key: 'attachment/906.pdf', kind: 'attachment', uploader: '1', holder: '502', removal: 'held' },
      ]);
      // Attachments are Rally's to serve: the bucket address became Rally's, in the message (order kept) and the upload.
      const [bucket] = await db.rows<{ attachments: { id: string; url: string }[] }>('SELECT attachments FROM messages WHERE id = 502');
      expect(bucket?.attachments.map((a) => [a.id, a.url])).toEqual([
        ['906', '/uploads/attachment/906.pdf'],
        ['905', '/uploads/attachment/905.pdf'],
      ]);
      expect(await db.rows("SELECT attachment ->> 'url' AS url FROM uploads WHERE id = 905")).toEqual([{ url: '/uploads/attachment/905.pdf' }]);
      expect(await db.rows("SELECT table_name FROM information_schema.tables WHERE table_name = 'attachment_uploads'")).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
