import { useTranslation } from 'react-i18next';
import { PinIcon } from './PinIcon';
import styles from './Pins.module.css';

/** A pinned message's mark: beside its time, or after its text when it is grouped under the one before. */
export function PinnedMark() {
  const { t } = useTranslation('pins');
  return (
    <span className={styles.mark} role="img" aria-label={t('mark')} title={t('mark')}>
      <PinIcon size={14} />
    </span>
  );
}
