import { useTranslation } from 'react-i18next';
import { badgeText } from './unread-state';
import styles from './UnreadBadge.module.css';

/**
 * A mention count (the number drawn, the words for screen readers), or for unread messages without
 * mentions the words alone (the row shows them in bold with a dot). Nothing when all is read.
 */
export function UnreadMarker({ unread, mentions, max, onIcon = false }: { unread: number; mentions: number; max: number; onIcon?: boolean }) {
  const { t } = useTranslation('unread');
  if (mentions > 0) {
    return (
      <>
        <span className={onIcon ? `${styles.badge} ${styles.onIcon}` : styles.badge} aria-hidden="true">
          {badgeText(mentions, max)}
        </span>
        <span className="visually-hidden">({t('mentions', { count: mentions })})</span>
      </>
    );
  }
  if (unread > 0) return <span className="visually-hidden">({t('unreadChannel')})</span>;
  return null;
}
