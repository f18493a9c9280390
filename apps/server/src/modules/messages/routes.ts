import type { FastifyInstance } from 'fastify';
import { listMessagesEndpoint, sendMessageEndpoint } from '@rally/shared/api/messages';
import { emailVerificationRequired } from '../../env';
import { addEndpoint } from '../../http/endpoint';
import { listMessages, sendMessage } from './service';

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listMessagesEndpoint, async ({ deps, access, channel, query }) => ({
    success: true as const,
    ...(await listMessages(deps.db, { access, channel }, query)),
  }));

  addEndpoint(app, sendMessageEndpoint, async ({ deps, access, channel, user, body }) => {
    const sent = await sendMessage(
      { ...deps, rateLimiter: app.rateLimiter, requireVerifiedEmail: emailVerificationRequired(app.config) },
      { access, channel },
      user,
      body,
    );
    // A message scheduled through this process is sent on time even if the next poll comes later.
    if ('scheduledMessage' in sent) app.scheduler.wake(new Date(sent.scheduledMessage.scheduledAt));
    return { success: true as const, ...sent };
  });
}
