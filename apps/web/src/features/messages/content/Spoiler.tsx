import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './MessageContent.module.css';

/**
 * `||hidden||`: covered until clicked (or Enter / Space when focused). While covered, its content is
 * inert and hidden from assistive technology (a link inside cannot be followed unseen); the cover is
 * a button named "Spoiler". Once revealed it is plain text for good.
 */
export function Spoiler({ children }: { children: ReactNode }) {
  const { t } = useTranslation('message-content');
  const [shown, setShown] = useState(false);
  if (shown) return <span className={`${styles.spoiler} ${styles.spoilerShown}`}>{children}</span>;
  return (
    <span
      role="button"
      tabIndex={0}
      aria-label={t('spoiler')}
      aria-expanded={false}
      className={styles.spoiler}
      onClick={(e) => {
        e.stopPropagation();
        setShown(true);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          setShown(true);
        }
      }}
    >
      <span inert aria-hidden="true" className={styles.spoilerContent}>
        {children}
      </span>
    </span>
  );
}
