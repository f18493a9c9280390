import { describe, expect, it } from 'vitest';
import type { DirectChat } from '@rally/shared/api/dms';
import { call, withTestApp } from '../../test/helpers/app';
import { makeUser, type TestUser } from '../../test/helpers/factories';
import { readyClient } from './testing';

/** Direct chats over the gateway (modules/dms): a new chat joins its channel to the members' sessions (DM_VIEW), and only theirs. */
describe('direct chats, live', () => {
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 20 }, { listen: true });

  async function openDm(who: TestUser, other: { id: string }): Promise<DirectChat> {
    const res = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: who.cookie, body: { users: [{ id: other.id }] } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().dm as DirectChat;
  }

  const send = (who: TestUser, channelId: string, content: string) =>
    call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie, body: { content } });

  it('delivers live: DM_CREATED to the other member, then the chat’s messages and typing to its members only', async () => {
    const [ada, bob, eve] = [await makeUser(ctx.app), await makeUser(ctx.app), await makeUser(ctx.app)];
    const b = (await readyClient(ctx, bob)).client;
    const e = (await readyClient(ctx, eve)).client;
    const dm = await openDm(ada, bob);
    const created = await b.next('DM_CREATED');
    expect(created.data.dm).toMatchObject({ id: dm.id, users: [{ id: ada.id }] });
    const a = (await readyClient(ctx, ada)).client;
    await send(ada, dm.id, 'live hello');
    expect((await b.next('MESSAGE_SEND')).data).toMatchObject({ channelId: dm.id, content: 'live hello' });
    b.send({ type: 'CHANNEL_TYPING', data: { channelId: dm.id } });
    expect((await a.next('CHANNEL_TYPING')).data).toMatchObject({ channelId: dm.id, userId: bob.id });
    // Reading marks the chat read: the reader's sessions hear MESSAGE_READ without a team.
    b.send({ type: 'MESSAGE_READ', data: { channelId: dm.id } });
    expect((await b.next('MESSAGE_READ')).data).toMatchObject({ teamId: null, reads: [{ channelId: dm.id }] });
    // Eve heard none of it: the next thing she hears is her own chat.
    const own = await openDm(eve, ada);
    expect((await e.next('DM_CREATED')).data.dm.id).toBe(own.id);
    for (const c of [a, b, e]) c.close();
  });
});
