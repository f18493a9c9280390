import { useId, useState } from 'react';
import type { SessionInfo } from '@rally/shared/api/sessions';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FormError } from '../../components/ui/FormError';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { fullTime, relativeTime } from '../team-settings/relative-time';
import settingsStyles from '../settings/SettingsPanels.module.css';
import { deviceName } from './device';
import { useSignOutOtherSessions, useSignOutSession } from './mutations';
import { useSessions } from './queries';
import styles from './SessionsPanel.module.css';

/**
 * Sessions (devices): where the account is signed in — browser and system, address, when it was
 * last active and signed in — this device marked; sign one out, or every other one at once.
 */
export function SessionsPanel() {
  const { t, i18n } = useTranslation('sessions');
  const headingId = useId();
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const toast = useToast();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const language = i18n.language;

  const name = (session: SessionInfo) => {
    const { browser, os } = deviceName(session.userAgent);
    if (browser && os) return t('device', { browser, os });
    return browser ?? os ?? t('unknownDevice');
  };
  const failed = (err: unknown) => toast.show(err instanceof ApiError ? err.message : t('failed'), 'error');
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section className={settingsStyles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={settingsStyles.heading}>
        {t('title')}
      </h3>
      <p className={settingsStyles.intro}>{t('intro')}</p>
      {sessions.isPending && <Spinner />}
      {sessions.isError && <FormError message={sessions.error.message} />}
      {sessions.data && (
        <ul className={styles.list} aria-label={t('listLabel')}>
          {sessions.data.map((session) => (
            <li key={session.id} className={styles.item} aria-current={session.current ? 'true' : undefined}>
              <div className={styles.details}>
                <p className={styles.name}>
                  {name(session)}
                  {session.current && <span className={styles.badge}>{t('thisDevice')}</span>}
                </p>
                <p className={styles.meta}>
                  {session.ip && <span>{session.ip}</span>}
                  {session.lastSeenAt && (
                    <span>
                      {t('lastActive')}{' '}
                      <time dateTime={session.lastSeenAt} title={fullTime(session.lastSeenAt, language)}>
                        {relativeTime(session.lastSeenAt, language)}
                      </time>
                    </span>
                  )}
                  <span>
                    {t('signedIn')} <time dateTime={session.createdAt}>{fullTime(session.createdAt, language)}</time>
                  </span>
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('signOutOne', { device: name(session) })}
                  loading={signOut.isPending && signOut.variables === session.id}
                  onClick={() => signOut.mutate(session.id, { onSuccess: () => toast.show(t('signedOut'), 'success'), onError: failed })}
                >
                  {t('signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div>
          <Button variant="danger" onClick={() => setConfirmOthers(true)}>
            {t('signOutOthers')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmOthers}
        onClose={() => setConfirmOthers(false)}
        title={t('signOutOthers')}
        message={t('signOutOthersConfirm', { count: others.length })}
        confirmLabel={t('signOutOthers')}
        onConfirm={() => signOutOthers.mutateAsync()}
      />
    </section>
  );
}
