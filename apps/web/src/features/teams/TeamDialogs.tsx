import type { Team } from '@rally/shared/api/teams';
import { InviteDialog } from '../invites/InviteDialog';
import type { TeamDialog } from './team-actions';

interface Props {
  team: Team;
  dialog: TeamDialog | null;
  onClose: () => void;
}

/** The open dialog of a team's screen (TeamPage holds which one). */
export function TeamDialogs({ team, dialog, onClose }: Props) {
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- being filled in this session: each dialog adds its case, then this line goes
  switch (dialog?.kind) {
    case 'invite':
      return <InviteDialog team={team} open onClose={onClose} />;
    default:
      return null;
  }
}
