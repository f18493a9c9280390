import { LIMITS } from '@rally/shared/limits';
import { useTranslation } from 'react-i18next';
import styles from './DropOverlay.module.css';
import { limitMegabytes } from './file-size';
import { PaperclipIcon } from './icons';
import type { ChatPlace } from '../messages/place';

/** Over the chat while files are dragged onto it (001 §7 drag-and-drop overlay): what a drop does. */
export function DropOverlay({ place, limitBytes }: { place: ChatPlace; limitBytes: number }) {
  const { t } = useTranslation('attachments');
  return (
    <div className={styles.overlay} data-testid="drop-overlay">
      <div className={styles.panel}>
        <span className={styles.icon}>
          <PaperclipIcon />
        </span>
        <p className={styles.title}>{place.kind === 'channel' ? t('dropTitle', { channel: place.name }) : t('dropTitleDm', { name: place.name })}</p>
        <p className={styles.hint}>{t('dropHint', { max: LIMITS.attachments.max, size: limitMegabytes(limitBytes) })}</p>
      </div>
    </div>
  );
}
