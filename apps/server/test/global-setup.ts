import { randomBytes } from 'node:crypto';
import {
  TEMPLATE_COMMENT_ENV,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
  postgresTemplateName,
  pruneStalePgliteTemplates,
  withAdmin,
} from './helpers/template';

/**
 * Vitest globalSetup: migrate the database template once per run, before any test file clones it
 * (test/helpers/database.ts). PGlite: a data-directory dump in the temp directory, keyed by the
 * migrations, kept for the next run. PostgreSQL: a template database, dropped at teardown when this
 * run built it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    pruneStalePgliteTemplates();
    await ensurePgliteTemplate();
    return async () => {};
  }
  const comment = `rally test template of run ${process.pid}-${randomBytes(4).toString('hex')}`;
  process.env[TEMPLATE_COMMENT_ENV] = comment; // workers inherit it: a template they rebuild is this run's too
  await ensurePostgresTemplate(adminUrl, comment);
  return async () => {
    const name = postgresTemplateName();
    await withAdmin(adminUrl, async (admin) => {
      // Only the template this run built (or one of its workers rebuilt), never another run's.
      const { rows } = await admin.query<{ comment: string | null }>(
        "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
        [name],
      );
      if (rows[0]?.comment !== comment) return;
      // Another run may be cloning it right now: then leave it (it drops it, or the next run reuses it).
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => {});
    });
  };
}
