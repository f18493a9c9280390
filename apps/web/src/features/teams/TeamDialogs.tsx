import type { Team } from '@rally/shared/api/teams';
import { Suspense } from 'react';
import { lazyNamed } from '../../app/lazy';
import { InviteDialog } from '../invites/InviteDialog';
import type { TeamDialog } from './team-actions';

const KickDialog = lazyNamed(() => import('../members/KickDialog'), 'KickDialog');
const BanDialog = lazyNamed(() => import('../members/BanDialog'), 'BanDialog');
const BlockUserDialog = lazyNamed(() => import('../friends/BlockUserDialog'), 'BlockUserDialog');
const TeamSettingsDialog = lazyNamed(() => import('../team-settings/TeamSettingsDialog'), 'TeamSettingsDialog');
const LeaveTeamDialog = lazyNamed(() => import('../team-settings/LeaveTeamDialog'), 'LeaveTeamDialog');
const CreateChannelDialog = lazyNamed(() => import('../channels/CreateChannelDialog'), 'CreateChannelDialog');
const CreateCategoryDialog = lazyNamed(() => import('../channels/CreateCategoryDialog'), 'CreateCategoryDialog');
const ChannelSettingsDialog = lazyNamed(() => import('../channels/ChannelSettingsDialog'), 'ChannelSettingsDialog');
const CategorySettingsDialog = lazyNamed(() => import('../channels/ChannelSettingsDialog'), 'CategorySettingsDialog');

interface Props {
  team: Team;
  dialog: TeamDialog | null;
  onClose: () => void;
}

/** The open dialog of a team's screen (TeamPage holds which one). */
export function TeamDialogs({ team, dialog, onClose }: Props) {
  switch (dialog?.kind) {
    case 'invite':
      return <InviteDialog team={team} open onClose={onClose} />;
    case 'kickMember':
      return (
        <Suspense fallback={null}>
          <KickDialog team={team} userId={dialog.userId} onClose={onClose} />
        </Suspense>
      );
    case 'banMember':
      return (
        <Suspense fallback={null}>
          <BanDialog team={team} userId={dialog.userId} onClose={onClose} />
        </Suspense>
      );
    case 'blockUser':
      return (
        <Suspense fallback={null}>
          <BlockUserDialog user={dialog.user} onClose={onClose} />
        </Suspense>
      );
    case 'teamSettings':
      return (
        <Suspense fallback={null}>
          <TeamSettingsDialog team={team} initialTab={dialog.tab} onClose={onClose} />
        </Suspense>
      );
    case 'leaveTeam':
      return (
        <Suspense fallback={null}>
          <LeaveTeamDialog team={team} onClose={onClose} />
        </Suspense>
      );
    case 'createChannel':
      return (
        <Suspense fallback={null}>
          <CreateChannelDialog team={team} categoryId={dialog.categoryId} onClose={onClose} />
        </Suspense>
      );
    case 'createCategory':
      return (
        <Suspense fallback={null}>
          <CreateCategoryDialog team={team} onClose={onClose} />
        </Suspense>
      );
    case 'channelSettings':
      return (
        <Suspense fallback={null}>
          <ChannelSettingsDialog team={team} channelId={dialog.channelId} onClose={onClose} />
        </Suspense>
      );
    case 'categorySettings':
      return (
        <Suspense fallback={null}>
          <CategorySettingsDialog team={team} categoryId={dialog.categoryId} onClose={onClose} />
        </Suspense>
      );
    case undefined:
      return null;
  }
}
