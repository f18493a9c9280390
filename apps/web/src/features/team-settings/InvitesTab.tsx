import type { Invite, Team } from '@rally/shared/api/teams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/toast-context';
import { ExpiryCountdown } from '../invites/ExpiryCountdown';
import { Avatar } from '../messages/Avatar';
import { HIDDEN_TEXT, useStreamerHides } from '../streamer-mode/streamer-mode';
import { useTeamMembers } from '../teams/members-queries';
import { useDeleteInvite } from './mutations';
import { useTeamInvites } from './queries';
import { TabState } from './TabState';
import styles from './TabList.module.css';

/** The invite's link as people open it. */
export function inviteLink(code: string): string {
  return `${window.location.origin}/invite/${code}`;
}

/** The invites tab (MANAGE_TEAM): each invite's code, creator, uses, live expiry; copy and delete. */
export function InvitesTab({ team }: { team: Team }) {
  const { t } = useTranslation(['team-settings', 'streamer-mode']);
  const hideCodes = useStreamerHides().inviteLinks;
  /** The code as it is shown and named (masked while streamer mode hides invite links; Copy still copies the real link). */
  const shown = (code: string) => (hideCodes ? HIDDEN_TEXT : code);
  const toast = useToast();
  const invites = useTeamInvites(team.id);
  const members = useTeamMembers(team.id);
  const remove = useDeleteInvite(team.id);
  const [deleting, setDeleting] = useState<Invite | null>(null);

  const inviterName = (id: string) => members.data?.find((m) => m.id === id)?.username ?? t('audit.unknown.user');
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(inviteLink(code));
      toast.show(t('invites.copied'), 'success');
    } catch {
      toast.show(t('invites.copyFailed'), 'error');
    }
  };

  return (
    <div className={styles.tab}>
      <h2 className={styles.heading}>{t('invites.heading')}</h2>
      <p className={styles.description}>{t('invites.description')}</p>
      {hideCodes && <p className={styles.description}>{t('streamer-mode:hidden.invites')}</p>}
      <TabState query={invites} empty={invites.data?.length === 0 ? t('invites.empty') : null}>
        <ul className={styles.list}>
          {invites.data?.map((invite) => {
            const inviter = inviterName(invite.inviter);
            return (
              <li key={invite.code} className={styles.row}>
                <Avatar id={invite.inviter} name={inviter} size={36} />
                <div className={styles.main}>
                  <span className={styles.title}>
                    <code className={styles.code}>{shown(invite.code)}</code>
                  </span>
                  <span className={styles.meta}>
                    <span>
                      {t('invites.inviter')}: {inviter}
                    </span>
                    <span aria-hidden="true">·</span>
                    <span>
                      {t('invites.uses')}:{' '}
                      {invite.maxUses === null
                        ? t('invites.usesUnlimited', { uses: invite.uses })
                        : t('invites.usesOf', { uses: invite.uses, max: invite.maxUses })}
                    </span>
                  </span>
                  <ExpiryCountdown expiresAt={invite.expiresAt} className={styles.expiry} />
                </div>
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" onClick={() => void copy(invite.code)} aria-label={t('invites.copyOf', { code: shown(invite.code) })}>
                    {t('invites.copy')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(invite)} aria-label={t('invites.deleteOf', { code: shown(invite.code) })}>
                    {t('invites.delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </TabState>
      {deleting && (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={t('invites.deleteTitle', { code: shown(deleting.code) })}
          message={t('invites.deleteMessage')}
          confirmLabel={t('invites.delete')}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.code);
            toast.show(t('invites.deleted'), 'success');
          }}
        />
      )}
    </div>
  );
}
