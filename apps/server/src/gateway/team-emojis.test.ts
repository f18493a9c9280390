import { describe, expect, it } from 'vitest';
import { teamEmojisResponseSchema } from '@rally/shared/api/emojis';
import { call, withTestApp } from '../../test/helpers/app';
import { makeTeam, makeUser } from '../../test/helpers/factories';
import { makeImage, postForm } from '../../test/helpers/images';
import { readyClient, sendAs } from './testing';

/** A team's emoji list reaches its members live (TEAM_EMOJIS_UPDATED), and no one else. */
describe('team emoji, live', () => {
  const ctx = withTestApp({}, { listen: true });

  it("every member's session gets the whole list after an upload, a rename and a delete; an outsider's does not", async () => {
    const owner = await makeUser(ctx.app, 'owner');
    const mate = await makeUser(ctx.app, 'mate');
    const outsider = await makeUser(ctx.app, 'outsider');
    const team = await makeTeam(ctx, owner, { members: [mate] });
    const elsewhere = await makeTeam(ctx, outsider);
    const { client: mateSocket } = await readyClient(ctx, mate);
    const { client: outsiderSocket } = await readyClient(ctx, outsider);

    const uploaded = await postForm(
      ctx.app,
      `/api/v1/teams/${team.teamId}/bulk-reactions`,
      { emojis: { file: await makeImage('png'), filename: 'wave.png', contentType: 'image/png' } },
      { cookie: owner.cookie },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const listed = async () =>
      teamEmojisResponseSchema.parse((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/reactions`, { cookie: mate.cookie })).json()).reactions;
    const afterUpload = await mateSocket.next('TEAM_EMOJIS_UPDATED');
    expect(afterUpload.data).toEqual({ teamId: team.teamId, emojis: await listed() });
    const [wave] = afterUpload.data.emojis as { id: string; name: string }[];
    expect(wave?.name).toBe('wave');

    expect((await call(ctx.app, 'PUT', `/api/v1/teams/${team.teamId}/reactions/${wave!.id}`, { cookie: owner.cookie, body: { name: 'hi' } })).statusCode).toBe(
      200,
    );
    expect((await mateSocket.next('TEAM_EMOJIS_UPDATED')).data.emojis).toEqual(await listed());
    expect((await call(ctx.app, 'DELETE', `/api/v1/teams/${team.teamId}/reactions/${wave!.id}`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await mateSocket.next('TEAM_EMOJIS_UPDATED')).data).toEqual({ teamId: team.teamId, emojis: [] });

    // The outsider heard none of it: a message of their own team is the first frame after READY.
    await sendAs(ctx, outsider, elsewhere.generalId, 'mine');
    expect((await outsiderSocket.next()).type).toBe('MESSAGE_SEND');
  });
});
