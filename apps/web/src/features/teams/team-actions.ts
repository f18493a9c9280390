/**
 * The dialogs a team's screen opens (from the team menu, the channel list, the member list…): one
 * state in TeamPage, rendered by TeamDialogs. Components ask for a dialog through `TeamActions`.
 */
export type TeamDialog =
  | { kind: 'invite' }
  | { kind: 'teamSettings'; tab?: string }
  | { kind: 'createChannel'; categoryId: string | null }
  | { kind: 'createCategory' }
  | { kind: 'channelSettings'; channelId: string }
  | { kind: 'categorySettings'; categoryId: string }
  | { kind: 'leaveTeam' }
  | { kind: 'kickMember'; userId: string }
  | { kind: 'banMember'; userId: string }
  /** Block a user (the profile card's Block: the card closes, this asks). */
  | { kind: 'blockUser'; user: { id: string; username: string } };

export type TeamActions = (dialog: TeamDialog) => void;
