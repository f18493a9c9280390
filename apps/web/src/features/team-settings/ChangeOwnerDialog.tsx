import type { Member, Team } from '@rally/shared/api/teams';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { Avatar } from '../messages/Avatar';
import { useTeamMembers } from '../teams/members-queries';
import styles from './ChangeOwnerDialog.module.css';
import { useChangeOwner } from './mutations';

/** The members who may receive the team: not bots, not the owner (001 §5). */
export function ownerCandidates(members: readonly Member[], ownerId: string, search: string): Member[] {
  const q = search.trim().toLowerCase();
  return members.filter((m) => !m.bot && !m.system && m.id !== ownerId && (q === '' || m.username.toLowerCase().includes(q)));
}

/** Transfer ownership (creator only): pick a member, then confirm. */
export function ChangeOwnerDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { t } = useTranslation('team-settings');
  const toast = useToast();
  const members = useTeamMembers(team.id);
  const change = useChangeOwner(team.id);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<Member | null>(null);
  const listId = useId();

  if (target) {
    return (
      <ConfirmDialog
        open
        onClose={() => setTarget(null)}
        title={t('changeOwner.confirmTitle', { name: team.name })}
        message={t('changeOwner.confirmMessage', { user: target.username, name: team.name })}
        confirmLabel={t('changeOwner.confirm')}
        onConfirm={async () => {
          await change.mutateAsync(target.id);
          toast.show(t('changeOwner.done', { user: target.username }), 'success');
          onClose();
        }}
      />
    );
  }

  const all = ownerCandidates(members.data ?? [], team.createdBy, '');
  const shown = search.trim() === '' ? all : ownerCandidates(all, team.createdBy, search);
  return (
    <Dialog open onClose={onClose} title={t('changeOwner.title')} description={t('changeOwner.description', { name: team.name })} size="md">
      {members.isPending ? (
        <div className={styles.center}>
          <Spinner />
        </div>
      ) : all.length === 0 ? (
        <p className={styles.empty}>{t('changeOwner.empty')}</p>
      ) : (
        <>
          <TextField
            label={t('changeOwner.search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
            aria-controls={listId}
          />
          <ul id={listId} className={styles.list}>
            {shown.map((m) => (
              <li key={m.id}>
                <button type="button" className={styles.member} onClick={() => setTarget(m)}>
                  <Avatar id={m.id} name={m.username} size={32} src={m.profilePicture} />
                  <span className={styles.name}>{m.username}</span>
                  <span className={styles.pick} aria-hidden="true">
                    →
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className={styles.empty}>{t('changeOwner.noMatch')}</p>}
        </>
      )}
    </Dialog>
  );
}
