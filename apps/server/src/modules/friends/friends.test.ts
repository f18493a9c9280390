import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { friendSchema, type Friend } from '@rally/shared/api/friends';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@rally/shared/api/users';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { friendships } from '../../db/schema';
import { pairOf } from './repository';

type Privacy = UserSettings['privacy'];

describe('friends', () => {
  const ctx = withTestApp();

  const user = (privacy: Partial<Privacy> = {}, options: { bot?: boolean; system?: boolean } = {}) =>
    makeUser(ctx.app, undefined, { ...options, settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, ...privacy } } });
  const send = (from: TestUser, slug: string, path = '/api/v1/me/friends') => call(ctx.app, 'POST', path, { cookie: from.cookie, body: { slug } });
  const respond = (who: TestUser, otherId: string, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/me/friends/${otherId}`, { cookie: who.cookie, body });
  const remove = (who: TestUser, otherId: string) => call(ctx.app, 'DELETE', `/api/v1/me/friends/${otherId}`, { cookie: who.cookie });
  const list = async (who: TestUser): Promise<Friend[]> => {
    const res = await call(ctx.app, 'GET', '/api/v1/me/friends', { cookie: who.cookie });
    expect(res.statusCode).toBe(200);
    return friendSchema.array().parse(res.json().friends);
  };
  const row = async (a: string, b: string) => {
    const { userLow, userHigh } = pairOf(a, b);
    const rows = await ctx.db.select().from(friendships).where(eq(friendships.userLow, userLow));
    return rows.find((r) => r.userHigh === userHigh) ?? null;
  };
  /** Make the two friends through the API. */
  async function befriend(a: TestUser, b: TestUser): Promise<void> {
    const sent = await send(a, b.slug);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await respond(b, a.id, { status: 'accepted' })).statusCode).toBe(200);
  }

  describe('requests', () => {
    it('sends a pending request by slug (any case): each side sees the other, FRIEND_REQUEST to both', async () => {
      const ada = await user();
      const bob = await user();
      const since = ctx.events.mark();
      const res = await send(ada, bob.slug.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json().friend).toMatchObject({ user: { id: bob.id, username: bob.username }, status: 'pending', createdBy: ada.id, acceptedAt: null });

      expect(await list(ada)).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: bob.id }), status: 'pending', createdBy: ada.id })]);
      expect(await list(bob)).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: ada.id }), status: 'pending', createdBy: ada.id })]);
      expect(await row(ada.id, bob.id)).toMatchObject({ requesterId: ada.id, status: 'pending' });

      const events = ctx.events.ofType('FRIEND_REQUEST', { since });
      expect(events.map((e) => [e.audience, e.event.data.friend.user.id])).toEqual([
        [{ kind: 'users', userIds: [ada.id] }, bob.id],
        [{ kind: 'users', userIds: [bob.id] }, ada.id],
      ]);
    });

    it('also answers on the /api/me/friends alias', async () => {
      const ada = await user();
      const bob = await user();
      expect((await send(ada, bob.slug, '/api/me/friends')).statusCode).toBe(200);
      expect((await call(ctx.app, 'GET', '/api/me/friends', { cookie: bob.cookie })).json().friends).toHaveLength(1);
    });

    it('checks the field: a handle or a name as registration takes it, 1 to 20 characters, trimmed, one leading @ dropped', async () => {
      const ada = await user();
      const length = 'Enter a name or @handle of 1 to 20 characters';
      const format = 'A name or @handle has only letters, numbers, spaces, underscores, hyphens and emoji';
      for (const [slug, message] of [
        ['', length],
        ['   ', length],
        ['@', length],
        ['a'.repeat(21), length],
        ['ada@home', format],
        ['ada.lovelace', format],
        ['@@ada', format],
      ] as const) {
        const res = await send(ada, slug);
        expect([res.statusCode, res.json().errors], slug).toEqual([400, { slug: message }]);
      }
      // What registration accepts passes the field (and finds nobody here).
      for (const slug of ['a', 'ab', 'ada lovelace', 'ada_lovelace', 'Cem Yılmaz', '🎮 gamer', `  @${'a'.repeat(20)}  `]) {
        const res = await send(ada, slug);
        expect([res.statusCode, res.json().code], slug).toEqual([404, 'friend_user_not_found']);
      }
      expect(await list(ada)).toEqual([]);
    });

    it('finds the one user who has a name (any case, dotless ı, compatibility forms), and a @handle', async () => {
      const tag = randomBytes(2).toString('hex');
      const ada = await user();
      const bob = await makeUser(ctx.app, `bob_r_${tag}`);
      const cem = await makeUser(ctx.app, `Cem Yılmaz ${tag}`);
      const byName = await send(ada, `BOB_R_${tag}`);
      expect(byName.statusCode, byName.body).toBe(200);
      expect(byName.json().friend).toMatchObject({ user: { id: bob.id, slug: bob.slug }, status: 'pending', createdBy: ada.id });
      const turkish = await send(ada, `CEM YILMAZ ${tag.toUpperCase()}`);
      expect(turkish.statusCode, turkish.body).toBe(200);
      expect(turkish.json().friend.user.id).toBe(cem.id);
      const eve = await makeUser(ctx.app, `Eve ${tag}`);
      // Full-width letters are the same name (NFKC).
      expect((await send(ada, `Ｅｖｅ ${tag}`)).json().friend.user.id).toBe(eve.id);
      const dan = await user();
      expect((await send(ada, `@${dan.slug}`)).json().friend.user.id).toBe(dan.id);
      expect((await list(ada)).map((f) => f.user.id).sort()).toEqual([bob.id, cem.id, eve.id, dan.id].sort());
    });

    it('refuses a name that several users have (409, nothing made) and takes the handle instead', async () => {
      const tag = randomBytes(2).toString('hex');
      const ada = await user();
      const sam = await makeUser(ctx.app, `Sam Lee ${tag}`);
      const other = await makeUser(ctx.app, `sam lee ${tag.toUpperCase()}`);
      const since = ctx.events.mark();
      for (const lang of ['en', 'tr']) {
        const res = await call(ctx.app, 'POST', '/api/v1/me/friends', {
          cookie: ada.cookie,
          body: { slug: `Sam Lee ${tag}` },
          headers: { 'accept-language': lang },
        });
        expect([res.statusCode, res.json().code], lang).toEqual([409, 'friend_name_ambiguous']);
        expect(res.json().errors.slug).toMatch(lang === 'en' ? /Ask your friend for their @handle/ : /@kısa adını/);
      }
      expect(await list(ada)).toEqual([]);
      expect(await list(sam)).toEqual([]);
      expect(await list(other)).toEqual([]);
      expect(ctx.events.ofType('FRIEND_REQUEST', { since })).toEqual([]);
      const byHandle = await send(ada, other.slug);
      expect([byHandle.statusCode, byHandle.json().friend.user.id]).toEqual([200, other.id]);
    });

    it("goes by the handle when the text is one user's handle and another's name", async () => {
      const ada = await user();
      const owner = await user();
      const namesake = await makeUser(ctx.app, owner.slug);
      const res = await send(ada, owner.slug);
      expect([res.statusCode, res.json().friend.user.id]).toEqual([200, owner.id]);
      expect(await list(namesake)).toEqual([]);
    });

    it('keeps the rules by name: not oneself, not through a block either way', async () => {
      const tag = randomBytes(2).toString('hex');
      const ada = await makeUser(ctx.app, `ada_${tag}`);
      const bob = await makeUser(ctx.app, `bob_${tag}`);
      const self = await send(ada, `ada_${tag}`);
      expect([self.statusCode, self.json().code]).toEqual([400, 'friend_request_self']);
      expect((await call(ctx.app, 'POST', `/api/v1/me/users/${bob.id}/block`, { cookie: ada.cookie })).statusCode).toBe(200);
      const blocker = await send(ada, `bob_${tag}`);
      expect([blocker.statusCode, blocker.json().code]).toEqual([403, 'friend_request_blocked']);
      const blocked = await send(bob, `ADA_${tag}`);
      expect([blocked.statusCode, blocked.json().code]).toEqual([403, 'friend_request_not_accepted']);
      expect(await row(ada.id, bob.id)).toBeNull();
    });

    it('refuses oneself, an unknown name, bots and system accounts, in English or Turkish', async () => {
      const ada = await user();
      const bot = await user({}, { bot: true });
      const system = await user({}, { system: true });
      const self = await send(ada, ada.slug);
      expect([self.statusCode, self.json().code]).toEqual([400, 'friend_request_self']);
      const unknown = await call(ctx.app, 'POST', '/api/v1/me/friends', {
        cookie: ada.cookie,
        body: { slug: 'nobody-here-123' },
        headers: { 'accept-language': 'tr' },
      });
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'friend_user_not_found']);
      expect(unknown.json().message).toMatch(/bulunamadı/);
      for (const other of [bot, system]) {
        const res = await send(ada, other.slug);
        expect([res.statusCode, res.json().code]).toEqual([400, 'friend_request_bot']);
      }
      expect(await list(ada)).toEqual([]);
    });

    it('refuses a second request and a request to a friend', async () => {
      const ada = await user();
      const bob = await user();
      await send(ada, bob.slug);
      const again = await send(ada, bob.slug);
      expect([again.statusCode, again.json().code]).toEqual([409, 'friend_request_pending']);
      await respond(bob, ada.id, { status: 'accepted' });
      for (const [from, to] of [
        [ada, bob],
        [bob, ada],
      ] as const) {
        const res = await send(from, to.slug);
        expect([res.statusCode, res.json().code]).toEqual([409, 'friend_already']);
      }
    });

    it("accepts the other's pending request when sending one back (as Discord does)", async () => {
      const ada = await user();
      const bob = await user({ friendRequests: 'noone' });
      const to = (id: string) => (e: { audience: { kind: string; userIds?: string[] } }) => e.audience.kind === 'users' && !!e.audience.userIds?.includes(id);
      const before = ctx.events.mark();
      await send(bob, ada.slug);
      // Through Redis the request's events may arrive after the call returns: both are in before marking.
      for (const id of [ada.id, bob.id]) await ctx.events.waitFor('FRIEND_REQUEST', { since: before, where: to(id) });
      const since = ctx.events.mark();
      const res = await send(ada, bob.slug);
      expect(res.statusCode).toBe(200);
      for (const id of [ada.id, bob.id]) await ctx.events.waitFor('FRIEND_ACCEPTED', { since, where: to(id) });
      expect(res.json().friend).toMatchObject({ status: 'accepted', createdBy: bob.id, user: { id: bob.id } });
      expect(await row(ada.id, bob.id)).toMatchObject({ status: 'accepted', requesterId: bob.id });
      expect(ctx.events.ofType('FRIEND_ACCEPTED', { since }).map((e) => e.audience)).toEqual([
        { kind: 'users', userIds: [ada.id] },
        { kind: 'users', userIds: [bob.id] },
      ]);
      expect(ctx.events.ofType('FRIEND_REQUEST', { since })).toEqual([]);
    });

    it('needs a session', async () => {
      const res = await call(ctx.app, 'GET', '/api/v1/me/friends');
      expect(res.statusCode).toBe(401);
    });
  });

  describe('answers and removal', () => {
    it('accepts an incoming request: both lists read accepted, FRIEND_ACCEPTED to both', async () => {
      const ada = await user();
      const bob = await user();
      await send(ada, bob.slug);
      const since = ctx.events.mark();
      const res = await respond(bob, ada.id, { status: 'accepted', id: ada.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().friend).toMatchObject({ status: 'accepted', user: { id: ada.id }, createdBy: ada.id, acceptedAt: expect.any(String) });
      expect((await list(ada)).map((f) => [f.user.id, f.status])).toEqual([[bob.id, 'accepted']]);
      expect((await list(bob)).map((f) => [f.user.id, f.status])).toEqual([[ada.id, 'accepted']]);
      const events = ctx.events.ofType('FRIEND_ACCEPTED', { since });
      expect(events.map((e) => [e.audience, e.event.data.friend.user.id, e.event.data.friend.status])).toEqual([
        [{ kind: 'users', userIds: [bob.id] }, ada.id, 'accepted'],
        [{ kind: 'users', userIds: [ada.id] }, bob.id, 'accepted'],
      ]);
    });

    it('rejects an incoming request: the entry goes for both, FRIEND_REMOVED to both', async () => {
      const ada = await user();
      const bob = await user();
      await send(ada, bob.slug);
      const since = ctx.events.mark();
      const res = await respond(bob, ada.id, { status: 'rejected' });
      expect(res.statusCode).toBe(200);
      expect(res.json().friend).toBeNull();
      expect(await row(ada.id, bob.id)).toBeNull();
      expect(await list(ada)).toEqual([]);
      expect(ctx.events.ofType('FRIEND_REMOVED', { since }).map((e) => [e.audience, e.event.data.userId])).toEqual([
        [{ kind: 'users', userIds: [bob.id] }, ada.id],
        [{ kind: 'users', userIds: [ada.id] }, bob.id],
      ]);
    });

    it('refuses to answer what is not an incoming request, and a mismatching id', async () => {
      const ada = await user();
      const bob = await user();
      const none = await respond(bob, ada.id, { status: 'accepted' });
      expect([none.statusCode, none.json().code]).toEqual([404, 'friend_request_not_found']);
      await send(ada, bob.slug);
      const own = await respond(ada, bob.id, { status: 'accepted' });
      expect([own.statusCode, own.json().code]).toEqual([404, 'friend_request_not_found']);
      const mismatch = await respond(bob, ada.id, { status: 'accepted', id: bob.id });
      expect([mismatch.statusCode, mismatch.json().code]).toEqual([400, 'friend_id_mismatch']);
      const badStatus = await respond(bob, ada.id, { status: 'pending' });
      expect(badStatus.statusCode).toBe(400);
      expect(await row(ada.id, bob.id)).toMatchObject({ status: 'pending' });
      await respond(bob, ada.id, { status: 'accepted' });
      const twice = await respond(bob, ada.id, { status: 'accepted' });
      expect([twice.statusCode, twice.json().code]).toEqual([409, 'friend_already']);
    });

    it('cancels an outgoing request, declines an incoming one and unfriends with DELETE; 404 when there is nothing', async () => {
      const ada = await user();
      const bob = await user();
      const cy = await user();
      await send(ada, bob.slug);
      expect((await remove(ada, bob.id)).statusCode).toBe(200);
      expect(await list(bob)).toEqual([]);
      await send(cy, ada.slug);
      expect((await call(ctx.app, 'DELETE', `/api/me/friends/${cy.id}`, { cookie: ada.cookie, body: { id: cy.id } })).statusCode).toBe(200);
      await befriend(ada, bob);
      const since = ctx.events.mark();
      expect((await remove(bob, ada.id)).statusCode).toBe(200);
      expect(await list(ada)).toEqual([]);
      expect(ctx.events.ofType('FRIEND_REMOVED', { since })).toHaveLength(2);
      const none = await remove(bob, ada.id);
      expect([none.statusCode, none.json().code]).toEqual([404, 'friend_not_found']);
    });
  });

  describe('friend-request privacy (000 §3)', () => {
    /** A sender and a target whose relation is stranger or friend of a friend. */
    async function relation(kind: 'stranger' | 'fof', privacy: Privacy['friendRequests']) {
      const sender = await user();
      const target = await user({ friendRequests: privacy });
      if (kind === 'fof') {
        const mutual = await user();
        await befriend(sender, mutual);
        await befriend(target, mutual);
      }
      return { sender, target };
    }

    const matrix: [Privacy['friendRequests'], 'stranger' | 'fof', number][] = [
      ['everyone', 'stranger', 200],
      ['everyone', 'fof', 200],
      ['fof', 'stranger', 403],
      ['fof', 'fof', 200],
      ['noone', 'stranger', 403],
      ['noone', 'fof', 403],
    ];
    it.each(matrix)('target accepts %s, sender is a %s: %i', async (privacy, kind, status) => {
      const { sender, target } = await relation(kind, privacy);
      const res = await send(sender, target.slug);
      expect(res.statusCode).toBe(status);
      if (status === 403) {
        expect(res.json().code).toBe('friend_request_not_accepted');
        expect(await row(sender.id, target.id)).toBeNull();
      }
    });

    it('is chosen with POST /api/v1/me/settings/privacy: one key at a time, the other kept, /me shows it, the next request obeys', async () => {
      const sender = await user();
      const target = await user();
      const set = (privacy: Record<string, unknown>, path = '/api/v1/me/settings/privacy') =>
        call(ctx.app, 'POST', path, { cookie: target.cookie, body: { privacy } });
      const first = await set({ directMessages: 'friends' });
      expect([first.statusCode, first.json().privacy]).toEqual([200, { friendRequests: 'everyone', directMessages: 'friends' }]);
      const second = await set({ friendRequests: 'noone' }, '/api/me/settings/privacy');
      expect(second.json().privacy).toEqual({ friendRequests: 'noone', directMessages: 'friends' });
      const me = await call(ctx.app, 'GET', '/api/v1/me', { cookie: target.cookie });
      expect(me.json().settings).toMatchObject({ locale: 'en', privacy: { friendRequests: 'noone', directMessages: 'friends' } });
      expect((await send(sender, target.slug)).statusCode).toBe(403);
      for (const bad of [{ friendRequests: 'friends' }, { directMessages: 'noone' }, { friendRequests: 1 }]) {
        const res = await set(bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect((await call(ctx.app, 'POST', '/api/v1/me/settings/privacy', { body: { privacy: {} } })).statusCode).toBe(401);
      expect((await set({})).json().privacy).toEqual({ friendRequests: 'noone', directMessages: 'friends' });
    });

    it('a pending request (not accepted) does not make friends of friends', async () => {
      const sender = await user();
      const mutual = await user();
      const target = await user({ friendRequests: 'fof' });
      await send(sender, mutual.slug);
      await befriend(target, mutual);
      expect((await send(sender, target.slug)).statusCode).toBe(403);
    });
  });

  describe('blocking', () => {
    const block = (who: TestUser, id: string, path = `/api/v1/me/users/${id}/block`) => call(ctx.app, 'POST', path, { cookie: who.cookie });
    const unblock = (who: TestUser, id: string) => call(ctx.app, 'DELETE', `/api/me/users/${id}/block`, { cookie: who.cookie });
    const blocks = async (who: TestUser) => (await call(ctx.app, 'GET', '/api/v1/me/blocks', { cookie: who.cookie })).json().blocked as { userId: string }[];

    it('blocks a friend: the friendship ends for both, USER_BLOCKED to the blocker only, FRIEND_REMOVED to both', async () => {
      const ada = await user();
      const bob = await user();
      await befriend(ada, bob);
      const since = ctx.events.mark();
      const res = await block(ada, bob.id, `/api/me/users/${bob.id}/block`);
      expect(res.statusCode).toBe(200);
      expect(res.json().blocked).toMatchObject({ userId: bob.id, blockedAt: expect.any(String), user: { id: bob.id, username: bob.username } });
      expect(await row(ada.id, bob.id)).toBeNull();
      expect(await list(bob)).toEqual([]);
      expect((await blocks(ada)).map((b) => b.userId)).toEqual([bob.id]);
      expect(await blocks(bob)).toEqual([]);
      expect(ctx.events.ofType('USER_BLOCKED', { since }).map((e) => e.audience)).toEqual([{ kind: 'users', userIds: [ada.id] }]);
      expect(ctx.events.ofType('FRIEND_REMOVED', { since })).toHaveLength(2);
    });

    it('ends a pending request too, and no request passes either way while blocked', async () => {
      const ada = await user();
      const bob = await user();
      await send(bob, ada.slug);
      await block(ada, bob.id);
      expect(await row(ada.id, bob.id)).toBeNull();
      const fromBlocked = await send(bob, ada.slug);
      expect([fromBlocked.statusCode, fromBlocked.json().code]).toEqual([403, 'friend_request_not_accepted']);
      const fromBlocker = await send(ada, bob.slug);
      expect([fromBlocker.statusCode, fromBlocker.json().code]).toEqual([403, 'friend_request_blocked']);
      expect(await row(ada.id, bob.id)).toBeNull();

      const since = ctx.events.mark();
      expect((await unblock(ada, bob.id)).statusCode).toBe(200);
      expect(ctx.events.ofType('USER_UNBLOCKED', { since }).map((e) => [e.audience, e.event.data.userId])).toEqual([
        [{ kind: 'users', userIds: [ada.id] }, bob.id],
      ]);
      expect(await blocks(ada)).toEqual([]);
      expect((await send(bob, ada.slug)).statusCode).toBe(200);
    });

    it('refuses oneself, a system account, an unknown user, a second block and unblocking who is not blocked', async () => {
      const ada = await user();
      const bob = await user();
      const system = await user({}, { system: true });
      const bot = await user({}, { bot: true });
      const self = await block(ada, ada.id);
      expect([self.statusCode, self.json().code]).toEqual([400, 'block_self']);
      const sys = await block(ada, system.id);
      expect([sys.statusCode, sys.json().code]).toEqual([400, 'block_system']);
      const unknown = await block(ada, '123456789012345678');
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'user_not_found']);
      expect((await block(ada, bot.id)).statusCode).toBe(200);
      expect((await block(ada, bob.id)).statusCode).toBe(200);
      const twice = await block(ada, bob.id);
      expect([twice.statusCode, twice.json().code]).toEqual([409, 'user_already_blocked']);
      const notBlocked = await unblock(bob, ada.id);
      expect([notBlocked.statusCode, notBlocked.json().code]).toEqual([404, 'user_not_blocked']);
      expect((await blocks(ada)).map((b) => b.userId)).toEqual([bob.id, bot.id]);
    });
  });

  describe('friend-invite links', () => {
    const code = async (who: TestUser) => {
      const res = await call(ctx.app, 'GET', '/api/v1/me/friendInvite', { cookie: who.cookie });
      expect(res.statusCode).toBe(200);
      return res.json().code as string;
    };
    const accept = (who: TestUser, c: string) => call(ctx.app, 'POST', '/api/v1/me/friendinvites/accept', { cookie: who.cookie, body: { code: c } });

    let ada: TestUser;
    let adaCode: string;
    beforeAll(async () => {
      ada = await user({ friendRequests: 'noone' });
      adaCode = await code(ada);
    });

    it('gives each user one unguessable code, the same on every call', async () => {
      expect(adaCode).toMatch(/^[a-z0-9]{16}$/i);
      expect(await code(ada)).toBe(adaCode);
      expect(await code(await user())).not.toBe(adaCode);
    });

    it('tells who a code belongs to, signed out too (lookup and the spec validate call); an unknown code is 404', async () => {
      const lookup = await call(ctx.app, 'GET', `/api/v1/friendinvites/${adaCode}`);
      expect(lookup.statusCode).toBe(200);
      expect(lookup.json().inviter).toMatchObject({ id: ada.id, username: ada.username });
      expect(lookup.json().inviter.email).toBeUndefined();
      const validate = await call(ctx.app, 'POST', '/api/v1/me/friendinvites/validate', { body: { code: adaCode } });
      expect(validate.json().inviter.id).toBe(ada.id);
      const unknown = await call(ctx.app, 'POST', '/api/v1/me/friendinvites/validate', { body: { code: 'NoSuchCode000000' } });
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'friend_code_invalid']);
    });

    it("makes the two friends at once (the inviter's request privacy does not apply); FRIEND_ACCEPTED to both", async () => {
      const bob = await user();
      const since = ctx.events.mark();
      const res = await accept(bob, adaCode);
      expect(res.statusCode).toBe(200);
      expect(res.json().friend).toMatchObject({ status: 'accepted', createdBy: ada.id, user: { id: ada.id } });
      expect(await row(ada.id, bob.id)).toMatchObject({ status: 'accepted', requesterId: ada.id });
      expect(ctx.events.ofType('FRIEND_ACCEPTED', { since })).toHaveLength(2);
      const again = await accept(bob, adaCode);
      expect([again.statusCode, again.json().code]).toEqual([409, 'friend_already']);
    });

    it('accepts a pending request either way; refuses one’s own code, unknown codes and blocks', async () => {
      const cy = await user();
      await send(ada, cy.slug);
      expect((await accept(cy, adaCode)).json().friend).toMatchObject({ status: 'accepted', createdBy: ada.id, acceptedAt: expect.any(String) });
      expect(await row(ada.id, cy.id)).toMatchObject({ status: 'accepted', requesterId: ada.id });
      const own = await accept(ada, adaCode);
      expect([own.statusCode, own.json().code]).toEqual([400, 'friend_invite_own']);
      const unknown = await accept(cy, 'NoSuchCode000000');
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'friend_code_invalid']);
      const dan = await user();
      await call(ctx.app, 'POST', `/api/v1/me/users/${dan.id}/block`, { cookie: ada.cookie });
      const blocked = await accept(dan, adaCode);
      expect([blocked.statusCode, blocked.json().code]).toEqual([403, 'friend_request_not_accepted']);
      expect(await row(ada.id, dan.id)).toBeNull();
    });
  });
});
