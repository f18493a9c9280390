import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@rally/shared/api/users';
import type { DirectChat } from '@rally/shared/api/dms';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { newId } from '../../lib/snowflake';
import { messages } from '../../db/schema';
import { insertChat, pairKeyOf } from './repository';
import { insertScheduled } from '../scheduled-messages/repository';

/** Direct chats (001 §2 /chat, §3 Direct chat, §6 blocked DM user, §7 Friends and DMs; 000 §3 privacy). */
describe('direct chats', () => {
  const ctx = withTestApp();

  const user = (directMessages: UserSettings['privacy']['directMessages'] = 'everyone') =>
    makeUser(ctx.app, undefined, { settings: { ...DEFAULT_USER_SETTINGS, privacy: { friendRequests: 'everyone', directMessages } } });

  const open = (who: TestUser, ...others: { id: string }[]) =>
    call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: who.cookie, body: { users: others.map((o) => ({ id: o.id })) } });

  async function openDm(who: TestUser, ...others: { id: string }[]): Promise<DirectChat> {
    const res = await open(who, ...others);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().dm as DirectChat;
  }

  const list = async (who: TestUser): Promise<DirectChat[]> => {
    const res = await call(ctx.app, 'GET', '/api/v1/me/chats', { cookie: who.cookie });
    expect(res.statusCode).toBe(200);
    return res.json().dms as DirectChat[];
  };

  const send = (who: TestUser, channelId: string, content: string) =>
    call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie, body: { content } });

  const react = (who: TestUser, channelId: string, messageId: string) =>
    call(ctx.app, 'POST', `/api/v1/channels/${channelId}/messages/${messageId}/reactions/${encodeURIComponent('👍')}`, { cookie: who.cookie });

  const history = (who: TestUser, channelId: string) => call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages`, { cookie: who.cookie });

  it('opens one chat per pair, lists it for both with the other person and its newest message, and carries messages', async () => {
    const ada = await user();
    const bob = await user();
    const dm = await openDm(ada, bob);
    expect(dm).toMatchObject({ users: [{ id: bob.id, username: bob.username }], group: false, readOnly: false, lastMessage: null });
    // Opened again, by either side: the same chat.
    expect((await openDm(ada, bob)).id).toBe(dm.id);
    expect((await openDm(bob, ada)).id).toBe(dm.id);

    expect((await send(ada, dm.id, 'hello bob, this is a long first message')).statusCode).toBe(201);
    expect((await send(bob, dm.id, 'hi ada')).statusCode).toBe(201);
    const [seenByAda] = await list(ada);
    expect(seenByAda).toMatchObject({
      id: dm.id,
      users: [{ id: bob.id }],
      lastMessage: { content: 'hi ada', createdBy: bob.id, isDeleted: false, attachmentCount: 0 },
    });
    const [seenByBob] = await list(bob);
    expect(seenByBob).toMatchObject({ id: dm.id, users: [{ id: ada.id }] });
    const page = (await history(bob, dm.id)).json();
    expect(page.messages.map((m: { content: string }) => m.content)).toEqual(['hello bob, this is a long first message', 'hi ada']);
  });

  it('sorts the list by the newest message', async () => {
    const ada = await user();
    const [bob, cyd] = [await user(), await user()];
    const withBob = await openDm(ada, bob);
    const withCyd = await openDm(ada, cyd);
    await send(bob, withBob.id, 'one');
    expect((await list(ada)).map((d) => d.id)).toEqual([withBob.id, withCyd.id]);
    await send(cyd, withCyd.id, 'two');
    expect((await list(ada)).map((d) => d.id)).toEqual([withCyd.id, withBob.id]);
  });

  it('keeps the chat from everyone else: 404 for a non-member on history, send, react and hide', async () => {
    const [ada, bob, eve] = [await user(), await user(), await user()];
    const dm = await openDm(ada, bob);
    const sent = (await send(ada, dm.id, 'private')).json().message;
    expect((await history(eve, dm.id)).statusCode).toBe(404);
    expect((await send(eve, dm.id, 'let me in')).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/v1/channels/${dm.id}/messages/${sent.id}/reactions/%F0%9F%91%8D`, { cookie: eve.cookie })).statusCode).toBe(404);
    expect((await call(ctx.app, 'PATCH', `/api/v1/me/chats/${dm.id}/hidden`, { cookie: eve.cookie, body: {} })).statusCode).toBe(404);
    expect((await list(eve)).length).toBe(0);
    // Members react, edit and delete as in a channel.
    expect((await call(ctx.app, 'POST', `/api/v1/channels/${dm.id}/messages/${sent.id}/reactions/%F0%9F%91%8D`, { cookie: bob.cookie })).statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/channels/${dm.id}/messages/${sent.id}`, { cookie: ada.cookie, body: { content: 'edited' } })).statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/v1/channels/${dm.id}/messages/${sent.id}`, { cookie: bob.cookie })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `/api/v1/channels/${dm.id}/messages/${sent.id}`, { cookie: ada.cookie })).statusCode).toBe(200);
  });

  it('is not a team channel: team channel endpoints answer 404 for a chat', async () => {
    const [ada, bob] = [await user(), await user()];
    const dm = await openDm(ada, bob);
    const team = await makeTeam(ctx.app, ada);
    const res = await call(ctx.app, 'PATCH', `/api/v1/teams/${team.teamId}/channels/${dm.id}`, { cookie: ada.cookie, body: { name: 'mine' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('channel_not_found');
  });

  it('refuses bad requests and changes nothing', async () => {
    const ada = await user();
    const system = await makeUser(ctx.app, undefined, { system: true });
    const cases: [unknown, number, string][] = [
      [{}, 400, 'dm_users_required'],
      [{ users: [] }, 400, 'dm_users_required'],
      [{ users: [{ id: 'abc' }] }, 400, 'validation'],
      [{ users: [{ id: ada.id }] }, 400, 'dm_self'],
      [{ users: [{ id: '123456789012345678' }] }, 404, 'user_not_found'],
      [{ users: [{ id: system.id }] }, 400, 'dm_system'],
      [{ users: Array.from({ length: 10 }, (_, i) => ({ id: String(1000 + i) })) }, 400, 'dm_users_too_many'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: ada.cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (code !== 'validation') expect(JSON.stringify(res.json())).toContain(code);
    }
    expect(await list(ada)).toEqual([]);
  });

  it('applies the privacy setting and blocks when opening and on every send', async () => {
    const ada = await user();
    const shy = await user('friends');
    const res = await open(ada, shy);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('dm_friends_only');

    const bob = await user();
    const dm = await openDm(ada, bob);
    const before = await send(bob, dm.id, 'before the block');
    expect(before.statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', `/api/v1/me/users/${ada.id}/block`, { cookie: bob.cookie })).statusCode).toBe(200);
    // Who may not send may not react: neither the blocked person nor the blocker, and nothing is stored.
    for (const [who, code] of [
      [ada, 'dm_not_accepted'],
      [bob, 'dm_blocked'],
    ] as const) {
      const reaction = await react(who, dm.id, before.json().message.id);
      expect(reaction.statusCode).toBe(403);
      expect(reaction.json().code).toBe(code);
    }
    const refused = await send(ada, dm.id, 'are you there?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('dm_not_accepted');
    const blocker = await send(bob, dm.id, 'no');
    expect(blocker.statusCode).toBe(403);
    expect(blocker.json().code).toBe('dm_blocked');
    expect((await open(ada, bob)).json().code).toBe('dm_not_accepted');
    expect((await history(ada, dm.id)).json().messages).toMatchObject([{ content: 'before the block', reactions: [] }]);
    // Unblocked: they write again.
    expect((await call(ctx.app, 'DELETE', `/api/v1/me/users/${ada.id}/block`, { cookie: bob.cookie })).statusCode).toBe(200);
    expect((await send(ada, dm.id, 'hi again')).statusCode).toBe(201);
  });

  it('keeps a system chat read-only: listed and readable, never written to', async () => {
    const ada = await user();
    const system = await makeUser(ctx.app, 'Rally', { system: true });
    const channelId = newId();
    await ctx.db.transaction((tx) =>
      insertChat(tx, { channelId, pairKey: pairKeyOf(ada.id, system.id), createdBy: null, readOnly: true, memberIds: [ada.id, system.id] }),
    );
    await ctx.db.insert(messages).values({ id: newId(), channelId, authorId: system.id, content: 'Welcome to Rally!' });
    const [chat] = await list(ada);
    expect(chat).toMatchObject({ id: channelId, readOnly: true, users: [{ id: system.id, system: true }], lastMessage: { content: 'Welcome to Rally!' } });
    expect((await history(ada, channelId)).json().messages.map((m: { content: string }) => m.content)).toEqual(['Welcome to Rally!']);
    const refused = await send(ada, channelId, 'hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('no_permission_to_send_messages');
    const [welcome] = (await history(ada, channelId)).json().messages;
    const reaction = await react(ada, channelId, welcome.id);
    expect(reaction.statusCode).toBe(403);
    expect(reaction.json().code).toBe('no_permission_to_send_messages');
    expect((await history(ada, channelId)).json().messages).toMatchObject([{ reactions: [] }]);
  });

  it('sends a scheduled message to a chat when it is due, shown again to a member who hid it; not once the other blocked the author', async () => {
    const [ada, bob] = [await user(), await user()];
    const dm = await openDm(ada, bob);
    const scheduled = await call(ctx.app, 'POST', `/api/v1/channels/${dm.id}/messages`, {
      cookie: ada.cookie,
      body: { content: 'see you at eight', scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json().scheduledMessage).toMatchObject({ channelId: dm.id, content: 'see you at eight' });
    // Due now (a fixture row, as if scheduled earlier), with Bob having hidden the chat.
    await call(ctx.app, 'PATCH', `/api/v1/me/chats/${dm.id}/hidden`, { cookie: bob.cookie, body: {} });
    const due = (content: string) =>
      insertScheduled(ctx.db, { id: newId(), channelId: dm.id, authorId: ada.id, content, replyTo: null, sendAt: new Date(Date.now() - 60_000) });
    await due('it is eight');
    await ctx.app.scheduler.run();
    expect((await history(bob, dm.id)).json().messages.map((m: { content: string; type: string }) => [m.content, m.type])).toEqual([
      ['it is eight', 'scheduled'],
    ]);
    expect((await list(bob)).map((d) => d.id)).toEqual([dm.id]);

    expect((await call(ctx.app, 'POST', `/api/v1/me/users/${ada.id}/block`, { cookie: bob.cookie })).statusCode).toBe(200);
    await due('are you there?');
    await ctx.app.scheduler.run();
    expect((await history(bob, dm.id)).json().messages).toHaveLength(1);
  });

  it('opens a group chat with several people; each sees the others', async () => {
    const [ada, bob, cyd] = [await user(), await user(), await user()];
    const group = await openDm(ada, bob, cyd);
    expect(group.group).toBe(true);
    expect(group.users.map((u) => u.id).sort()).toEqual([bob.id, cyd.id].sort());
    // A second group with the same people is another chat (groups are not unique).
    expect((await openDm(ada, bob, cyd)).id).not.toBe(group.id);
    expect((await send(cyd, group.id, 'hello group')).statusCode).toBe(201);
    const [seenByBob] = (await list(bob)).filter((d) => d.id === group.id);
    expect(seenByBob!.users.map((u) => u.id).sort()).toEqual([ada.id, cyd.id].sort());
  });

  it('hides a chat from the list until a new message arrives', async () => {
    const [ada, bob] = [await user(), await user()];
    const dm = await openDm(ada, bob);
    expect((await call(ctx.app, 'PATCH', `/api/v1/me/chats/${dm.id}/hidden`, { cookie: ada.cookie })).statusCode).toBe(200);
    expect(await list(ada)).toEqual([]);
    expect((await list(bob)).map((d) => d.id)).toEqual([dm.id]);
    await send(bob, dm.id, 'ping');
    expect((await list(ada)).map((d) => d.id)).toEqual([dm.id]);
    // Hidden again, then opened again by the caller: shown.
    await call(ctx.app, 'PATCH', `/api/v1/me/chats/${dm.id}/hidden`, { cookie: ada.cookie, body: { hidden: true } });
    expect((await openDm(ada, bob)).id).toBe(dm.id);
    expect((await list(ada)).map((d) => d.id)).toEqual([dm.id]);
    // A team channel is not a chat to hide.
    const team = await makeTeam(ctx.app, ada);
    expect((await call(ctx.app, 'PATCH', `/api/v1/me/chats/${team.generalId}/hidden`, { cookie: ada.cookie, body: {} })).statusCode).toBe(404);
  });

  it('counts unread messages of a chat in dmInfo until it is read', async () => {
    const [ada, bob] = [await user(), await user()];
    const dm = await openDm(ada, bob);
    await send(ada, dm.id, 'one');
    await send(ada, dm.id, 'two');
    const unread = (await call(ctx.app, 'GET', '/api/v1/teams/unread', { cookie: bob.cookie })).json();
    expect(unread.dmInfo).toEqual([expect.objectContaining({ channelId: dm.id, unreadCount: 2 })]);
    await send(bob, dm.id, 'read them');
    expect((await call(ctx.app, 'GET', '/api/v1/teams/unread', { cookie: bob.cookie })).json().dmInfo).toEqual([]);
  });
});
