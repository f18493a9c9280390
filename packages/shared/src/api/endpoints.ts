import { captchaEndpoint, loginEndpoint, logoutEndpoint, registerEndpoint } from './auth';
import { findPasswordResetEndpoint, requestPasswordResetEndpoint, resetPasswordEndpoint } from './password-reset';
import {
  addChannelToCategoryEndpoint,
  cloneChannelEndpoint,
  createCategoryEndpoint,
  createChannelEndpoint,
  deleteCategoryEndpoint,
  deleteChannelEndpoint,
  removeChannelFromCategoryEndpoint,
  reorderCategoriesEndpoint,
  reorderCategoryChannelsEndpoint,
  reorderUncategorisedChannelsEndpoint,
  setCategoryOverwriteEndpoint,
  setChannelOverwriteEndpoint,
  updateCategoryEndpoint,
  updateChannelEndpoint,
} from './channels';
import type { Endpoint } from './endpoint';
import {
  acceptFriendInviteEndpoint,
  blockUserEndpoint,
  friendInviteEndpoint,
  listBlocksEndpoint,
  listFriendsEndpoint,
  lookupFriendInviteEndpoint,
  removeFriendEndpoint,
  respondFriendRequestEndpoint,
  sendFriendRequestEndpoint,
  unblockUserEndpoint,
  updatePrivacyEndpoint,
  validateFriendInviteEndpoint,
} from './friends';
import { createDmEndpoint, hideDmEndpoint, listDmsEndpoint } from './dms';
import { banMemberEndpoint, kickMemberEndpoint, leaveTeamEndpoint, listAuditLogsEndpoint, listBansEndpoint, unbanMemberEndpoint } from './moderation';
import { listMessagesEndpoint, sendMessageEndpoint } from './messages';
import { deleteMessageEndpoint, editMessageEndpoint, getMessageEndpoint, reportMessageEndpoint } from './message-actions';
import { addReactionEndpoint, myEmojisEndpoint, removeReactionEndpoint } from './reactions';
import { deleteTeamEmojiEndpoint, listTeamEmojisEndpoint, renameTeamEmojiEndpoint, uploadTeamEmojisEndpoint } from './emojis';
import { cancelScheduledMessageEndpoint, listScheduledMessagesEndpoint } from './scheduled-messages';
import { searchMessagesEndpoint } from './search';
import {
  addMemberRoleEndpoint,
  cloneRoleEndpoint,
  createRoleEndpoint,
  deleteRoleEndpoint,
  listRolesEndpoint,
  removeMemberRoleEndpoint,
  reorderRolesEndpoint,
  updateRolesEndpoint,
} from './roles';
import { healthEndpoint, openApiEndpoint, regionEndpoint } from './system';
import {
  createInviteEndpoint,
  createTeamEndpoint,
  joinInviteEndpoint,
  listTeamsEndpoint,
  lookupInviteEndpoint,
  teamChannelsEndpoint,
  teamMembersEndpoint,
} from './teams';
import {
  changeOwnerEndpoint,
  deleteInviteEndpoint,
  deleteTeamEndpoint,
  listInvitesEndpoint,
  myMemberEndpoint,
  reorderTeamsEndpoint,
  teamDetailsEndpoint,
  updateTeamEndpoint,
} from './team-settings';
import { markTeamReadEndpoint, unreadEndpoint } from './unread';
import { setPresenceEndpoint } from './presence';
import { clearActivityEndpoint, clearStatusEndpoint, setActivityEndpoint, setStatusEndpoint, userProfileEndpoint } from './profile';
import { uploadEndpoint } from './uploads';
import { meEndpoint, updateSettingsEndpoint } from './users';

/**
 * Every endpoint of the API by name (the OpenAPI operationId), in the order of docs/api.md. The
 * server registers each (a test checks that its route table and this list agree), and docs/api.md
 * and /api/openapi.json are generated from it.
 */
export const ENDPOINTS = {
  health: healthEndpoint,
  region: regionEndpoint,
  openApi: openApiEndpoint,
  captcha: captchaEndpoint,
  register: registerEndpoint,
  login: loginEndpoint,
  logout: logoutEndpoint,
  requestPasswordReset: requestPasswordResetEndpoint,
  findPasswordReset: findPasswordResetEndpoint,
  resetPassword: resetPasswordEndpoint,
  me: meEndpoint,
  updateSettings: updateSettingsEndpoint,
  upload: uploadEndpoint,
  createTeam: createTeamEndpoint,
  listTeams: listTeamsEndpoint,
  teamChannels: teamChannelsEndpoint,
  teamMembers: teamMembersEndpoint,
  myMember: myMemberEndpoint,
  teamDetails: teamDetailsEndpoint,
  updateTeam: updateTeamEndpoint,
  reorderTeams: reorderTeamsEndpoint,
  unread: unreadEndpoint,
  markTeamRead: markTeamReadEndpoint,
  changeOwner: changeOwnerEndpoint,
  deleteTeam: deleteTeamEndpoint,
  createInvite: createInviteEndpoint,
  listInvites: listInvitesEndpoint,
  deleteInvite: deleteInviteEndpoint,
  lookupInvite: lookupInviteEndpoint,
  joinInvite: joinInviteEndpoint,
  kickMember: kickMemberEndpoint,
  banMember: banMemberEndpoint,
  unbanMember: unbanMemberEndpoint,
  listBans: listBansEndpoint,
  leaveTeam: leaveTeamEndpoint,
  listAuditLogs: listAuditLogsEndpoint,
  listRoles: listRolesEndpoint,
  createRole: createRoleEndpoint,
  updateRoles: updateRolesEndpoint,
  reorderRoles: reorderRolesEndpoint,
  deleteRole: deleteRoleEndpoint,
  cloneRole: cloneRoleEndpoint,
  addMemberRole: addMemberRoleEndpoint,
  removeMemberRole: removeMemberRoleEndpoint,
  createChannel: createChannelEndpoint,
  updateChannel: updateChannelEndpoint,
  deleteChannel: deleteChannelEndpoint,
  cloneChannel: cloneChannelEndpoint,
  createCategory: createCategoryEndpoint,
  updateCategory: updateCategoryEndpoint,
  deleteCategory: deleteCategoryEndpoint,
  setChannelOverwrite: setChannelOverwriteEndpoint,
  setCategoryOverwrite: setCategoryOverwriteEndpoint,
  reorderCategories: reorderCategoriesEndpoint,
  addChannelToCategory: addChannelToCategoryEndpoint,
  removeChannelFromCategory: removeChannelFromCategoryEndpoint,
  reorderCategoryChannels: reorderCategoryChannelsEndpoint,
  reorderUncategorisedChannels: reorderUncategorisedChannelsEndpoint,
  listMessages: listMessagesEndpoint,
  sendMessage: sendMessageEndpoint,
  setPresence: setPresenceEndpoint,
  userProfile: userProfileEndpoint,
  setStatus: setStatusEndpoint,
  clearStatus: clearStatusEndpoint,
  setActivity: setActivityEndpoint,
  clearActivity: clearActivityEndpoint,
  getMessage: getMessageEndpoint,
  editMessage: editMessageEndpoint,
  deleteMessage: deleteMessageEndpoint,
  reportMessage: reportMessageEndpoint,
  addReaction: addReactionEndpoint,
  removeReaction: removeReactionEndpoint,
  listScheduledMessages: listScheduledMessagesEndpoint,
  cancelScheduledMessage: cancelScheduledMessageEndpoint,
  myEmojis: myEmojisEndpoint,
  listTeamEmojis: listTeamEmojisEndpoint,
  uploadTeamEmojis: uploadTeamEmojisEndpoint,
  renameTeamEmoji: renameTeamEmojiEndpoint,
  deleteTeamEmoji: deleteTeamEmojiEndpoint,
  searchMessages: searchMessagesEndpoint,
  listFriends: listFriendsEndpoint,
  sendFriendRequest: sendFriendRequestEndpoint,
  respondFriendRequest: respondFriendRequestEndpoint,
  removeFriend: removeFriendEndpoint,
  listBlocks: listBlocksEndpoint,
  blockUser: blockUserEndpoint,
  unblockUser: unblockUserEndpoint,
  friendInvite: friendInviteEndpoint,
  lookupFriendInvite: lookupFriendInviteEndpoint,
  validateFriendInvite: validateFriendInviteEndpoint,
  acceptFriendInvite: acceptFriendInviteEndpoint,
  updatePrivacy: updatePrivacyEndpoint,
  createDm: createDmEndpoint,
  listDms: listDmsEndpoint,
  hideDm: hideDmEndpoint,
} as const satisfies Record<string, Endpoint>;
