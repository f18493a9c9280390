import { Presence, type PublicUser } from '@rally/shared/api/users';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../app/lazy';
import { Menu } from '../../components/ui/Menu';
import { useToast } from '../../components/ui/toast-context';
import { firstLetter } from '../../lib/initials';
import { useMeUser } from '../auth/queries';
import { isPremium } from '../messages/premium';
import { useClearStatus } from '../users/mutations';
import { useUserProfile } from '../users/queries';
import { useChosenPresence, useSetPresence } from './mutations';
import { PresenceDot } from './PresenceDot';
import styles from './StatusMenu.module.css';
import { Picture } from '../../components/ui/Picture';

const StatusEditor = lazyNamed(() => import('./StatusEditor'), 'StatusEditor');

const CHOICES: PublicUser['presence'][] = [Presence.ONLINE, Presence.IDLE, Presence.DND, Presence.OFFLINE];

/**
 * The signed-in user's avatar with the presence everyone sees, opening the status menu: online,
 * idle, do not disturb, invisible (the chosen one checked), then the custom status: set or edit it
 * (the status editor), or clear it. Lives in the sidebar's footer.
 */
export function StatusMenu({ placement }: { placement: 'above' | 'below' }) {
  const { t } = useTranslation('presence');
  const user = useMeUser();
  const chosen = useChosenPresence();
  const setPresence = useSetPresence();
  const clearStatus = useClearStatus();
  const status = useUserProfile(user?.id ?? '', null, user !== undefined).data?.status ?? null;
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  if (!user) return null;
  return (
    <>
      <Menu
        label={t('menu', { status: t(`shown.${user.presence}`) })}
        placement={placement}
        // Under the strip's avatar (near the right edge on a phone) the menu lines up with its right side.
        align={placement === 'below' ? 'end' : 'start'}
        triggerClassName={styles.trigger}
        trigger={
          <span className={`${styles.avatar}${isPremium(user) ? ` ${styles.premium}` : ''}`}>
            <Picture src={user.profilePicture} alt="" fallback={<span aria-hidden="true">{firstLetter(user.username)}</span>} />
            <PresenceDot presence={user.presence} />
          </span>
        }
        items={[
          ...CHOICES.map((choice) => ({
            id: String(choice),
            checked: choice === chosen,
            icon: <PresenceDot presence={choice} inline />,
            label: (
              <span className={styles.choice}>
                <span className={styles.name}>{t(`status.${choice}`)}</span>
                <span className={styles.hint}>{t(`hint.${choice}`)}</span>
              </span>
            ),
            onSelect: () => {
              if (choice !== chosen) setPresence.mutate(choice, { onError: () => toast.show(t('failed'), 'error') });
            },
          })),
          null,
          { id: 'custom', label: t(status ? 'custom.edit' : 'custom.set'), icon: <span aria-hidden="true">💬</span>, onSelect: () => setEditing(true) },
          ...(status
            ? [
                {
                  id: 'clear',
                  label: t('custom.clear'),
                  icon: <span aria-hidden="true">✕</span>,
                  onSelect: () =>
                    clearStatus.mutate(undefined, {
                      onSuccess: () => toast.show(t('custom.deleted'), 'success'),
                      onError: (err) => toast.show(err.message || t('failed'), 'error'),
                    }),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <Suspense fallback={null}>
          <StatusEditor current={status} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}
