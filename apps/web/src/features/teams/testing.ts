import type { Category, Channel, Member, Role, Team } from '@rally/shared/api/teams';

/** Plain team entities for the client's unit tests (cache helpers, live event handlers); `fields` overrides. */

export const team = (id: string, fields: Partial<Team> = {}): Team => ({
  id,
  name: `Team ${id}`,
  profilePicture: null,
  banner: null,
  description: null,
  createdBy: '1',
  isVerified: false,
  isSafeForTeen: false,
  isDiscoverable: false,
  memberCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const overwrites = { role: {}, user: {} };

export const channel = (id: string, teamId: string, fields: Partial<Channel> = {}): Channel => ({
  id,
  teamId,
  type: 'text',
  name: `c${id}`,
  description: null,
  parentId: null,
  priority: 0,
  nsfw: false,
  rateLimitPerUser: 0,
  userLimit: 0,
  region: 'us-east-1',
  permissions: overwrites,
  additionalData: null,
  ...fields,
});

export const category = (id: string, teamId: string, fields: Partial<Category> = {}): Category => ({
  id,
  teamId,
  name: `cat${id}`,
  priority: 0,
  permissions: overwrites,
  ...fields,
});

export const role = (id: string, teamId: string, fields: Partial<Role> = {}): Role => ({
  id,
  teamId,
  name: `r${id}`,
  color: null,
  color2: null,
  priority: 0,
  permissions: 0,
  iconEmojiId: null,
  isDisplayedSeparately: false,
  mentionable: false,
  isSelfAssignable: false,
  description: null,
  botUserId: null,
  ...fields,
});

export const member = (id: string, fields: Partial<Member> = {}): Member => ({
  id,
  username: `u${id}`,
  subdomain: `u${id}`,
  profilePicture: null,
  bot: false,
  system: false,
  roles: [],
  permissions: 0,
  joinedAt: '2026-01-01T00:00:00.000Z',
  presence: 0,
  userStatus: null,
  userRPC: null,
  ...fields,
});
