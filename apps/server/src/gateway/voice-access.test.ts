import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { voiceJoinSchema } from '@rally/shared/api/voice';
import { ChannelPermission } from '@rally/shared/permissions';
import type { VoiceRemovalReason } from '@rally/shared/voice/signaling';
import { call, withTestApp } from '../../test/helpers/app';
import { makeChannel, makeMember, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { joinVoice, TestVoiceClient, voiceJoinPath } from '../../test/helpers/voice-client';
import { readyClient, until, type TestClient } from './testing';

/**
 * Voice follows access (modules/voice/access-watch.ts): a member who is kicked, banned or leaves,
 * whose channel is deleted, or who loses VIEW_CHANNEL or CONNECT there through a role or an
 * overwrite, is taken out of the voice channel at once: their signalling socket closes with the
 * reason, the channel hears VOICE_LEFT, the voice list no longer has them and the room tells the
 * others they left. Someone still allowed stays.
 */
describe('voice follows access', () => {
  const ctx = withTestApp({}, { listen: true });
  const clients: TestVoiceClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  const api = (who: TestUser, method: string, path: string, body?: object) => call(ctx.app, method, path, { cookie: who.cookie, body });

  /** In the channel through the SFU, and reported there. */
  async function enter(who: TestUser, teamId: string, channelId: string): Promise<TestVoiceClient> {
    const { client } = await joinVoice(ctx.app, clients, who, teamId, channelId);
    await until(async () => (await ctx.app.voice.states.placeOf(who.id))?.channelId === channelId, `${who.username} reported in the channel`);
    return client;
  }

  /**
   * The owner and a member in a voice channel (the member holding `roles`, the channel with
   * `permissions`), the owner watching the team on the gateway.
   */
  async function inCall(
    options: { roles?: { permissions: number }[]; permissions?: (roleIds: string[], teamId: string) => Parameters<typeof makeChannel>[2] } = {},
  ) {
    const owner = await makeUser(ctx.app, 'owner');
    const member = await makeUser(ctx.app, 'member');
    const team = await makeTeam(ctx, owner);
    const { roleIds } = await makeMember(ctx, team.teamId, member, { roles: options.roles ?? [] });
    const voiceId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Lounge', ...options.permissions?.(roleIds, team.teamId) });
    const ownerVoice = await enter(owner, team.teamId, voiceId);
    const memberVoice = await enter(member, team.teamId, voiceId);
    const { client: watcher } = await readyClient(ctx, owner);
    return { owner, member, teamId: team.teamId, voiceId, roleIds, ownerVoice, memberVoice, watcher };
  }

  /** Who is in the team's voice channels, as the owner lists them. */
  const listed = async (owner: TestUser, teamId: string) =>
    (await api(owner, 'GET', `/api/v1/teams/${teamId}/voice`)).json().channels as Record<string, { userId: string }[]>;

  /** The member was taken out of the call with `reason`, and everyone left knows it; the owner is still in it. */
  async function expectTakenOut(
    c: { owner: TestUser; member: TestUser; teamId: string; voiceId: string; ownerVoice: TestVoiceClient; memberVoice: TestVoiceClient; watcher: TestClient },
    reason: VoiceRemovalReason,
  ) {
    expect((await c.memberVoice.next('error')).reason).toBe(reason);
    expect(await c.memberVoice.closed()).toBe(4000);
    expect(c.memberVoice.closeReason).toBe(reason);
    // The room tells the others, the channel's viewers hear it, and the list follows.
    await c.ownerVoice.next('left', (m) => m.userId === c.member.id);
    const left = await c.watcher.next('VOICE_LEFT');
    expect(left.data).toEqual({ teamId: c.teamId, channelId: c.voiceId, userId: c.member.id });
    await until(async () => (await listed(c.owner, c.teamId))[c.voiceId]?.length === 1, 'the voice list without the member');
    expect((await listed(c.owner, c.teamId))[c.voiceId]).toMatchObject([{ userId: c.owner.id }]);
    expect(c.ownerVoice.closeCode).toBeNull();
  }

  it('a kicked member is taken out of the call (voice_team_left)', async () => {
    const c = await inCall();
    expect((await api(c.owner, 'DELETE', `/api/v1/teams/${c.teamId}/members/${c.member.id}`)).statusCode).toBe(200);
    await expectTakenOut(c, 'voice_team_left');
  });

  it('a banned member is taken out of the call (voice_team_left)', async () => {
    const c = await inCall();
    const ban = await api(c.owner, 'POST', `/api/v1/teams/${c.teamId}/members/${c.member.id}/ban`, { reason: 'spam' });
    expect(ban.statusCode, ban.body).toBe(200);
    await expectTakenOut(c, 'voice_team_left');
  });

  it('a member who leaves the team is taken out of its call (voice_team_left)', async () => {
    const c = await inCall();
    expect((await api(c.member, 'DELETE', '/api/v1/teams', { id: c.teamId })).statusCode).toBe(200);
    await expectTakenOut(c, 'voice_team_left');
  });

  it('losing the role that granted CONNECT takes the member out (voice_access_lost); they still see the channel', async () => {
    const c = await inCall({
      roles: [{ permissions: 0 }],
      // Nobody connects but the role's holders (and the owner).
      permissions: ([speaker], teamId) => ({
        permissions: { role: { [teamId]: { allow: 0, deny: ChannelPermission.CONNECT }, [speaker!]: { allow: ChannelPermission.CONNECT, deny: 0 } }, user: {} },
      }),
    });
    const removed = await api(c.owner, 'DELETE', `/api/v1/teams/${c.teamId}/members/${c.member.id}/roles/${c.roleIds[0]}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectTakenOut(c, 'voice_access_lost');
    expect((await api(c.member, 'GET', `/api/v1/teams/${c.teamId}/voice`)).json().channels[c.voiceId]).toMatchObject([{ userId: c.owner.id }]);
  });

  it('an overwrite that takes VIEW_CHANNEL away takes the member out (voice_access_lost), and the owner stays', async () => {
    const c = await inCall();
    const hidden = await api(c.owner, 'POST', `/api/v1/teams/${c.teamId}/channels/${c.voiceId}/permissions/role/${c.teamId}`, {
      allow: 0,
      deny: ChannelPermission.VIEW_CHANNEL,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await expectTakenOut(c, 'voice_access_lost');
  });

  it('deleting the channel ends the call of everyone in it (voice_channel_deleted)', async () => {
    const c = await inCall();
    expect((await api(c.owner, 'DELETE', `/api/v1/teams/${c.teamId}/channels/${c.voiceId}`)).statusCode).toBe(200);
    for (const voice of [c.memberVoice, c.ownerVoice]) {
      expect((await voice.next('error')).reason).toBe('voice_channel_deleted');
      expect(await voice.closed()).toBe(4000);
    }
    await until(async () => Object.keys(await listed(c.owner, c.teamId)).length === 0, 'an empty voice list');
  });

  it('a token taken before the kick gets the member in for a moment only', async () => {
    const owner = await makeUser(ctx.app, 'owner');
    const member = await makeUser(ctx.app, 'member');
    const team = await makeTeam(ctx, owner, { members: [member] });
    const voiceId = await makeChannel(ctx, team.teamId, { type: 'voice', name: 'Lounge' });
    const answer = voiceJoinSchema.parse((await api(member, 'GET', voiceJoinPath(team.teamId, voiceId))).json());
    expect((await api(owner, 'DELETE', `/api/v1/teams/${team.teamId}/members/${member.id}`)).statusCode).toBe(200);

    const client = await TestVoiceClient.connect(`ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}${answer.endpoint}`);
    clients.push(client);
    client.send({ op: 'join', token: answer.token });
    expect((await client.next('error')).reason).toBe('voice_team_left');
    expect(await client.closed()).toBe(4000);
    await until(async () => (await ctx.app.voice.states.placeOf(member.id)) === null, 'the member out of the states');
  });
});
