import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ATTACHMENT_UPLOAD, uploadEndpoint, uploadFieldsSchema, uploadLimitBytes } from '@rally/shared/api/uploads';
import { UserFlags } from '@rally/shared/api/users';
import { hasBit } from '@rally/shared/permissions';
import { addEndpoint } from '../../http/endpoint';
import { notFound } from '../../lib/errors';
import { parse } from '../../lib/validation';
import { storeAttachment, sweepUnusedAttachments } from '../attachments/service';
import { receiveUpload } from './receive';
import { servedFormat, storeUpload, UPLOAD_FILE_FIELD } from './service';
import { UPLOADS_PATH } from './storage';

/** How often each process removes attachments that no message took (attachments/service.ts). */
const ATTACHMENT_SWEEP_INTERVAL_MS = 3_600_000;

/**
 * Headers of every served upload: cached for a year (a key never changes), never sniffed as
 * anything but its type. Documents and text are downloaded, never shown on Rally's origin
 * (isInlineUpload); the CSP of every response (http/security-headers.ts) applies too.
 */
const SERVED_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
};

/**
 * POST /api/v1/upload and the uploads themselves at /uploads/<key> (team emoji too, emojis/routes.ts).
 * The multipart parser is registered in this plugin (and the emoji routes' own) only, so every other
 * route still refuses multipart bodies (415). It
 * does not obey the route's bodyLimit (BODY_LIMIT.SMALL, for any other body, which is refused
 * with 415): receive.ts limits the parts instead.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app;
  const sweep = () => sweepUnusedAttachments(app.db, storage).catch((err: unknown) => app.log.error({ err }, 'attachments: removing unsent uploads failed'));
  const sweeper = setInterval(() => void sweep(), ATTACHMENT_SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  await app.register(multipart);

  addEndpoint(app, uploadEndpoint, async ({ deps, request, user }) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rally-upload-'));
    try {
      const maxBytes = uploadLimitBytes(hasBit(user.flags, UserFlags.PREMIUM));
      const received = await receiveUpload(request, { dir, fileField: UPLOAD_FILE_FIELD, maxBytes });
      const { type, width, height } = parse(uploadFieldsSchema, received.fields);
      if (type === ATTACHMENT_UPLOAD) {
        const attachment = await storeAttachment(deps.db, storage, received, dir, user.id, { width, height });
        return { success: true as const, id: attachment.id, url: attachment.url, attachment, message: 'File uploaded successfully' };
      }
      const { id, url } = await storeUpload(storage, received, dir, type);
      return { success: true as const, id, url, message: 'Image uploaded successfully' };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  app.get(`${UPLOADS_PATH}/*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const format = servedFormat(key);
    const stored = format ? await storage.get(key) : null;
    if (!format || !stored) throw notFound();
    const disposition = format.inline ? 'inline' : 'attachment';
    return reply
      .headers({ ...SERVED_HEADERS, 'content-type': stored.contentType, 'content-length': String(stored.size), 'content-disposition': disposition })
      .send(stored.body);
  });
}
