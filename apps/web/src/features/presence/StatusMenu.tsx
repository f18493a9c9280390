import { Presence, type PublicUser } from '@rally/shared/api/users';
import { useTranslation } from 'react-i18next';
import { Menu } from '../../components/ui/Menu';
import { useToast } from '../../components/ui/toast-context';
import { firstLetter } from '../../lib/initials';
import { useMeUser } from '../auth/queries';
import { useChosenPresence, useSetPresence } from './mutations';
import { PresenceDot } from './PresenceDot';
import styles from './StatusMenu.module.css';

const CHOICES: PublicUser['presence'][] = [Presence.ONLINE, Presence.IDLE, Presence.DND, Presence.OFFLINE];

/**
 * The signed-in user's avatar with the presence everyone sees, opening the status menu: online,
 * idle, do not disturb, invisible (the chosen one checked). Lives in the sidebar's footer.
 */
export function StatusMenu({ placement }: { placement: 'above' | 'below' }) {
  const { t } = useTranslation('presence');
  const user = useMeUser();
  const chosen = useChosenPresence();
  const setPresence = useSetPresence();
  const toast = useToast();
  if (!user) return null;
  return (
    <Menu
      label={t('menu', { status: t(`shown.${user.presence}`) })}
      placement={placement}
      // Under the strip's avatar (near the right edge on a phone) the menu lines up with its right side.
      align={placement === 'below' ? 'end' : 'start'}
      triggerClassName={styles.trigger}
      trigger={
        <span className={styles.avatar}>
          {user.profilePicture ? <img src={user.profilePicture} alt="" /> : <span aria-hidden="true">{firstLetter(user.username)}</span>}
          <PresenceDot presence={user.presence} />
        </span>
      }
      items={CHOICES.map((status) => ({
        id: String(status),
        checked: status === chosen,
        icon: <PresenceDot presence={status} inline />,
        label: (
          <span className={styles.choice}>
            <span className={styles.name}>{t(`status.${status}`)}</span>
            <span className={styles.hint}>{t(`hint.${status}`)}</span>
          </span>
        ),
        onSelect: () => {
          if (status !== chosen) setPresence.mutate(status, { onError: () => toast.show(t('failed'), 'error') });
        },
      }))}
    />
  );
}
