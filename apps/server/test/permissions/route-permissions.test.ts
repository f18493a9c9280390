import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionSource, type Endpoint, type EndpointPermission } from '@rally/shared/api/endpoint';
import { ENDPOINTS } from '@rally/shared/api/endpoints';
import type { EndpointName } from '@rally/shared/api/routes';
import { ChannelPermission, TeamPermission, type ChannelPermissionName, type TeamPermissionName } from '@rally/shared/permissions';
import { auditLogEntries, bans, channels, emojis, invites, memberRoles, messages, roles, scheduledMessages, teamMembers, teams } from '../../src/db/schema';
import { makeEmoji } from '../../src/modules/emojis/testing';
import { insertInvite } from '../../src/modules/invites/repository';
import { insertBan } from '../../src/modules/moderation/repository';
import { insertMessage } from '../../src/modules/messages/repository';
import { insertScheduled } from '../../src/modules/scheduled-messages/repository';
import { newId } from '../../src/lib/snowflake';
import { call, withTestApp } from '../helpers/app';
import { makeChannel, makeMember, makeRole, makeTeam, makeUser, type TestUser } from '../helpers/factories';
import { postForm, type FormPart } from '../helpers/images';

/**
 * Every permissioned route of the route list (ENDPOINTS), walked: a member without the endpoint's
 * bit is refused (403) and nothing of the team changes, a member holding a role with exactly that
 * bit succeeds (2xx). A route that only its creator may call (`{ team: 'owner' }`) refuses an
 * administrator. Who may act is checked before what they sent: the same refusal (403, never the
 * 400 of their input) for a request whose input is invalid everywhere but in the ids the
 * permission reads. Routes for any member (`member`), none, or a signed-in user only are not here.
 * Each route runs on fresh fixtures of its own (its success changes them). A new permissioned
 * endpoint fails the first test until VALID_INPUTS below has a valid request for it.
 */

type Bit = { kind: 'team'; bit: TeamPermissionName } | { kind: 'channel'; bit: ChannelPermissionName } | { kind: 'owner' };

/** What an endpoint's declared permission asks of the route walk, or null for those it skips. */
function bitOf(permission: EndpointPermission | undefined): Bit | null {
  if (!permission || 'none' in permission) return null;
  if ('channel' in permission) return { kind: 'channel', bit: permission.channel };
  if (permission.team === 'member') return null;
  if (permission.team === 'owner') return { kind: 'owner' };
  return { kind: 'team', bit: permission.team };
}

const PERMISSIONED = (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]).flatMap(([name, endpoint]) => {
  const bit = bitOf(endpoint.permission);
  return bit ? [{ name, endpoint, bit }] : [];
});

/**
 * One team per route: the default role without team bits (so that only the role under test grants
 * one); `holder` with the role under test (priority 4), `lacking` with a role of no bits just below
 * (3), `admin` with ADMINISTRATOR (for owner-only routes); roles A (2) and B (1) held by nobody;
 * `target`, a member with the default role only; `banned`, a user banned from the team; a second
 * category, an uncategorised channel and an invite. For a channel bit, the role under test is
 * allowed it on #general and on the team's category, and `lacking` denied it there by a user
 * overwrite (which beats every role).
 */
interface Fixtures {
  owner: TestUser;
  holder: TestUser;
  lacking: TestUser;
  admin: TestUser;
  target: TestUser;
  banned: TestUser;
  teamId: string;
  teamName: string;
  categoryId: string;
  generalId: string;
  secondCategoryId: string;
  looseId: string;
  holderRole: string;
  lackingRole: string;
  adminRole: string;
  roleA: string;
  roleB: string;
  code: string;
  /** A message of `holder` in #general. */
  holderMessageId: string;
  /** A scheduled message of `holder` in #general, due tomorrow. */
  holderScheduledId: string;
  /** An emoji of the team. */
  emojiId: string;
  /** A voice channel (the channel bit is set there as on #general), with `target` in it. */
  voiceId: string;
  /** A second voice channel (no overwrites), where a move takes `target`. */
  otherVoiceId: string;
}

/** A request of an endpoint: path parameters beyond the team's, the query, and the body (JSON, or a multipart `form`). */
interface RouteInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: Record<string, FormPart | FormPart[]>;
}

/** A valid request for each permissioned endpoint. */
type Valid = (f: Fixtures) => RouteInput;

/** A value no field of a request body takes: not a string, number, boolean, null, object or flat array. */
const BAD_VALUE = [[-1.5]];
/** A path or query value no schema takes: too long for an id, an invite code or an emoji, no enum's word, a number of nothing; within Fastify's 100 characters of a parameter. */
const BAD_PARAM = 'x'.repeat(90);

const keysOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : null);

/**
 * The valid request spoiled everywhere but in the ids the endpoint's permission reads (its source
 * and the path's teamId): every other path parameter, query parameter and body field. Null for a
 * route whose only input is those ids (or a multipart form, read by the handler).
 */
function spoiled(endpoint: Endpoint, valid: RouteInput): RouteInput | null {
  const { part, key } = permissionSource(endpoint.permission as Exclude<EndpointPermission, { none: string }>);
  const kept = (where: 'params' | 'body', name: string) => (where === part && name === key) || (where === 'params' && name === 'teamId');
  const spoilt = (where: 'params' | 'body', keys: string[] | null) => (keys ?? []).filter((name) => !kept(where, name));
  const params = { ...valid.params, ...Object.fromEntries(spoilt('params', keysOf(endpoint.params)).map((name) => [name, BAD_PARAM])) };
  const query = Object.fromEntries((keysOf(endpoint.query) ?? []).map((name) => [name, BAD_PARAM]));
  const bodyKeys = keysOf(endpoint.body);
  const given = (valid.body ?? {}) as Record<string, unknown>;
  const body = !endpoint.body
    ? undefined
    : bodyKeys
      ? Object.fromEntries(bodyKeys.map((name) => [name, kept('body', name) ? given[name] : BAD_VALUE]))
      : BAD_VALUE;
  const spoilable =
    spoilt('params', keysOf(endpoint.params)).length + Object.keys(query).length + (bodyKeys ? spoilt('body', bodyKeys).length : endpoint.body ? 1 : 0);
  return spoilable ? { params, query, body } : null;
}

/** A 1×1 PNG, for the emoji upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const VALID_INPUTS: Partial<Record<EndpointName, Valid>> = {
  updateTeam: () => ({ body: { name: 'Renamed' } }),
  changeOwner: (f) => ({ body: { owner: f.target.id } }),
  deleteTeam: (f) => ({ body: { id: f.teamId, name: f.teamName } }),
  createInvite: (f) => ({ body: { teamId: f.teamId } }),
  listInvites: () => ({}),
  deleteInvite: (f) => ({ params: { code: f.code } }),
  kickMember: (f) => ({ params: { userId: f.target.id } }),
  banMember: (f) => ({ params: { userId: f.target.id }, body: { reason: 'walked' } }),
  unbanMember: (f) => ({ params: { userId: f.banned.id } }),
  listBans: () => ({}),
  listAuditLogs: () => ({}),
  createRole: () => ({}),
  updateRoles: (f) => ({ body: [{ id: f.roleA, name: 'edited' }] }),
  reorderRoles: (f) => ({ body: [f.adminRole, f.holderRole, f.lackingRole, f.roleB, f.roleA] }),
  deleteRole: (f) => ({ params: { roleId: f.roleA } }),
  cloneRole: (f) => ({ params: { roleId: f.roleA } }),
  createChannel: () => ({ body: { name: 'new', type: 'text' } }),
  updateChannel: (f) => ({ params: { channelId: f.generalId }, body: { name: 'renamed' } }),
  deleteChannel: (f) => ({ params: { channelId: f.generalId } }),
  cloneChannel: (f) => ({ params: { channelId: f.generalId } }),
  createCategory: () => ({ body: { name: 'Voice' } }),
  updateCategory: (f) => ({ params: { categoryId: f.categoryId }, body: { name: 'Renamed' } }),
  deleteCategory: (f) => ({ params: { categoryId: f.categoryId } }),
  setChannelOverwrite: (f) => ({
    params: { channelId: f.generalId, targetKind: 'role', targetId: f.roleA },
    body: { allow: 0, deny: ChannelPermission.SEND_MESSAGES },
  }),
  setCategoryOverwrite: (f) => ({
    params: { categoryId: f.categoryId, targetKind: 'role', targetId: f.roleA },
    body: { allow: 0, deny: ChannelPermission.VIEW_CHANNEL },
  }),
  reorderCategories: (f) => ({ body: { categories: [f.secondCategoryId, f.categoryId] } }),
  addChannelToCategory: (f) => ({ params: { categoryId: f.secondCategoryId, channelId: f.generalId } }),
  removeChannelFromCategory: (f) => ({ params: { categoryId: f.categoryId, channelId: f.generalId } }),
  reorderCategoryChannels: (f) => ({ params: { categoryId: f.categoryId }, body: { channels: [{ id: f.generalId, priority: 5 }] } }),
  reorderUncategorisedChannels: (f) => ({ body: { channels: [{ id: f.looseId, priority: 5 }] } }),
  listMessages: (f) => ({ params: { channelId: f.generalId } }),
  sendMessage: (f) => ({ params: { channelId: f.generalId }, body: { content: 'walked' } }),
  getMessage: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId } }),
  editMessage: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId }, body: { content: 'walked' } }),
  deleteMessage: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId } }),
  addReaction: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId, emoji: '👍' } }),
  removeReaction: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId, emoji: '👍' } }),
  markUnread: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId } }),
  listPins: (f) => ({ params: { channelId: f.generalId } }),
  pinMessage: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId } }),
  unpinMessage: (f) => ({ params: { channelId: f.generalId, messageId: f.holderMessageId } }),
  listScheduledMessages: (f) => ({ params: { channelId: f.generalId } }),
  cancelScheduledMessage: (f) => ({ params: { channelId: f.generalId, scheduledMessageId: f.holderScheduledId } }),
  uploadTeamEmojis: () => ({ form: { emojis: { file: PNG, filename: 'walked.png', contentType: 'image/png' } } }),
  renameTeamEmoji: (f) => ({ params: { emojiId: f.emojiId }, body: { name: 'walked' } }),
  deleteTeamEmoji: (f) => ({ params: { emojiId: f.emojiId } }),
  joinVoice: (f) => ({ params: { channelId: f.voiceId } }),
  disconnectVoice: (f) => ({ params: { channelId: f.voiceId, userId: f.target.id } }),
  moveVoice: (f) => ({ params: { channelId: f.otherVoiceId }, body: { userId: f.target.id, fromChannelId: f.voiceId } }),
  setVoiceRegion: (f) => ({ params: { channelId: f.voiceId }, body: { region: 'eu-west-1' } }),
};

describe('every permissioned route: refused without its bit, nothing changed; allowed with it', () => {
  const ctx = withTestApp();

  async function fixtures(bit: Bit): Promise<Fixtures> {
    const [owner, holder, lacking, admin, target, banned] = await Promise.all(
      ['owner', 'holder', 'lacking', 'admin', 'target', 'banned'].map((name) => makeUser(ctx.app, name)),
    );
    const teamName = 'Walked';
    const team = await makeTeam(ctx, owner!, { name: teamName, defaultPermissions: 0 });
    const { teamId } = team;
    const teamBits = bit.kind === 'team' ? TeamPermission[bit.bit] : 0;
    const [holderRole] = (await makeMember(ctx, teamId, holder!, { roles: [{ name: 'holder', permissions: teamBits, priority: 4 }] })).roleIds;
    const [lackingRole] = (await makeMember(ctx, teamId, lacking!, { roles: [{ name: 'lacking', permissions: 0, priority: 3 }] })).roleIds;
    const [adminRole] = (await makeMember(ctx, teamId, admin!, { roles: [{ name: 'admin', permissions: TeamPermission.ADMINISTRATOR, priority: 5 }] })).roleIds;
    await makeMember(ctx, teamId, target!);
    const roleA = await makeRole(ctx, teamId, { name: 'A', permissions: 0, priority: 2 });
    const roleB = await makeRole(ctx, teamId, { name: 'B', permissions: 0, priority: 1 });
    await insertBan(ctx.db, { teamId, userId: banned!.id, reason: 'fixture', actorId: owner!.id });
    const code = randomBytes(6).toString('hex');
    await insertInvite(ctx.db, { code, teamId, inviterId: owner!.id });
    const secondCategoryId = await makeChannel(ctx, teamId, { type: 'category', name: 'Second', priority: 1 });
    const looseId = await makeChannel(ctx, teamId, { name: 'loose' });
    const holderMessageId = (await insertMessage(ctx.db, { id: newId(), channelId: team.generalId, authorId: holder!.id, content: 'fixture' })).id;
    const tomorrow = new Date(Date.now() + 86_400_000);
    const holderScheduledId = (
      await insertScheduled(ctx.db, { id: newId(), channelId: team.generalId, authorId: holder!.id, content: 'fixture', sendAt: tomorrow })
    ).id;
    const emojiId = (await makeEmoji(ctx, teamId, 'fixture')).id;
    const voiceId = await makeChannel(ctx, teamId, { type: 'voice', name: 'voice' });
    const otherVoiceId = await makeChannel(ctx, teamId, { type: 'voice', name: 'other voice' });
    await ctx.app.voice.states.join({ teamId, channelId: voiceId }, target!.id, ctx.app.voice.embeddedId, new Date());
    if (bit.kind === 'channel') {
      // Written as the rows the channel routes write (the overwrite route is itself under test here).
      const mask = ChannelPermission[bit.bit];
      const permissions = { role: { [holderRole!]: { allow: mask, deny: 0 } }, user: { [lacking!.id]: { allow: 0, deny: mask } } };
      await ctx.db
        .update(channels)
        .set({ permissions })
        .where(inArray(channels.id, [team.generalId, team.categoryId, voiceId]));
    }
    return {
      owner: owner!,
      holder: holder!,
      lacking: lacking!,
      admin: admin!,
      target: target!,
      banned: banned!,
      teamId,
      teamName,
      categoryId: team.categoryId,
      generalId: team.generalId,
      secondCategoryId,
      looseId,
      holderRole: holderRole!,
      lackingRole: lackingRole!,
      adminRole: adminRole!,
      roleA,
      roleB,
      code,
      holderMessageId,
      holderScheduledId,
      emojiId,
      voiceId,
      otherVoiceId,
    };
  }

  /** Every row of the team that a route may write: the team, its roles, members and held roles, channels, messages, scheduled messages, bans, invites, emoji and audit log. */
  async function snapshot(teamId: string) {
    const teamChannels = await ctx.db.select().from(channels).where(eq(channels.teamId, teamId)).orderBy(asc(channels.id));
    const channelIds = teamChannels.map((c) => c.id);
    return {
      team: await ctx.db.select().from(teams).where(eq(teams.id, teamId)),
      roles: await ctx.db.select().from(roles).where(eq(roles.teamId, teamId)).orderBy(asc(roles.id)),
      members: await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)).orderBy(asc(teamMembers.userId)),
      memberRoles: await ctx.db.select().from(memberRoles).where(eq(memberRoles.teamId, teamId)).orderBy(asc(memberRoles.userId), asc(memberRoles.roleId)),
      channels: teamChannels,
      messages: channelIds.length ? await ctx.db.select().from(messages).where(inArray(messages.channelId, channelIds)).orderBy(asc(messages.id)) : [],
      scheduled: channelIds.length
        ? await ctx.db.select().from(scheduledMessages).where(inArray(scheduledMessages.channelId, channelIds)).orderBy(asc(scheduledMessages.id))
        : [],
      bans: await ctx.db.select().from(bans).where(eq(bans.teamId, teamId)).orderBy(asc(bans.userId)),
      invites: await ctx.db.select().from(invites).where(eq(invites.teamId, teamId)).orderBy(asc(invites.code)),
      emojis: await ctx.db.select().from(emojis).where(eq(emojis.teamId, teamId)).orderBy(asc(emojis.id)),
      audit: await ctx.db.select().from(auditLogEntries).where(eq(auditLogEntries.teamId, teamId)).orderBy(asc(auditLogEntries.id)),
    };
  }

  /** The request of `name` as `who`: the canonical path with its parameters filled in, the query and the body (the valid ones unless given). */
  function request(name: EndpointName, endpoint: Endpoint, f: Fixtures, who: TestUser, input?: RouteInput) {
    const valid = input ?? VALID_INPUTS[name]!(f); // the first test checks that every walked endpoint has one
    const params: Record<string, string> = { teamId: f.teamId, ...valid.params };
    const path = endpoint.paths[0].replace(/:(\w+)/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`${name}: VALID_INPUTS gives no ${key}`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams(valid.query).toString();
    const url = query ? `${path}?${query}` : path;
    if (valid.form) {
      if (endpoint.method !== 'POST') throw new Error(`${name}: a form is posted`);
      return postForm(ctx.app, url, valid.form, { cookie: who.cookie });
    }
    return call(ctx.app, endpoint.method, url, { cookie: who.cookie, ...(valid.body === undefined ? {} : { body: valid.body }) });
  }

  it('has a valid request for every permissioned endpoint (add one to VALID_INPUTS for a new endpoint)', () => {
    expect(PERMISSIONED.length).toBeGreaterThan(25);
    expect(PERMISSIONED.map((e) => e.name).filter((name) => !VALID_INPUTS[name])).toEqual([]);
    // And none for an endpoint that is not walked (a renamed or removed one).
    expect(Object.keys(VALID_INPUTS).filter((name) => !PERMISSIONED.some((e) => e.name === name))).toEqual([]);
  });

  for (const { name, endpoint, bit } of PERMISSIONED) {
    const what = bit.kind === 'owner' ? 'the owner' : `${bit.kind} ${bit.bit}`;
    it(`${name} (${endpoint.method} ${endpoint.paths[0]}, ${what})`, async () => {
      if (!VALID_INPUTS[name]) throw new Error(`no valid request for ${name} in VALID_INPUTS`);
      const f = await fixtures(bit);
      const before = await snapshot(f.teamId);
      // Refused: a member without the bit, or for an owner-only route an administrator.
      const refusedAs = bit.kind === 'owner' ? f.admin : f.lacking;
      const refused = await request(name, endpoint, f, refusedAs);
      expect(refused.statusCode, `${name} as ${bit.kind === 'owner' ? 'an administrator' : 'a member without it'}: ${refused.body}`).toBe(403);
      expect(await snapshot(f.teamId)).toEqual(before);
      // Allowed: the holder of a role with exactly that bit (the owner for an owner-only route).
      const allowed = await request(name, endpoint, f, bit.kind === 'owner' ? f.owner : f.holder);
      expect(allowed.statusCode, `${name} as the holder: ${allowed.body}`).toBeGreaterThanOrEqual(200);
      expect(allowed.statusCode, `${name} as the holder: ${allowed.body}`).toBeLessThan(300);
    });
  }

  const SPOILABLE = PERMISSIONED.filter(({ name, endpoint }) => VALID_INPUTS[name] && spoiled(endpoint, {}) !== null);

  it('has input besides the ids of the permission to spoil on most permissioned routes', () => {
    expect(SPOILABLE.length).toBeGreaterThan(PERMISSIONED.length * 0.8);
  });

  for (const { name, endpoint, bit } of SPOILABLE) {
    const what = bit.kind === 'owner' ? 'the owner' : `${bit.kind} ${bit.bit}`;
    it(`${name} with invalid input: refused for the caller's access (403), not for their input (400)`, async () => {
      const f = await fixtures(bit);
      const input = spoiled(endpoint, VALID_INPUTS[name]!(f))!; // SPOILABLE: something besides the ids to spoil
      const before = await snapshot(f.teamId);
      const refusedAs = bit.kind === 'owner' ? f.admin : f.lacking;
      const refused = await request(name, endpoint, f, refusedAs, input);
      expect(refused.statusCode, `${name} (${what}) as one without it, invalid input: ${refused.body}`).toBe(403);
      expect(await snapshot(f.teamId)).toEqual(before);
      // The input is invalid indeed: the holder is refused for it (400, or a service's refusal of a value the schema takes: a move token).
      const holder = await request(name, endpoint, f, bit.kind === 'owner' ? f.owner : f.holder, input);
      expect(holder.statusCode, `${name} as the holder, invalid input: ${holder.body}`).toBeGreaterThanOrEqual(400);
      expect(holder.statusCode, `${name} as the holder, invalid input: ${holder.body}`).toBeLessThan(500);
      expect(await snapshot(f.teamId)).toEqual(before);
    });
  }
});
