import { afterEach, describe, expect, it } from 'vitest';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { signMoveGrant } from '../modules/voice/move-grant';
import { signVoiceToken } from '../sfu/token';
import { call, withTestApp } from '../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { joinVoice, voiceJoinPath, type TestVoiceClient } from '../../test/helpers/voice-client';
import { readyClient, until } from './testing';

const opus = () => Buffer.alloc(80, 1);

/**
 * Moving a member to another voice channel (POST …/channels/{id}/move, MOVE_MEMBERS): the moved
 * user's sessions are sent VOICE_MOVE with a move grant, the SFU ends their old session, and the
 * grant lets them into the target past its user limit.
 */
describe('moving members between voice channels', () => {
  const ctx = withTestApp({}, { listen: true });
  const clients: TestVoiceClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  /** A team of `owner` with `mate` and `third` (no bits), `mod` (MOVE_MEMBERS); voice channels A and B (B holds one). */
  async function setup() {
    const [owner, mate, third, mod] = await Promise.all(['owner', 'mate', 'third', 'mod'].map((name) => makeUser(ctx.app, name)));
    const team = await makeTeam(ctx, owner!, { members: [mate!, third!] });
    await makeMember(ctx, team.teamId, mod!, { roles: [{ permissions: TeamPermission.MOVE_MEMBERS }] });
    const a = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'A' });
    const b = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'B', userLimit: 1 });
    return { owner: owner!, mate: mate!, third: third!, mod: mod!, teamId: team.teamId, generalId: team.generalId, a, b };
  }

  /** In the channel through the SFU (the join call, then the signalling socket's join). */
  async function join(who: TestUser, teamId: string, channelId: string, token?: string) {
    const { client } = await joinVoice(ctx.app, clients, who, teamId, channelId, token);
    await until(async () => (await ctx.app.voice.states.placeOf(who.id))?.channelId === channelId, `the SFU reported ${who.username} in the channel`);
    return client;
  }

  const move = (who: TestUser, teamId: string, to: string, body: { userId: string; fromChannelId: string }) =>
    call(ctx.app, 'POST', `/api/v1/teams/${teamId}/channels/${to}/move`, { cookie: who.cookie, body });

  const auditOf = async (owner: TestUser, teamId: string) =>
    (await call(ctx.app, 'GET', `/api/v1/teams/${teamId}/audit-logs`, { cookie: owner.cookie })).json().auditLogs as { actionType: string }[];

  it('moves a member: VOICE_MOVE with a grant, their old session ends, the grant joins the full target and the media flows there', async () => {
    const { owner, mate, third, mod, teamId, a, b } = await setup();
    const inA = await join(mate, teamId, a);
    const inB = await join(third, teamId, b);
    const { client: mateSocket } = await readyClient(ctx, mate);
    const { client: ownerSocket } = await readyClient(ctx, owner);

    // Without MOVE_MEMBERS: refused, and nothing happens.
    const refused = await move(third, teamId, b, { userId: mate.id, fromChannelId: a });
    expect(refused.statusCode).toBe(403);
    expect(await ctx.app.voice.states.placeOf(mate.id)).toEqual({ teamId, channelId: a });
    expect((await auditOf(owner, teamId)).filter((entry) => entry.actionType === 'USER_MOVED')).toEqual([]);

    const done = await move(mod, teamId, b, { userId: mate.id, fromChannelId: a });
    expect(done.statusCode, done.body).toBe(200);
    const moved = await mateSocket.next('VOICE_MOVE');
    expect(moved.data).toMatchObject({ teamId, fromChannelId: a, channelId: b });
    expect((await inA.next('error')).reason).toBe('voice_moved');
    expect((await ownerSocket.next('VOICE_LEFT')).data).toEqual({ teamId, channelId: a, userId: mate.id });
    const log = await call(ctx.app, 'GET', `/api/v1/teams/${teamId}/audit-logs`, { cookie: owner.cookie });
    expect(log.json().auditLogs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actionType: 'USER_MOVED',
          userId: mod.id,
          targetId: mate.id,
          options: { channelId: b },
          changes: [{ key: 'channelId', old: a, new: b }],
        }),
      ]),
    );

    // B holds its one: a plain join is refused, the grant lets the moved member in.
    const full = await call(ctx.app, 'GET', voiceJoinPath(teamId, b), { cookie: mate.cookie });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ message: 'Channel is full' });
    const there = await join(mate, teamId, b, moved.data.token as string);
    expect((await ownerSocket.next('VOICE_JOINED')).data).toMatchObject({ teamId, channelId: b, participant: { userId: mate.id } });

    there.publish('microphone', opus);
    await until(() => inB.receivedFrom(mate.id, 'microphone') > 10, 'the member in B hears the moved member', 15_000);
  });

  it('refuses a forged, expired, SFU, other user’s or other channel’s token', async () => {
    const { mate, third, teamId, a, b } = await setup();
    const secret = ctx.app.voice.secret;
    const exp = Date.now() + 60_000;
    const tokens = {
      forged: 'e30.c2lnbmF0dXJl',
      expired: signMoveGrant(secret, { userId: mate.id, teamId, channelId: b, exp: Date.now() - 1 }),
      sfu: signVoiceToken(secret, { userId: mate.id, teamId, channelId: b, screenCap: { width: 1280, height: 720, fps: 30 }, exp }),
      otherUser: signMoveGrant(secret, { userId: third.id, teamId, channelId: b, exp }),
      otherChannel: signMoveGrant(secret, { userId: mate.id, teamId, channelId: a, exp }),
    };
    for (const [what, token] of Object.entries(tokens)) {
      const refused = await call(ctx.app, 'GET', voiceJoinPath(teamId, b, token), { cookie: mate.cookie });
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json().code, what).toBe('voice_move_token_invalid');
    }
    const good = signMoveGrant(secret, { userId: mate.id, teamId, channelId: b, exp });
    expect((await call(ctx.app, 'GET', voiceJoinPath(teamId, b, good), { cookie: mate.cookie })).statusCode).toBe(200);
  });

  it('checks the move: same channel, not a voice target, not there, a channel hidden from the mover, a target the member may not connect to', async () => {
    const { mate, mod, teamId, generalId, a, b } = await setup();
    await ctx.app.voice.states.join({ teamId, channelId: a }, mate.id, ctx.app.voice.embeddedId, new Date());
    const hidden = await makeChannel(ctx, teamId, { type: 'voice', name: 'Staff', hiddenFrom: [teamId] });
    const noConnect = await makeChannel(ctx, teamId, {
      type: 'voice',
      name: 'Listen',
      permissions: { role: { [teamId]: { allow: 0, deny: ChannelPermission.CONNECT } }, user: {} },
    });
    const cases: [string, string, { userId: string; fromChannelId: string }, number, string][] = [
      ['same channel', a, { userId: mate.id, fromChannelId: a }, 400, 'voice_move_same_channel'],
      ['text target', generalId, { userId: mate.id, fromChannelId: a }, 400, 'voice_move_target_invalid'],
      ['not in the source', a, { userId: mate.id, fromChannelId: b }, 404, 'voice_participant_not_found'],
      ['hidden target', hidden, { userId: mate.id, fromChannelId: a }, 404, 'channel_not_found'],
      ['cannot connect', noConnect, { userId: mate.id, fromChannelId: a }, 403, 'voice_move_target_forbidden'],
    ];
    for (const [what, to, body, status, code] of cases) {
      const response = await move(mod, teamId, to, body);
      expect(response.statusCode, what).toBe(status);
      expect(response.json().code, what).toBe(code);
    }
    expect(await ctx.app.voice.states.placeOf(mate.id)).toEqual({ teamId, channelId: a });
  });
});
