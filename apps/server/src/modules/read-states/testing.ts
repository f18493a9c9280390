import type { FastifyInstance } from 'fastify';
import { unreadResponseSchema, type ChannelUnread, type UnreadResponse } from '@rally/shared/api/unread';
import type { MessageMentions } from '@rally/shared/api/messages';
import { call } from '../../../test/helpers/app';
import type { TestUser, WithDb } from '../../../test/helpers/factories';
import { newId } from '../../lib/snowflake';
import { insertMessage } from '../messages/repository';

/** Test fixtures of the read-state tests (other fixtures: test/helpers/factories.ts). */

export const NO_MENTIONS: MessageMentions = { users: [], roles: [], everyone: false, here: false };

/** Messages stored through the repository (the send route is rate limited), oldest first; their ids. */
export async function seedMessages(
  app: WithDb,
  channelId: string,
  authorId: string,
  n: number,
  fields: { mentions?: MessageMentions; deleted?: boolean } = {},
): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const row = await insertMessage(app.db, {
      id: newId(),
      channelId,
      authorId,
      content: `m${i}`,
      mentions: fields.mentions ?? NO_MENTIONS,
      deletedAt: fields.deleted ? new Date() : null,
    });
    out.push(row.id);
  }
  return out;
}

/** GET /api/v1/teams/unread as the user (throws unless it answers 200). */
export async function unreadOf(app: FastifyInstance, user: TestUser): Promise<UnreadResponse> {
  const res = await call(app, 'GET', '/api/v1/teams/unread', { cookie: user.cookie });
  if (res.statusCode !== 200) throw new Error(`unread: ${res.statusCode} ${res.body}`);
  return unreadResponseSchema.parse(res.json());
}

/** The user's unread entry of a channel (team or DM), or undefined when it has nothing unread. */
export async function channelUnreadOf(app: FastifyInstance, user: TestUser, channelId: string): Promise<ChannelUnread | undefined> {
  const body = await unreadOf(app, user);
  return [...body.teamInfo.flatMap((t) => t.channelInfo), ...body.dmInfo].find((c) => c.channelId === channelId);
}
