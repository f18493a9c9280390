import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  deleteTeamEmojiEndpoint,
  EMOJI_UPLOAD_FIELD,
  listTeamEmojisEndpoint,
  renameTeamEmojiEndpoint,
  uploadTeamEmojisEndpoint,
} from '@rally/shared/api/emojis';
import { LIMITS } from '@rally/shared/limits';
import { addEndpoint } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { withReceivedFiles } from '../uploads/receive';
import { deleteEmoji, listTeamEmojis, renameEmoji, uploadEmojis } from './service';

/**
 * A team's emoji (spec 001 §7 Emoji). The bulk upload is multipart: the parser is registered in
 * this plugin only (as in uploads/routes.ts), so every other route still refuses multipart bodies,
 * and receive.ts limits the parts (at most LIMITS.emoji.perUpload files of LIMITS.emoji.fileMaxBytes).
 * Images are kept in the app's storage (app.storage), which GET /uploads/* serves.
 */
export async function emojiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart);

  addEndpoint(app, listTeamEmojisEndpoint, async ({ deps, access }) => ({ success: true as const, reactions: await listTeamEmojis(deps.db, access) }));

  addEndpoint(app, uploadTeamEmojisEndpoint, async ({ deps, access, request, user }) =>
    withReceivedFiles(
      request,
      {
        fileField: EMOJI_UPLOAD_FIELD,
        maxBytes: LIMITS.emoji.fileMaxBytes,
        maxFiles: LIMITS.emoji.perUpload,
        tooLarge: () => new AppError(413, 'emoji_file_too_large', { [EMOJI_UPLOAD_FIELD]: 'emoji_file_too_large' }),
        tooMany: () => new AppError(413, 'emoji_files_too_many', { [EMOJI_UPLOAD_FIELD]: 'emoji_files_too_many' }, { max: LIMITS.emoji.perUpload }),
      },
      async ({ files }, dir) => {
        const created = await uploadEmojis({ ...deps, storage: app.storage }, access, user, files, dir);
        return { success: true as const, reactions: created, message: 'Emojis uploaded successfully' };
      },
    ),
  );

  addEndpoint(app, renameTeamEmojiEndpoint, async ({ deps, access, params, body }) => ({
    success: true as const,
    reaction: await renameEmoji(deps, access, params.emojiId, body.name),
  }));

  addEndpoint(app, deleteTeamEmojiEndpoint, async ({ deps, access, params }) => {
    await deleteEmoji({ ...deps, storage: app.storage }, access, params.emojiId);
    return { success: true as const };
  });
}
