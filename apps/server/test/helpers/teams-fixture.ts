import { ChannelPermission, DEFAULT_ROLE_PERMISSIONS } from '@rally/shared/permissions';
import type { Database } from '../../src/db/client';
import { channels, roles, teamMembers, teams } from '../../src/db/schema';
import { newId } from '../../src/lib/snowflake';
import type { TestUser } from './users';

/** The app, or just a database (the multi-process test has no app in its own process). */
type WithDb = { db: Database };
/** The user fields the fixture needs. */
type Who = Pick<TestUser, 'id'>;

export interface TeamFixture {
  teamId: string;
  categoryId: string;
  /** A text channel every member sees. */
  generalId: string;
  /** A text channel hidden from everyone but the owner (everyone role denied VIEW_CHANNEL). */
  staffId: string;
}

/**
 * A team with a category, #general and a hidden #staff, its default role and members, inserted
 * directly (the gateway's tests do not depend on the team routes).
 */
export async function insertTeam(app: WithDb, owner: Who, members: Who[] = [], name = 'Raiders'): Promise<TeamFixture> {
  const teamId = newId();
  const categoryId = newId();
  const generalId = newId();
  const staffId = newId();
  await app.db.insert(teams).values({ id: teamId, name, ownerId: owner.id, memberCount: 1 + members.length });
  await app.db.insert(roles).values({ id: teamId, teamId, name: 'everyone', permissions: DEFAULT_ROLE_PERMISSIONS });
  await app.db.insert(teamMembers).values([owner, ...members].map((m) => ({ teamId, userId: m.id })));
  await app.db.insert(channels).values([
    { id: categoryId, teamId, type: 'category', name: 'Text', priority: 0 },
    { id: generalId, teamId, type: 'text', name: 'general', parentId: categoryId, priority: 0 },
    {
      id: staffId,
      teamId,
      type: 'text',
      name: 'staff',
      parentId: categoryId,
      priority: 1,
      permissions: { role: { [teamId]: { allow: 0, deny: ChannelPermission.VIEW_CHANNEL } }, user: {} },
    },
  ]);
  return { teamId, categoryId, generalId, staffId };
}

/** Make a user a member of an existing fixture team (rows only; no event is published). */
export async function insertMember(app: WithDb, teamId: string, user: Who): Promise<void> {
  await app.db.insert(teamMembers).values({ teamId, userId: user.id });
}
