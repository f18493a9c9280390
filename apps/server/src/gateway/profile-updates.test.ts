import { describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../test/helpers/app';
import { makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { friendships } from '../db/schema';
import { pairOf } from '../modules/friends/repository';
import { readyClient, type TestClient } from './testing';

/** USER_PROFILE_UPDATED (a custom status or game activity changed) over sockets: the user's circle hears it, no one else. */
describe('status over the gateway', () => {
  const ctx = withTestApp({}, { listen: true });

  /** The next USER_PROFILE_UPDATED about `who` (others skipped). */
  async function updateOf(client: TestClient, who: TestUser): Promise<Record<string, unknown>> {
    for (;;) {
      const frame = await client.next('USER_PROFILE_UPDATED');
      if (frame.data.userId === who.id) return frame.data;
    }
  }

  it('reaches teammates, friends and the user, and no one else', async () => {
    const user = await makeUser(ctx.app);
    const mate = await makeUser(ctx.app);
    const friend = await makeUser(ctx.app);
    const stranger = await makeUser(ctx.app);
    await makeTeam(ctx.app, user, { members: [mate] });
    await ctx.db.insert(friendships).values({ ...pairOf(user.id, friend.id), requesterId: user.id, status: 'accepted', acceptedAt: new Date() });
    const [self, mateSocket, friendSocket, strangerSocket] = await Promise.all(
      [user, mate, friend, stranger].map(async (who) => (await readyClient(ctx, who)).client),
    );

    const res = await call(ctx.app, 'POST', '/api/v1/me/status', { cookie: user.cookie, body: { content: 'on a raid', emojiId: '⚔️' } });
    expect(res.statusCode, res.body).toBe(200);
    const status = { content: 'on a raid', emojiId: '⚔️', emoji: null };
    for (const socket of [self!, mateSocket!, friendSocket!]) expect(await updateOf(socket, user)).toEqual({ userId: user.id, status });

    await call(ctx.app, 'POST', '/api/v1/me/rpc', { cookie: user.cookie, body: { type: 'watching', name: 'A stream' } });
    expect(await updateOf(mateSocket!, user)).toMatchObject({ userId: user.id, activity: { type: 'watching', name: 'A stream' } });
    expect(await updateOf(friendSocket!, user)).toMatchObject({ activity: { name: 'A stream' } });
    expect(strangerSocket!.unread().filter((f) => f.type === 'USER_PROFILE_UPDATED')).toEqual([]);
    for (const socket of [self, mateSocket, friendSocket, strangerSocket]) socket?.close();
  });
});
