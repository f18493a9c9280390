import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelPermission } from '@rally/shared/permissions';
import { VOICE_RATE_LIMITED } from '@rally/shared/voice/signaling';
import { call, withTestApp } from '../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { joinVoice, TestVoiceClient } from '../../test/helpers/voice-client';
import { readyClient, until } from './testing';

/**
 * Voice through the API: the join token, the embedded SFU behind /api/v1/voice/sfu, and who is in
 * which channel as the gateway tells it.
 */
describe('voice channels', () => {
  const ctx = withTestApp({}, { listen: true });
  const clients: TestVoiceClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  const base = () => `127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

  async function setup(userLimit = 0) {
    const owner = await makeUser(ctx.app, 'owner');
    const mate = await makeUser(ctx.app, 'mate');
    const team = await makeTeam(ctx, owner, { members: [mate] });
    const voiceId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Lounge', userLimit });
    return { owner, mate, team, voiceId };
  }

  const join = (who: TestUser, teamId: string, channelId: string) => joinVoice(ctx.app, clients, who, teamId, channelId);

  it('joins through the embedded SFU; the team hears VOICE_JOINED, VOICE_UPDATED and VOICE_LEFT, and the states follow', async () => {
    const { owner, mate, team, voiceId } = await setup();
    const { client: mateSocket } = await readyClient(ctx, mate);

    const { client, answer } = await join(owner, team.teamId, voiceId);
    expect(answer).toMatchObject({
      channelId: voiceId,
      userId: owner.id,
      region: 'us-east-1',
      endpoint: `/api/v1/voice/sfu?node=${ctx.app.voice.embeddedId}`,
      screenCap: { width: 1280, height: 720, fps: 30 },
    });
    const joined = await mateSocket.next('VOICE_JOINED');
    expect(joined.data).toMatchObject({
      teamId: team.teamId,
      channelId: voiceId,
      participant: { userId: owner.id, muted: false, deafened: false, sources: [] },
    });
    const states = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/voice`, { cookie: mate.cookie });
    expect(states.json().channels).toEqual({ [voiceId]: [joined.data.participant] });

    client.send({ op: 'state', muted: true, deafened: false, speaking: false });
    expect((await mateSocket.next('VOICE_UPDATED')).data.participant).toMatchObject({ userId: owner.id, muted: true });

    // Vanishing without a word (the socket dropped) takes them out as well.
    client.socket.terminate();
    expect((await mateSocket.next('VOICE_LEFT')).data).toEqual({ teamId: team.teamId, channelId: voiceId, userId: owner.id });
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/voice`, { cookie: mate.cookie })).json().channels).toEqual({});
  });

  it("refuses a full channel with 'Channel is full', except to someone already in it or who may move members", async () => {
    const { owner, mate, team, voiceId } = await setup(1);
    const third = await makeUser(ctx.app, 'third');
    await makeMember(ctx, team.teamId, third);
    await join(mate, team.teamId, voiceId);
    await until(async () => (await ctx.app.voice.states.count(voiceId)) === 1, 'the SFU reported the join');

    const refused = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels/${voiceId}/join`, { cookie: third.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Channel is full' });
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels/${voiceId}/join`, { cookie: mate.cookie })).statusCode).toBe(200);
    // The owner holds every permission, MOVE_MEMBERS among them.
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels/${voiceId}/join`, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('disconnects a member (DISCONNECT): their session ends with the reason, the channel hears it, the audit log keeps it', async () => {
    const { owner, mate, team, voiceId } = await setup();
    const { client } = await join(mate, team.teamId, voiceId);
    await until(async () => (await ctx.app.voice.states.count(voiceId)) === 1, 'the SFU reported the join');
    const { client: ownerSocket } = await readyClient(ctx, owner);

    const notIn = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/channels/${voiceId}/participants/${owner.id}/disconnect`, { cookie: owner.cookie });
    expect(notIn.statusCode).toBe(404);
    const forbidden = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/channels/${voiceId}/participants/${mate.id}/disconnect`, {
      cookie: mate.cookie,
    });
    expect(forbidden.statusCode).toBe(403);

    const done = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}/channels/${voiceId}/participants/${mate.id}/disconnect`, { cookie: owner.cookie });
    expect(done.statusCode, done.body).toBe(200);
    expect((await client.next('error')).reason).toBe('voice_disconnected');
    expect((await ownerSocket.next('VOICE_LEFT')).data.userId).toBe(mate.id);
    const log = await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/audit-logs`, { cookie: owner.cookie });
    expect(log.json().auditLogs).toEqual(
      expect.arrayContaining([expect.objectContaining({ actionType: 'USER_DISCONNECTED', targetId: mate.id, options: { channelId: voiceId } })]),
    );
  });

  it('keeps voice states from members who may not view the channel, and CONNECT decides who may join', async () => {
    const { owner, mate, team } = await setup();
    const hidden = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Staff', hiddenFrom: [team.teamId] });
    await join(owner, team.teamId, hidden);
    await until(async () => (await ctx.app.voice.states.count(hidden)) === 1, 'the SFU reported the join');
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/voice`, { cookie: mate.cookie })).json().channels).toEqual({});
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/voice`, { cookie: owner.cookie })).json().channels[hidden]).toHaveLength(1);

    const noConnect = await makeChannel(ctx, team.teamId, {
      type: 'voice',
      name: 'Listen',
      permissions: { role: { [team.teamId]: { allow: 0, deny: ChannelPermission.CONNECT } }, user: {} },
    });
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels/${noConnect}/join`, { cookie: mate.cookie })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/channels/${team.generalId}/join`, { cookie: owner.cookie })).statusCode).toBe(400);
  });

  it("sets a voice channel's region (MANAGE_CHANNEL), refusing other values and other channel types", async () => {
    const { owner, mate, team, voiceId } = await setup();
    const set = await call(ctx.app, 'PATCH', `/api/v1/teams/${team.teamId}/channels/${voiceId}/region`, {
      cookie: owner.cookie,
      body: { region: 'eu-central-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().region).toBe('eu-central-1');
    const { answer } = await join(owner, team.teamId, voiceId);
    expect(answer.region).toBe('eu-central-1');
    const bad = await call(ctx.app, 'PATCH', `/api/v1/teams/${team.teamId}/channels/${voiceId}/region`, { cookie: owner.cookie, body: { region: 'mars-1' } });
    expect(bad.statusCode).toBe(400);
    const text = await call(ctx.app, 'PATCH', `/api/v1/teams/${team.teamId}/channels/${team.generalId}/region`, {
      cookie: owner.cookie,
      body: { region: 'eu-central-1' },
    });
    expect(text.statusCode).toBe(400);
    const notAllowed = await call(ctx.app, 'PATCH', `/api/v1/teams/${team.teamId}/channels/${voiceId}/region`, {
      cookie: mate.cookie,
      body: { region: 'us-west-1' },
    });
    expect(notAllowed.statusCode).toBe(403);
  });

  it('refuses a signalling socket without a valid token', async () => {
    const client = await TestVoiceClient.connect(`ws://${base()}/api/v1/voice/sfu`);
    clients.push(client);
    client.send({ op: 'join', token: 'forged.token' });
    expect(await client.closed()).toBe(4001);
  });
});

/**
 * The SFU's signalling limits through the API's pass-through (VOICE_FRAME_RATE and
 * VOICE_STATE_COALESCE_MS reach the embedded SFU): a burst of mute toggles becomes a few
 * VOICE_UPDATED events ending in the latest state, and a flood closes the socket with 4008.
 */
describe('voice signalling limits', () => {
  const ctx = withTestApp({ VOICE_FRAME_RATE: '150/60', VOICE_STATE_COALESCE_MS: '1000' }, { listen: true });
  const clients: TestVoiceClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  it('coalesces state toggles into a few VOICE_UPDATED ending in the latest state, and closes a flooding socket with 4008', async () => {
    const owner = await makeUser(ctx.app, 'owner');
    const mate = await makeUser(ctx.app, 'mate');
    const team = await makeTeam(ctx, owner, { members: [mate] });
    const voiceId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Lounge' });
    const { client: watcher } = await readyClient(ctx, owner);
    const { client } = await joinVoice(ctx.app, clients, mate, team.teamId, voiceId);

    for (let i = 0; i < 100; i++) client.send({ op: 'state', muted: i % 2 === 0, deafened: false, speaking: false });
    client.send({ op: 'state', muted: true, deafened: true, speaking: false });
    const updates: { muted: boolean; deafened: boolean }[] = [];
    for (;;) {
      const frame = await watcher.next('VOICE_UPDATED');
      updates.push(frame.data.participant);
      if (frame.data.participant.deafened) break;
    }
    // The first at once, the latest when the window ends (a third if the burst spilled over a window).
    expect(updates.length).toBeLessThanOrEqual(3);
    expect(updates.at(-1)).toMatchObject({ muted: true, deafened: true });
    expect((await call(ctx.app, 'GET', `/api/v1/teams/${team.teamId}/voice`, { cookie: owner.cookie })).json().channels[voiceId]).toMatchObject([
      { userId: mate.id, muted: true, deafened: true },
    ]);

    // 102 frames so far of 150.
    for (let i = 0; i < 60; i++) client.send({ op: 'ping', t: i });
    expect(await client.closed()).toBe(VOICE_RATE_LIMITED.code);
    expect(client.closeReason).toBe(VOICE_RATE_LIMITED.reason);
    expect((await watcher.next('VOICE_LEFT')).data.userId).toBe(mate.id);
  });
});
