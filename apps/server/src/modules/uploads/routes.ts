import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { uploadEndpoint, uploadLimitBytes } from '@rally/shared/api/uploads';
import { UserFlags } from '@rally/shared/api/users';
import { hasBit } from '@rally/shared/permissions';
import { addEndpoint } from '../../http/endpoint';
import { notFound } from '../../lib/errors';
import { receiveUpload } from './receive';
import { storeUpload, UPLOAD_FILE_FIELD, uploadContentType } from './service';
import { createStorage, UPLOADS_PATH } from './storage';

/** Headers of every served upload: cached for a year (a key never changes), and never sniffed as anything but its type. */
const SERVED_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
};

/**
 * POST /api/v1/upload and the uploads themselves at /uploads/<key>. The multipart parser is
 * registered in this plugin only, so every other route still refuses multipart bodies (415). It
 * does not obey the route's bodyLimit (BODY_LIMIT.SMALL, for any other body, which is refused
 * with 415): receive.ts limits the parts instead.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const storage = createStorage(app.config, uploadContentType);
  app.addHook('onClose', () => storage.close());
  await app.register(multipart);

  addEndpoint(app, uploadEndpoint, async ({ request, user }) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rally-upload-'));
    try {
      const maxBytes = uploadLimitBytes(hasBit(user.flags, UserFlags.PREMIUM));
      const received = await receiveUpload(request, { dir, fileField: UPLOAD_FILE_FIELD, maxBytes });
      const { id, url } = await storeUpload(storage, received, dir);
      return { success: true as const, id, url, message: 'Image uploaded successfully' };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  app.get(`${UPLOADS_PATH}/*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const stored = uploadContentType(key) ? await storage.get(key) : null;
    if (!stored) throw notFound();
    return reply.headers({ ...SERVED_HEADERS, 'content-type': stored.contentType, 'content-length': String(stored.size) }).send(stored.body);
  });
}
