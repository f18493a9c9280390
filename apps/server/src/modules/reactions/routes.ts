import type { FastifyInstance } from 'fastify';
import { addReactionEndpoint, myEmojisEndpoint, removeReactionEndpoint } from '@rally/shared/api/reactions';
import { emailVerificationRequired } from '../../env';
import { addEndpoint } from '../../http/endpoint';
import { addReaction, listMyEmojis, removeReaction } from './service';

export async function reactionRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, addReactionEndpoint, async ({ deps, access, channel, user, params }) => {
    await addReaction({ ...deps, requireVerifiedEmail: emailVerificationRequired(app.config) }, { access, channel }, user, params.messageId, params.emoji);
    return { success: true as const };
  });
  addEndpoint(app, removeReactionEndpoint, async ({ deps, access, channel, userId, params }) => {
    await removeReaction(deps, { access, channel }, userId, params.messageId, params.emoji);
    return { success: true as const };
  });
  addEndpoint(app, myEmojisEndpoint, async ({ deps, userId }) => ({ success: true as const, reactions: await listMyEmojis(deps.db, userId) }));
}
