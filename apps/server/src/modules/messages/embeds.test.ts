import { beforeAll, describe, expect, it } from 'vitest';
import { listMessagesResponseSchema } from '@rally/shared/api/messages';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { newId } from '../../lib/snowflake';
import { insertMessage } from './repository';

/** Embeds come from webhooks and bots (later issues): stored rows are what the API serves, checked again on the way out. */
describe('embeds in messages', () => {
  const ctx = withTestApp();
  let owner: TestUser;
  let channelId: string;

  beforeAll(async () => {
    owner = await makeUser(ctx.app);
    channelId = (await makeTeam(ctx.app, owner)).generalId;
  });

  it('are returned with the message; a stored embed that is not a valid one is left out', async () => {
    const embed = {
      color: 0x22d3c5,
      author: { name: 'Patch Bot' },
      title: 'Season 4',
      url: 'https://example.com/s4',
      description: 'New **maps**',
      fields: [{ name: 'Ranked', value: 'Reset', inline: true }],
      image: { url: 'https://cdn.example/banner.png' },
      footer: { text: 'Rally' },
    };
    const invalid = { title: 'x', url: 'javascript:alert(1)' };
    await insertMessage(ctx.app.db, { id: newId(), channelId, authorId: owner.id, content: 'with embeds', embeds: [embed, invalid, 'not an object'] });
    const res = await call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const [message] = listMessagesResponseSchema.parse(res.json()).messages;
    expect(message?.embeds).toEqual([embed]);
  });
});
