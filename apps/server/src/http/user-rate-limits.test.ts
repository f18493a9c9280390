import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, UserRateLimitName } from '@rally/shared/api/endpoint';
import { ENDPOINTS } from '@rally/shared/api/endpoints';
import type { EndpointName } from '@rally/shared/api/routes';
import { RATE_LIMITS } from '@rally/shared/limits';
import { call, withTestApp } from '../../test/helpers/app';
import { makeTeam, makeUser, type TeamFixture, type TestUser } from '../../test/helpers/factories';
import { userRateKey } from '../lib/rate-limit';
import { newId } from '../lib/snowflake';
import { insertInvite } from '../modules/invites/repository';
import { insertMessage } from '../modules/messages/repository';

/**
 * Every call whose effect other users hear of counts against a per-user limit, declared on its
 * endpoint object (`userRateLimit`, counted by http/endpoint.ts): the audit of SECURITY.md,
 * "Fan-out", as a table, and the limit at work on one route of each kind.
 */
const FAN_OUT: Record<UserRateLimitName, EndpointName[]> = {
  messageSend: ['sendMessage'],
  messageChange: ['editMessage', 'deleteMessage', 'pinMessage', 'unpinMessage'],
  reactions: ['addReaction', 'removeReaction'],
  search: ['searchMessages'],
  circle: ['setStatus', 'clearStatus', 'setActivity', 'clearActivity', 'setAvatar', 'setBanner', 'changeUsername', 'setPresence'],
  friends: ['sendFriendRequest', 'respondFriendRequest', 'removeFriend', 'blockUser', 'unblockUser', 'acceptFriendInvite'],
  membership: ['joinInvite', 'leaveTeam'],
  teamSettings: [
    'updateTeam',
    'changeOwner',
    'kickMember',
    'banMember',
    'unbanMember',
    'createRole',
    'updateRoles',
    'reorderRoles',
    'deleteRole',
    'cloneRole',
    'addMemberRole',
    'removeMemberRole',
    'createChannel',
    'updateChannel',
    'deleteChannel',
    'cloneChannel',
    'createCategory',
    'updateCategory',
    'deleteCategory',
    'setChannelOverwrite',
    'setCategoryOverwrite',
    'reorderCategories',
    'addChannelToCategory',
    'removeChannelFromCategory',
    'reorderCategoryChannels',
    'reorderUncategorisedChannels',
    'uploadTeamEmojis',
    'renameTeamEmoji',
    'deleteTeamEmoji',
  ],
  voice: ['joinVoice', 'disconnectVoice', 'moveVoice', 'setVoiceRegion'],
  // Typing is a gateway frame: gateway/typing.test.ts.
  typing: [],
  // Not a fan-out: the image work of each upload (uploads.test.ts).
  uploads: ['upload'],
};

describe('per-user limits of the calls that fan out to others', () => {
  it('are declared on every endpoint of the audit, and on no other', () => {
    const declared = (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]).flatMap(([name, e]) => (e.userRateLimit ? [[name, e.userRateLimit]] : []));
    const audited = Object.entries(FAN_OUT).flatMap(([limit, names]) => names.map((name) => [name, limit]));
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(audited));
  });

  const ctx = withTestApp();
  let owner: TestUser;
  let member: TestUser;
  let team: TeamFixture;

  beforeAll(async () => {
    owner = await makeUser(ctx.app);
    member = await makeUser(ctx.app);
    team = await makeTeam(ctx.app, owner, { members: [member] });
  });

  /** Make `calls` valid calls in turn until one is refused: the statuses; the refusal has Retry-After. */
  async function flood(calls: number, once: (i: number) => ReturnType<typeof call>): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < calls; i++) {
      const res = await once(i);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    return statuses;
  }
  const allowed = (name: UserRateLimitName) => RATE_LIMITS[name].count;

  it('message edits: 429 past RATE_LIMITS.messageChange', async () => {
    const { id } = await insertMessage(ctx.db, { id: newId(), channelId: team.generalId, authorId: member.id, content: 'mine' });
    const edit = (i: number) =>
      call(ctx.app, 'PATCH', `/api/v1/channels/${team.generalId}/messages/${id}`, { cookie: member.cookie, body: { content: `edit ${i}` } });
    const statuses = await flood(allowed('messageChange') + 1, edit);
    expect(statuses).toEqual([...Array<number>(allowed('messageChange')).fill(200), 429]);
  });

  it('pins and unpins: 429 past RATE_LIMITS.messageChange', async () => {
    const { id } = await insertMessage(ctx.db, { id: newId(), channelId: team.generalId, authorId: member.id, content: 'pin me' });
    const toggle = (i: number) => call(ctx.app, i % 2 ? 'DELETE' : 'PUT', `/api/v1/channels/${team.generalId}/pins/${id}`, { cookie: owner.cookie });
    const statuses = await flood(allowed('messageChange') + 1, toggle);
    expect(statuses).toEqual([...Array<number>(allowed('messageChange')).fill(200), 429]);
  });

  it('team settings: 429 past RATE_LIMITS.teamSettings; a refused call is not counted', async () => {
    const rename = (i: number) => call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}`, { cookie: owner.cookie, body: { name: `Team ${i}` } });
    // Refused for its input (400) or its caller (403): nothing told, nothing counted.
    for (let i = 0; i < allowed('teamSettings'); i++) {
      expect((await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}`, { cookie: owner.cookie, body: { name: '' } })).statusCode).toBe(400);
    }
    expect((await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}`, { cookie: member.cookie, body: { name: 'Mine' } })).statusCode).toBe(403);
    const statuses = await flood(allowed('teamSettings') + 1, rename);
    expect(statuses).toEqual([...Array<number>(allowed('teamSettings')).fill(200), 429]);
    // Past the limit, a call is refused before its permission and input cost anything (this process
    // remembers the refusal; no counter is read): even an invalid one is a 429.
    expect(ctx.app.rateLimiter.refusedFor(userRateKey('teamSettings', owner.id))).toBeGreaterThan(0);
    const invalid = await call(ctx.app, 'POST', `/api/v1/teams/${team.teamId}`, { cookie: owner.cookie, body: { name: '' } });
    expect(invalid.statusCode).toBe(429);
    expect(Number(invalid.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('blocks and unblocks: 429 past RATE_LIMITS.friends', async () => {
    const other = await makeUser(ctx.app);
    const toggle = (i: number) => call(ctx.app, i % 2 ? 'DELETE' : 'POST', `/api/v1/me/users/${other.id}/block`, { cookie: member.cookie });
    const statuses = await flood(allowed('friends') + 1, toggle);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses).toHaveLength(allowed('friends') + 1);
    expect(statuses.at(-1)).toBe(429);
  });

  it('leaving and joining a team: 429 past RATE_LIMITS.membership', async () => {
    const joiner = await makeUser(ctx.app);
    const code = randomBytes(6).toString('hex');
    await insertInvite(ctx.db, { code, teamId: team.teamId, inviterId: owner.id });
    const turn = (i: number) =>
      i % 2
        ? call(ctx.app, 'DELETE', '/api/v1/teams', { cookie: joiner.cookie, body: { id: team.teamId } })
        : call(ctx.app, 'POST', `/api/v1/invites/${code}/join`, { cookie: joiner.cookie });
    const statuses = await flood(allowed('membership') + 1, turn);
    expect(statuses.slice(0, -1).every((s) => s >= 200 && s < 300)).toBe(true);
    expect(statuses).toHaveLength(allowed('membership') + 1);
    expect(statuses.at(-1)).toBe(429);
  });
});
