import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ATTACHMENT_UPLOAD, uploadEndpoint, uploadFieldsSchema, uploadLimitBytes } from '@rally/shared/api/uploads';
import { UserFlags } from '@rally/shared/api/users';
import { hasBit } from '@rally/shared/permissions';
import { addEndpoint } from '../../http/endpoint';
import { notFound } from '../../lib/errors';
import { parse } from '../../lib/validation';
import { startSweep } from '../../lib/sweep';
import { storeAttachment } from '../attachments/service';
import { withReceivedUpload } from './receive';
import { sweepUploads } from './records';
import { mayFetchPrivateUpload, PRIVATE_UPLOAD_CACHE_CONTROL } from './serve';
import { servedFormat, storeUpload, UPLOAD_FILE_FIELD } from './service';
import { UPLOADS_PATH } from './storage';

/** How often each process removes the uploads due (records.ts sweepUploads), and how long after start the first sweep runs. */
const UPLOAD_SWEEP_INTERVAL_MS = 3_600_000;
const UPLOAD_SWEEP_FIRST_DELAY_MS = 60_000;

/**
 * Cache-Control of a public upload (a picture, banner, background or emoji): cached anywhere for a
 * year (a key never changes). A private one (an attachment) is cached by the viewer's browser only,
 * for an hour (serve.ts), and varies with the session cookie.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * POST /api/v1/upload and the uploads themselves at /uploads/<key> (team emoji too, emojis/routes.ts).
 * The multipart parser is registered in this plugin (and the emoji routes' own) only, so every other
 * route still refuses multipart bodies (415). It
 * does not obey the route's bodyLimit (BODY_LIMIT.SMALL, for any other body, which is refused
 * with 415): receive.ts limits the parts instead.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app;
  const sweep = startSweep(
    () => sweepUploads(app.db, storage),
    (err) => app.log.error({ err }, 'uploads: removing the files due failed'),
    { firstDelayMs: UPLOAD_SWEEP_FIRST_DELAY_MS, intervalMs: UPLOAD_SWEEP_INTERVAL_MS },
  );
  app.addHook('preClose', () => sweep.stop());
  await app.register(multipart);

  addEndpoint(app, uploadEndpoint, async ({ deps, request, user }) => {
    const maxBytes = uploadLimitBytes(hasBit(user.flags, UserFlags.PREMIUM));
    return withReceivedUpload(request, { fileField: UPLOAD_FILE_FIELD, maxBytes }, async (received, dir) => {
      const { type, width, height } = parse(uploadFieldsSchema, received.fields);
      if (type === ATTACHMENT_UPLOAD) {
        const attachment = await storeAttachment(deps.db, storage, received, dir, user.id, { width, height });
        return { success: true as const, id: attachment.id, url: attachment.url, attachment, message: 'File uploaded successfully' };
      }
      const { id, url } = await storeUpload({ db: deps.db, storage, log: request.log }, received, dir, type, user.id);
      return { success: true as const, id, url, message: 'Image uploaded successfully' };
    });
  });

  // Never sniffed as anything but its type; documents and text are downloaded, never shown on
  // Rally's origin (servedFormat); the CSP of every response (http/security-headers.ts) applies too.
  // A private upload the caller may not fetch is the same 404 as a key that does not exist.
  app.get(`${UPLOADS_PATH}/*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const format = servedFormat(key);
    if (!format || (format.private && !(await mayFetchPrivateUpload(app, request, key)))) throw notFound();
    const stored = await storage.get(key);
    if (!stored) throw notFound();
    const disposition = format.inline ? 'inline' : 'attachment';
    const cache = format.private ? { 'cache-control': PRIVATE_UPLOAD_CACHE_CONTROL, vary: 'Cookie' } : { 'cache-control': PUBLIC_CACHE_CONTROL };
    return reply
      .headers({
        ...cache,
        'x-content-type-options': 'nosniff',
        'content-type': stored.contentType,
        'content-length': String(stored.size),
        'content-disposition': disposition,
      })
      .send(stored.body);
  });
}
