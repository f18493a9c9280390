import type { Team } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/toast-context';
import { useLeaveTeam } from './mutations';

/** "Leave team?" from the team menu (never for its creator): the team leaves the list and the app goes home. */
export function LeaveTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { t } = useTranslation('team-settings');
  const navigate = useNavigate();
  const toast = useToast();
  const leave = useLeaveTeam(team.id);
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t('leave.title', { name: team.name })}
      message={t('leave.message', { name: team.name })}
      confirmLabel={t('leave.confirm')}
      onConfirm={async () => {
        await leave.mutateAsync();
        toast.show(t('leave.done', { name: team.name }), 'success');
        void navigate('/', { replace: true });
      }}
    />
  );
}
