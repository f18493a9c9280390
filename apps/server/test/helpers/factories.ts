import { plainMessage } from '@rally/shared/api/plain-message';
import { randomBytes } from 'node:crypto';
import type { Message } from '@rally/shared/api/messages';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@rally/shared/api/users';
import { ChannelPermission, DEFAULT_ROLE_PERMISSIONS, type ChannelOverwrites } from '@rally/shared/permissions';
import { LIMITS } from '@rally/shared/limits';
import type { Database } from '../../src/db/client';
import { memberRoles, teamMembers, teams, users as usersTable } from '../../src/db/schema';
import { newId } from '../../src/lib/snowflake';
import { SESSION_COOKIE } from '../../src/modules/auth/authenticate';
import { createSession } from '../../src/modules/auth/session-repository';
import { teamRepository, type NewChannel } from '../../src/modules/teams/repository';
import { DEFAULT_CHANNEL_NAMES, DEFAULT_ROLE_NAME } from '../../src/modules/teams/service';
import { insertUser } from '../../src/modules/users/repository';

/**
 * Fixtures made through the repositories (rows only: no event is published, no route is called),
 * so that a test of one feature does not depend on the routes of another. The flows themselves
 * (register, create a team, join by invite) are tested through their routes.
 */

/** The app, or just a database (the multi-process test has no app in its own process). */
export type WithDb = { db: Database };
/** The user fields a fixture needs. */
export type Who = { id: string };

export interface TestUser {
  id: string;
  username: string;
  /** The user's @slug (what the add-friend field takes). */
  slug: string;
  email: string;
  /** A Cookie header value that signs in as this user. */
  cookie: string;
  token: string;
}

/** What signs session cookies: the app, or (in a process without one) the database and a cookie signer. */
export type WithSigner = WithDb & { signCookie(value: string): string };

/** A new session of the user: the token and the Cookie header value that sends it. */
export async function signIn(app: WithSigner, userId: string): Promise<Pick<TestUser, 'token' | 'cookie'>> {
  const token = await createSession(app.db, userId, {});
  return { token, cookie: `${SESSION_COOKIE}=${encodeURIComponent(app.signCookie(token))}` };
}

/**
 * A signed-in user; `bot`: a bot account; `system`: a system account; `settings`: instead of the
 * defaults; `verified`: whether their e-mail is verified (true unless said, so that a server that
 * requires verification lets fixtures do everything).
 */
export async function makeUser(
  app: WithSigner,
  name?: string,
  options: {
    bot?: boolean;
    system?: boolean;
    settings?: UserSettings;
    verified?: boolean;
    /** YYYY-MM-DD, or null for an account that never gave one (mustSetBirthdate); 2000-01-01 unless said. */
    birthdate?: string | null;
    privateFlags?: number;
  } = {},
): Promise<TestUser> {
  const suffix = randomBytes(3).toString('hex');
  const username = name ?? `user_${suffix}`;
  const id = newId();
  const email = `${username.replace(/\W/g, '')}_${suffix}@example.com`;
  const slug = `u-${suffix}-${id.slice(-6)}`;
  await insertUser(app.db, {
    id,
    username,
    slug,
    email,
    passwordHash: 'not-a-real-hash',
    birthdate: options.birthdate === undefined ? '2000-01-01' : options.birthdate,
    location: 'TR',
    consentAt: new Date(),
    bot: options.bot ?? false,
    system: options.system ?? false,
    verified: options.verified ?? true,
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.privateFlags !== undefined ? { privateFlags: options.privateFlags } : {}),
  });
  return { id, username, slug, email, ...(await signIn(app, id)) };
}

export interface TeamFixture {
  teamId: string;
  categoryId: string;
  /** A text channel every member sees. */
  generalId: string;
}

/**
 * A team as POST /api/v1/teams makes it — the default role (id = team id), a 'Text Channels'
 * category with #general — owned by `owner`, with `members` after the owner. Its default voice
 * category and channel are left out (tests that need a voice channel make one with makeChannel).
 */
export async function makeTeam(
  app: WithDb,
  owner: Who,
  options: { name?: string; members?: Who[]; /** The default role's team bits (DEFAULT_ROLE_PERMISSIONS unless given). */ defaultPermissions?: number } = {},
): Promise<TeamFixture> {
  const teamId = newId();
  const categoryId = newId();
  const generalId = newId();
  const names = DEFAULT_CHANNEL_NAMES.en;
  await teamRepository.insertTeam(app.db, { id: teamId, name: options.name ?? 'Raiders', profilePicture: null, ownerId: owner.id, memberCount: 1 });
  const permissions = options.defaultPermissions ?? DEFAULT_ROLE_PERMISSIONS;
  await teamRepository.insertRole(app.db, { id: teamId, teamId, name: DEFAULT_ROLE_NAME, permissions, priority: 0 });
  await teamRepository.insertMember(app.db, teamId, owner.id);
  await teamRepository.insertChannels(app.db, [
    { id: categoryId, teamId, type: 'category', name: names.category, priority: 0 },
    { id: generalId, teamId, type: 'text', name: names.channel, parentId: categoryId, priority: 0 },
  ]);
  for (const member of options.members ?? []) await makeMember(app, teamId, member);
  return { teamId, categoryId, generalId };
}

export interface RoleSpec {
  name?: string;
  permissions: number;
  /** 1 unless given (the default role is 0). */
  priority?: number;
  /** A bot's role: the bot user it belongs to (give it to the bot with makeMember). */
  botUserId?: string;
}

/** A role of the team (held by nobody yet). Returns its id. */
export async function makeRole(app: WithDb, teamId: string, role: RoleSpec): Promise<string> {
  const id = newId();
  await teamRepository.insertRole(app.db, {
    id,
    teamId,
    name: role.name ?? `role ${id.slice(-4)}`,
    permissions: role.permissions,
    priority: role.priority ?? 1,
    botUserId: role.botUserId ?? null,
  });
  return id;
}

/**
 * Make `user` a member of the team (counted), holding `roles` (member_roles rows): ids of existing
 * roles of the team, or specs of new ones made with makeRole (priority 1, 2, … in order unless
 * given). Returns the ids of the roles held, in the order given.
 */
export async function makeMember(app: WithDb, teamId: string, user: Who, options: { roles?: (RoleSpec | string)[] } = {}): Promise<{ roleIds: string[] }> {
  const roleIds: string[] = [];
  for (const [i, role] of (options.roles ?? []).entries()) {
    roleIds.push(typeof role === 'string' ? role : await makeRole(app, teamId, { name: `role ${i + 1}`, priority: i + 1, ...role }));
  }
  await teamRepository.insertMember(app.db, teamId, user.id);
  await teamRepository.addMemberRoles(app.db, teamId, user.id, roleIds);
  await teamRepository.addToMemberCount(app.db, teamId, 1);
  return { roleIds };
}

/**
 * A channel of the team (text by default). `hiddenFrom`: role ids (the team id is the default
 * role) denied VIEW_CHANNEL, which merges into `permissions`.
 */
export async function makeChannel(
  app: WithDb,
  teamId: string,
  options: Partial<Omit<NewChannel, 'id' | 'teamId'>> & { hiddenFrom?: string[] } = {},
): Promise<string> {
  const { hiddenFrom = [], ...fields } = options;
  const permissions: ChannelOverwrites = fields.permissions ?? { role: {}, user: {} };
  for (const roleId of hiddenFrom) permissions.role[roleId] = { allow: 0, deny: ChannelPermission.VIEW_CHANNEL };
  const id = newId();
  await teamRepository.insertChannels(app.db, [{ type: 'text', name: 'channel', ...fields, permissions, id, teamId }]);
  return id;
}

/** A Message as the API and MESSAGE_SEND carry it (not stored), for bus and gateway tests. */
export function makeMessage(channelId: string, fields: Partial<Omit<Message, 'createdBy'>> & { author?: { id: string; username: string } } = {}): Message {
  const { author = { id: newId(), username: 'author' }, ...rest } = fields;
  return plainMessage({
    id: newId(),
    channelId,
    content: 'hello',
    createdAt: new Date().toISOString(),
    createdBy: { id: author.id, username: author.username, profilePicture: null, presence: 1 },
    ...rest,
  });
}

/** Make `user` a member of LIMITS.teamsPerUser bare teams (rows only): the next join or create passes the limit. */
export async function fillTeamLimit(app: WithDb, user: Who): Promise<void> {
  const ids = Array.from({ length: LIMITS.teamsPerUser }, () => newId());
  await app.db.insert(teams).values(ids.map((id) => ({ id, name: 'Filler', ownerId: user.id, memberCount: 1 })));
  await app.db.insert(teamMembers).values(ids.map((teamId) => ({ teamId, userId: user.id })));
}

/**
 * `count` members of the team at once (users with no session, each holding the role `roleId` when
 * given), for tests of big teams where `makeUser` and `makeMember` one by one would take minutes.
 * Returns nothing: read the members back through the API under test.
 */
export async function makeManyMembers(app: WithDb, teamId: string, count: number, options: { roleId?: string } = {}): Promise<void> {
  const batch = 2_000;
  for (let from = 0; from < count; from += batch) {
    const users = Array.from({ length: Math.min(batch, count - from) }, (_, k) => {
      const id = newId();
      return {
        id,
        username: `member ${from + k}`,
        slug: `m-${id}`,
        email: `m-${id}@example.com`,
        passwordHash: 'not-a-real-hash',
        location: 'TR',
        settings: DEFAULT_USER_SETTINGS,
      };
    });
    await app.db.insert(usersTable).values(users);
    await app.db.insert(teamMembers).values(users.map((u) => ({ teamId, userId: u.id })));
    if (options.roleId) await app.db.insert(memberRoles).values(users.map((u) => ({ teamId, userId: u.id, roleId: options.roleId! })));
  }
  await teamRepository.addToMemberCount(app.db, teamId, count);
}
