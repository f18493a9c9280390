import { describe, expect, it } from 'vitest';
import { TeamPermission } from '@rally/shared/permissions';
import { call, withTestApp } from '../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { readyClient, sendAs, type TestClient } from './testing';

/** A kicked, banned or leaving member's open sockets stop receiving the team's events at once (modules/permissions/visibility-changes.ts, `leave`). */
describe('gateway: a removed member', () => {
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 1_000 }, { listen: true });

  const ready = async (user: TestUser): Promise<TestClient> => (await readyClient(ctx, user)).client;

  const send = (author: TestUser, channelId: string, content: string) => sendAs(ctx, author, channelId, content);

  const removals = {
    kick: (by: TestUser, teamId: string, user: TestUser) => call(ctx.app, 'DELETE', `/api/v1/teams/${teamId}/members/${user.id}`, { cookie: by.cookie }),
    ban: (by: TestUser, teamId: string, user: TestUser) =>
      call(ctx.app, 'POST', `/api/v1/teams/${teamId}/members/${user.id}/ban`, { cookie: by.cookie, body: { reason: 'live' } }),
    leave: (_by: TestUser, teamId: string, user: TestUser) => call(ctx.app, 'DELETE', '/api/v1/teams', { cookie: user.cookie, body: { id: teamId } }),
  };

  for (const [name, remove] of Object.entries(removals)) {
    it(`${name}: the removed member's socket gets USER_LEFT_TEAM, then none of the team's messages; the others keep them`, async () => {
      const owner = await makeUser(ctx.app, 'owner');
      const mod = await makeUser(ctx.app, 'mod');
      const member = await makeUser(ctx.app, 'member');
      const team = await makeTeam(ctx, owner, { members: [member] });
      await makeMember(ctx, team.teamId, mod, { roles: [{ permissions: TeamPermission.KICK_MEMBERS | TeamPermission.BAN_MEMBERS, priority: 5 }] });
      const m = await ready(member);
      const o = await ready(owner);

      await send(owner, team.generalId, 'before');
      expect((await m.next('MESSAGE_SEND')).data.content).toBe('before');

      expect((await remove(mod, team.teamId, member)).statusCode).toBe(200);
      expect(await m.next('USER_LEFT_TEAM')).toMatchObject({ data: { teamId: team.teamId, userId: member.id } });
      expect((await o.next('USER_LEFT_TEAM')).data.userId).toBe(member.id);

      await send(owner, team.generalId, 'after');
      expect((await o.next('MESSAGE_SEND')).data.content).toBe('after');
      // A frame only the removed member gets: everything before it in their stream is all they were sent.
      await call(ctx.app, 'POST', '/api/v1/teams', { cookie: member.cookie, body: { name: 'Elsewhere' } });
      await m.next('USER_JOINED_TEAM');
      // (A kick or a ban also writes to the member's system chat, which is not the team's.)
      const teamMessages = m.frames.filter((f) => f.type === 'MESSAGE_SEND' && f.data.channelId === team.generalId);
      expect(teamMessages.map((f) => f.data.content)).toEqual(['before']);
    });
  }
});
