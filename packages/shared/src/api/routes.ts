import type { HttpMethod } from './endpoint';

/**
 * Method and paths of every endpoint, without schemas: the part the web client needs at run time
 * to call one (types come from the endpoint objects with `import type`), so that calling the API
 * from the landing route does not load zod. The endpoint objects (ENDPOINTS, endpoints.ts) spread
 * these; a test checks that the two agree.
 */
export const ROUTES = {
  health: { method: 'GET', paths: ['/api/v1/health'] },
  region: { method: 'GET', paths: ['/api/v1/region'] },
  openApi: { method: 'GET', paths: ['/api/openapi.json'] },
  captcha: { method: 'GET', paths: ['/api/v1/captcha'] },
  register: { method: 'POST', paths: ['/api/v1/register'] },
  login: { method: 'POST', paths: ['/api/v1/login', '/api/login'] },
  logout: { method: 'POST', paths: ['/api/v1/logout', '/api/logout'] },
  requestPasswordReset: { method: 'POST', paths: ['/api/v1/resetpassword/request'] },
  findPasswordReset: { method: 'POST', paths: ['/api/v1/resetpassword/find', '/api/resetpassword/find'] },
  resetPassword: { method: 'POST', paths: ['/api/v1/resetpassword/reset', '/api/resetpassword/reset'] },
  me: { method: 'GET', paths: ['/api/v1/me', '/api/me'] },
  updateSettings: { method: 'POST', paths: ['/api/v1/me/settings', '/api/me/settings'] },
  upload: { method: 'POST', paths: ['/api/v1/upload', '/api/upload'] },
  createTeam: { method: 'POST', paths: ['/api/v1/teams'] },
  listTeams: { method: 'GET', paths: ['/api/v1/teams'] },
  teamChannels: { method: 'GET', paths: ['/api/v1/teams/:teamId/channels', '/api/teams/:teamId/channels'] },
  teamMembers: { method: 'GET', paths: ['/api/v1/teams/:teamId/members', '/api/teams/:teamId/members'] },
  myMember: { method: 'GET', paths: ['/api/v1/teams/:teamId/members/@me', '/api/teams/:teamId/members/@me'] },
  teamDetails: { method: 'GET', paths: ['/api/v1/teams/:teamId/details', '/api/teams/:teamId/details'] },
  updateTeam: { method: 'POST', paths: ['/api/v1/teams/:teamId', '/api/teams/:teamId'] },
  reorderTeams: { method: 'PATCH', paths: ['/api/v1/teams/priority'] },
  unread: { method: 'GET', paths: ['/api/v1/teams/unread'] },
  markTeamRead: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/unread'] },
  changeOwner: { method: 'POST', paths: ['/api/v1/teams/:teamId/owner', '/api/teams/:teamId/owner'] },
  deleteTeam: { method: 'DELETE', paths: ['/api/teams'] },
  createInvite: { method: 'POST', paths: ['/api/v1/teams/invite'] },
  listInvites: { method: 'GET', paths: ['/api/v1/teams/:teamId/invites', '/api/teams/:teamId/invites'] },
  deleteInvite: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/invites/:code', '/api/teams/:teamId/invites/:code'] },
  lookupInvite: { method: 'GET', paths: ['/api/v1/invites/:code', '/api/invites/:code'] },
  joinInvite: { method: 'POST', paths: ['/api/v1/invites/:code/join'] },
  kickMember: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/members/:userId', '/api/teams/:teamId/members/:userId'] },
  banMember: { method: 'POST', paths: ['/api/v1/teams/:teamId/members/:userId/ban', '/api/teams/:teamId/members/:userId/ban'] },
  unbanMember: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/members/:userId/ban', '/api/teams/:teamId/members/:userId/ban'] },
  listBans: { method: 'GET', paths: ['/api/v1/teams/:teamId/bans', '/api/teams/:teamId/bans'] },
  leaveTeam: { method: 'DELETE', paths: ['/api/v1/teams'] },
  listAuditLogs: { method: 'GET', paths: ['/api/v1/teams/:teamId/audit-logs', '/api/teams/:teamId/audit-logs'] },
  listRoles: { method: 'GET', paths: ['/api/v1/teams/:teamId/roles', '/api/teams/:teamId/roles'] },
  createRole: { method: 'POST', paths: ['/api/v1/teams/:teamId/roles', '/api/teams/:teamId/roles'] },
  updateRoles: { method: 'PATCH', paths: ['/api/v1/teams/:teamId/roles', '/api/teams/:teamId/roles'] },
  reorderRoles: { method: 'PATCH', paths: ['/api/v1/teams/:teamId/roles-priority', '/api/teams/:teamId/roles-priority'] },
  deleteRole: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/roles/:roleId', '/api/teams/:teamId/roles/:roleId'] },
  cloneRole: { method: 'POST', paths: ['/api/v1/teams/:teamId/roles/:roleId/clone', '/api/teams/:teamId/roles/:roleId/clone'] },
  addMemberRole: { method: 'POST', paths: ['/api/v1/teams/:teamId/members/:userId/roles/:roleId', '/api/teams/:teamId/members/:userId/roles/:roleId'] },
  removeMemberRole: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/members/:userId/roles/:roleId', '/api/teams/:teamId/members/:userId/roles/:roleId'] },
  createChannel: { method: 'PUT', paths: ['/api/v1/teams/:teamId/channels', '/api/teams/:teamId/channels'] },
  updateChannel: { method: 'PATCH', paths: ['/api/v1/teams/:teamId/channels/:channelId', '/api/teams/:teamId/channels/:channelId'] },
  deleteChannel: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/channels/:channelId', '/api/teams/:teamId/channels/:channelId'] },
  cloneChannel: { method: 'POST', paths: ['/api/v1/teams/:teamId/channels/:channelId/clone', '/api/teams/:teamId/channels/:channelId/clone'] },
  createCategory: { method: 'POST', paths: ['/api/v1/teams/:teamId/categories', '/api/teams/:teamId/categories'] },
  updateCategory: { method: 'PUT', paths: ['/api/v1/teams/:teamId/categories/:categoryId', '/api/teams/:teamId/categories/:categoryId'] },
  deleteCategory: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/categories/:categoryId', '/api/teams/:teamId/categories/:categoryId'] },
  setChannelOverwrite: {
    method: 'POST',
    paths: [
      '/api/v1/teams/:teamId/channels/:channelId/permissions/:targetKind/:targetId',
      '/api/teams/:teamId/channels/:channelId/permissions/:targetKind/:targetId',
    ],
  },
  setCategoryOverwrite: {
    method: 'POST',
    paths: [
      '/api/v1/teams/:teamId/categories/:categoryId/permissions/:targetKind/:targetId',
      '/api/teams/:teamId/categories/:categoryId/permissions/:targetKind/:targetId',
    ],
  },
  reorderCategories: { method: 'POST', paths: ['/api/v1/teams/:teamId/categories-priority', '/api/teams/:teamId/categories-priority'] },
  addChannelToCategory: {
    method: 'POST',
    paths: ['/api/v1/teams/:teamId/categories/:categoryId/channels/:channelId', '/api/teams/:teamId/categories/:categoryId/channels/:channelId'],
  },
  removeChannelFromCategory: {
    method: 'DELETE',
    paths: ['/api/v1/teams/:teamId/categories/:categoryId/channels/:channelId', '/api/teams/:teamId/categories/:categoryId/channels/:channelId'],
  },
  reorderCategoryChannels: {
    method: 'POST',
    paths: ['/api/v1/teams/:teamId/categories/:categoryId/channels-priority', '/api/teams/:teamId/categories/:categoryId/channels-priority'],
  },
  reorderUncategorisedChannels: { method: 'PUT', paths: ['/api/v1/teams/:teamId/channelspriority', '/api/teams/:teamId/channelspriority'] },
  listMessages: { method: 'GET', paths: ['/api/v1/channels/:channelId/messages'] },
  sendMessage: { method: 'POST', paths: ['/api/v1/channels/:channelId/messages'] },
  setPresence: { method: 'POST', paths: ['/api/v1/me/presence', '/api/me/presence'] },
  userProfile: { method: 'GET', paths: ['/api/v1/users/:userId/profile', '/api/users/:userId/profile'] },
  setStatus: { method: 'POST', paths: ['/api/v1/me/status', '/api/me/status'] },
  clearStatus: { method: 'DELETE', paths: ['/api/v1/me/status', '/api/me/status'] },
  setActivity: { method: 'POST', paths: ['/api/v1/me/rpc', '/api/me/rpc'] },
  clearActivity: { method: 'DELETE', paths: ['/api/v1/me/rpc', '/api/me/rpc'] },
  getMessage: { method: 'GET', paths: ['/api/v1/channels/:channelId/messages/:messageId'] },
  editMessage: { method: 'PATCH', paths: ['/api/v1/channels/:channelId/messages/:messageId'] },
  deleteMessage: { method: 'DELETE', paths: ['/api/v1/channels/:channelId/messages/:messageId'] },
  reportMessage: { method: 'POST', paths: ['/api/v1/report/messages/:messageId'] },
  addReaction: { method: 'POST', paths: ['/api/v1/channels/:channelId/messages/:messageId/reactions/:emoji'] },
  removeReaction: { method: 'DELETE', paths: ['/api/v1/channels/:channelId/messages/:messageId/reactions/:emoji'] },
  listScheduledMessages: { method: 'GET', paths: ['/api/v1/channels/:channelId/scheduled-messages'] },
  cancelScheduledMessage: { method: 'DELETE', paths: ['/api/v1/channels/:channelId/scheduled-messages/:scheduledMessageId'] },
  myEmojis: { method: 'GET', paths: ['/api/v1/me/reactions', '/api/me/reactions'] },
  listTeamEmojis: { method: 'GET', paths: ['/api/v1/teams/:teamId/reactions', '/api/teams/:teamId/reactions'] },
  uploadTeamEmojis: { method: 'POST', paths: ['/api/v1/teams/:teamId/bulk-reactions', '/api/teams/:teamId/bulk-reactions'] },
  renameTeamEmoji: { method: 'PUT', paths: ['/api/v1/teams/:teamId/reactions/:emojiId', '/api/teams/:teamId/reactions/:emojiId'] },
  deleteTeamEmoji: { method: 'DELETE', paths: ['/api/v1/teams/:teamId/reactions/:emojiId', '/api/teams/:teamId/reactions/:emojiId'] },
  searchMessages: { method: 'GET', paths: ['/api/v1/search/messages'] },
  listFriends: { method: 'GET', paths: ['/api/v1/me/friends', '/api/me/friends'] },
  sendFriendRequest: { method: 'POST', paths: ['/api/v1/me/friends', '/api/me/friends'] },
  respondFriendRequest: { method: 'POST', paths: ['/api/v1/me/friends/:userId', '/api/me/friends/:userId'] },
  removeFriend: { method: 'DELETE', paths: ['/api/v1/me/friends/:userId', '/api/me/friends/:userId'] },
  listBlocks: { method: 'GET', paths: ['/api/v1/me/blocks', '/api/me/blocks'] },
  blockUser: { method: 'POST', paths: ['/api/v1/me/users/:userId/block', '/api/me/users/:userId/block'] },
  unblockUser: { method: 'DELETE', paths: ['/api/v1/me/users/:userId/block', '/api/me/users/:userId/block'] },
  friendInvite: { method: 'GET', paths: ['/api/v1/me/friendInvite', '/api/me/friendInvite'] },
  lookupFriendInvite: { method: 'GET', paths: ['/api/v1/friendinvites/:code'] },
  validateFriendInvite: { method: 'POST', paths: ['/api/v1/me/friendinvites/validate'] },
  acceptFriendInvite: { method: 'POST', paths: ['/api/v1/me/friendinvites/accept'] },
  updatePrivacy: { method: 'POST', paths: ['/api/v1/me/settings/privacy', '/api/me/settings/privacy'] },
  createDm: { method: 'POST', paths: ['/api/v1/me/chats', '/api/me/chats'] },
  listDms: { method: 'GET', paths: ['/api/v1/me/chats', '/api/me/chats'] },
  hideDm: { method: 'PATCH', paths: ['/api/v1/me/chats/:channelId/hidden', '/api/me/chats/:channelId/hidden'] },
} as const satisfies Record<string, { method: HttpMethod; paths: readonly [string, ...string[]] }>;

export type EndpointName = keyof typeof ROUTES;

/** A route's canonical path with its `:params` filled in (encoded). */
export function routePath(name: EndpointName, params: Record<string, string> = {}): string {
  return ROUTES[name].paths[0].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
}
