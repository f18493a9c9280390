import type { Team } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/toast-context';
import { useKickMember } from './mutations';
import { useMemberName } from './use-member-name';

/** "Kick {name}?": removes the member from the team (they may join again with an invite). */
export function KickDialog({ team, userId, onClose }: { team: Pick<Team, 'id' | 'name'>; userId: string; onClose: () => void }) {
  const { t } = useTranslation('members');
  const toast = useToast();
  const kick = useKickMember();
  const name = useMemberName(team.id, userId);
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t('kick.title', { name })}
      message={t('kick.message', { name, team: team.name })}
      confirmLabel={t('kick.confirm')}
      onConfirm={async () => {
        await kick.mutateAsync({ teamId: team.id, userId });
        toast.show(t('kick.done', { name }), 'success');
      }}
    />
  );
}
