import { describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../test/helpers/app';
import { makeTeam, makeUser, signIn } from '../../test/helpers/factories';
import { readyClient } from './testing';

/** The team list order (PATCH /api/v1/teams/priority) reaches the user's other sessions, and only theirs. */
describe('team list order, live', () => {
  const ctx = withTestApp({}, { listen: true });

  it("every session of the user gets TEAMS_PRIORITY_UPDATED with the whole new order; a teammate's does not", async () => {
    const user = await makeUser(ctx.app, 'user');
    const mate = await makeUser(ctx.app, 'mate');
    const a = (await makeTeam(ctx, user, { members: [mate] })).teamId;
    const b = (await makeTeam(ctx, user, { members: [mate] })).teamId;
    const phone = await signIn(ctx.app, user.id);
    const { client: desktop } = await readyClient(ctx, user);
    const { client: other } = await readyClient(ctx, phone);
    const { client: teammate } = await readyClient(ctx, mate);

    const res = await call(ctx.app, 'PATCH', '/api/v1/teams/priority', { cookie: phone.cookie, body: [b, a] });
    expect(res.statusCode, res.body).toBe(200);
    for (const socket of [desktop, other]) expect(await socket.next()).toMatchObject({ type: 'TEAMS_PRIORITY_UPDATED', data: { teamIds: [b, a] } });
    // READY of a new session follows the same order.
    const { client: later } = await readyClient(ctx, user);
    expect(later.frames.find((f) => f.type === 'READY')?.data.teams.map((t: { id: string }) => t.id)).toEqual([b, a]);
    // The teammate heard nothing: a message to the team is the next frame it gets.
    const channels = (await call(ctx.app, 'GET', `/api/v1/teams/${a}/channels`, { cookie: user.cookie })).json().channels as { id: string }[];
    const general = channels[0]!.id; // a team made by makeTeam has #general
    expect((await call(ctx.app, 'POST', `/api/v1/channels/${general}/messages`, { cookie: user.cookie, body: { content: 'after' } })).statusCode).toBe(201);
    expect((await teammate.next()).type).toBe('MESSAGE_SEND');
  });
});
