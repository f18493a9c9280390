import type { Ban } from '@rally/shared/api/moderation';
import type { Team } from '@rally/shared/api/teams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { Avatar } from '../messages/Avatar';
import { useUnban } from './mutations';
import { useTeamBans } from './queries';
import { fullTime, relativeTime } from './relative-time';
import styles from './TabList.module.css';
import { TabState } from './TabState';

/** Bans whose user name or reason holds the search text. */
export function filterBans(bans: readonly Ban[], search: string): Ban[] {
  const q = search.trim().toLowerCase();
  if (q === '') return [...bans];
  return bans.filter((b) => b.user.username.toLowerCase().includes(q) || (b.reason ?? '').toLowerCase().includes(q));
}

/** The bans tab (BAN_MEMBERS): banned users with their reason, a search box, and Revoke ban (confirmed). */
export function BansTab({ team }: { team: Team }) {
  const { t, i18n } = useTranslation('team-settings');
  const toast = useToast();
  const bans = useTeamBans(team.id);
  const unban = useUnban(team.id);
  const [search, setSearch] = useState('');
  const [revoking, setRevoking] = useState<Ban | null>(null);
  const shown = filterBans(bans.data ?? [], search);

  return (
    <div className={styles.tab}>
      <h2 className={styles.heading}>{t('bans.heading')}</h2>
      <p className={styles.description}>{t('bans.description')}</p>
      <TabState query={bans} empty={bans.data?.length === 0 ? t('bans.empty') : null}>
        <div className={styles.toolbar}>
          <TextField
            label={t('bans.search')}
            hideLabel
            placeholder={t('bans.search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <span className={styles.count}>{t('bans.count', { count: bans.data?.length ?? 0 })}</span>
        </div>
        {shown.length === 0 ? (
          <div className={styles.state}>
            <p>{t('bans.noMatch')}</p>
          </div>
        ) : (
          <ul className={styles.list}>
            {shown.map((ban) => (
              <li key={ban.user.id} className={styles.row}>
                <Avatar id={ban.user.id} name={ban.user.username} size={36} src={ban.user.profilePicture} />
                <div className={styles.main}>
                  <span className={styles.title}>{ban.user.username}</span>
                  <span className={styles.reason}>{ban.reason ? t('bans.reason', { reason: ban.reason }) : t('bans.noReason')}</span>
                  <time className={styles.expiry} dateTime={ban.createdAt} title={fullTime(ban.createdAt, i18n.language)}>
                    {t('bans.bannedAt', { when: relativeTime(ban.createdAt, i18n.language) })}
                  </time>
                </div>
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" onClick={() => setRevoking(ban)} aria-label={t('bans.revokeOf', { user: ban.user.username })}>
                    {t('bans.revoke')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </TabState>
      {revoking && (
        <ConfirmDialog
          open
          onClose={() => setRevoking(null)}
          title={t('bans.revokeTitle', { user: revoking.user.username })}
          message={t('bans.revokeMessage', { user: revoking.user.username, name: team.name })}
          confirmLabel={t('bans.revoke')}
          onConfirm={async () => {
            await unban.mutateAsync(revoking.user.id);
            toast.show(t('bans.revoked', { user: revoking.user.username }), 'success');
          }}
        />
      )}
    </div>
  );
}
