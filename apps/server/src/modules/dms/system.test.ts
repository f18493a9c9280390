import { describe, expect, it } from 'vitest';
import type { DirectChat } from '@rally/shared/api/dms';
import { escapeMarkdown } from '@rally/shared/markdown/escape';
import { call, withTestApp } from '../../../test/helpers/app';
import { registerViaApi } from '../../../test/helpers/auth';
import { makeMember, makeTeam, makeUser, type TestUser } from '../../../test/helpers/factories';
import { SYSTEM_ACCOUNT_ID } from './system';

/** The system account's chats (001 §6 "System DM channels are read-only"): what writes them, and that nobody else can. */
describe('system chats', () => {
  const ctx = withTestApp();

  const chats = async (cookie: string): Promise<DirectChat[]> => {
    const res = await call(ctx.app, 'GET', '/api/v1/me/chats', { cookie });
    expect(res.statusCode).toBe(200);
    return res.json().dms as DirectChat[];
  };
  const systemChat = async (cookie: string) => (await chats(cookie)).find((c) => c.users.some((u) => u.id === SYSTEM_ACCOUNT_ID));
  const contents = async (cookie: string, channelId: string): Promise<string[]> => {
    const res = await call(ctx.app, 'GET', `/api/v1/channels/${channelId}/messages`, { cookie });
    expect(res.statusCode).toBe(200);
    return (res.json().messages as { content: string; createdBy: { id: string } }[]).map((m) => {
      expect(m.createdBy.id).toBe(SYSTEM_ACCOUNT_ID);
      return m.content;
    });
  };

  it('welcomes a new user in their language in a read-only chat from the system account, which cannot sign in or be written to', async () => {
    const en = await registerViaApi(ctx.app, { username: '__New_player__' });
    expect(en.response.statusCode, en.response.body).toBe(201);
    const chat = await systemChat(en.cookie!);
    expect(chat).toMatchObject({ readOnly: true, group: false, users: [{ id: SYSTEM_ACCOUNT_ID, username: 'Rally', system: true }] });
    const [welcome] = await contents(en.cookie!, chat!.id);
    // The name is escaped: it renders as written, not underlined.
    expect(welcome).toContain('**Welcome to Rally, \\_\\_New\\_player\\_\\_!**');
    // It tells the handle the name became, which friends add them with.
    const { slug } = en.response.json().user as { slug: string };
    expect(slug).toMatch(/^new-player/);
    expect(welcome).toContain(`Your handle is **@${escapeMarkdown(slug)}**`);

    const tr = await registerViaApi(ctx.app, {}, { headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(tr.response.statusCode, tr.response.body).toBe(201);
    const trChat = await systemChat(tr.cookie!);
    expect((await contents(tr.cookie!, trChat!.id))[0]).toContain("Rally'ye hoş geldin");

    const reply = await call(ctx.app, 'POST', `/api/v1/channels/${chat!.id}/messages`, { cookie: en.cookie!, body: { content: 'hi' } });
    expect(reply.statusCode).toBe(403);
    expect(await contents(en.cookie!, chat!.id)).toHaveLength(1);
    const open = await call(ctx.app, 'POST', '/api/v1/me/chats', { cookie: en.cookie!, body: { users: [{ id: SYSTEM_ACCOUNT_ID }] } });
    expect(open.json()).toMatchObject({ code: 'dm_system' });
    const login = await call(ctx.app, 'POST', '/api/v1/login', { body: { email: 'system@rally.invalid', password: '!' } });
    expect(login.statusCode).toBe(401);
  });

  it('tells a kicked or banned member in their one system chat, live, with the team name and reason escaped', async () => {
    const owner = await makeUser(ctx.app);
    const member: TestUser = await makeUser(ctx.app);
    const { teamId } = await makeTeam(ctx.app, owner, { name: 'Raid # <@1>', members: [member] });
    const since = ctx.events.mark();
    const kick = await call(ctx.app, 'DELETE', `/api/v1/teams/${teamId}/members/${member.id}`, { cookie: owner.cookie });
    expect(kick.statusCode).toBe(200);
    const created = await ctx.events.waitFor('DM_CREATED', { since });
    expect(created.audience).toEqual({ kind: 'users', userIds: [member.id] });
    const sent = await ctx.events.waitFor('MESSAGE_SEND', { since, where: (e) => e.event.data.createdBy.id === SYSTEM_ACCOUNT_ID });
    expect(sent.event.data.content).toBe('You were removed from the team **Raid \\# \\<\\@1\\>**.');
    expect(sent.event.data.mentions.users).toEqual([]);

    await makeMember(ctx.app, teamId, member);
    const ban = await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/members/${member.id}/ban`, { cookie: owner.cookie, body: { reason: 'spam **links**' } });
    expect(ban.statusCode).toBe(200);
    const chat = (await chats(member.cookie)).filter((c) => c.users.some((u) => u.id === SYSTEM_ACCOUNT_ID));
    expect(chat).toHaveLength(1);
    expect(await contents(member.cookie, chat[0]!.id)).toEqual([
      'You were removed from the team **Raid \\# \\<\\@1\\>**.',
      'You were banned from the team **Raid \\# \\<\\@1\\>**. Reason: spam \\*\\*links\\*\\*',
    ]);

    // A user banned before ever joining is not told.
    const stranger = await makeUser(ctx.app);
    await call(ctx.app, 'POST', `/api/v1/teams/${teamId}/members/${stranger.id}/ban`, { cookie: owner.cookie, body: {} });
    expect(await systemChat(stranger.cookie)).toBeUndefined();
  });
});
