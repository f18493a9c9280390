import type { Attachment } from '@rally/shared/api/attachments';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import styles from './MessageAttachments.module.css';

/** An image attachment at full size (up to the window), in a dialog: Escape or × closes it; the original opens in a new tab. */
export function ImageLightbox({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const { t } = useTranslation('attachments');
  return (
    <Dialog open onClose={onClose} title={attachment.name} size="lg" className={styles.lightbox}>
      <div className={styles.lightboxBody}>
        <img
          src={attachment.url}
          alt={attachment.name}
          width={attachment.width ?? undefined}
          height={attachment.height ?? undefined}
          className={styles.lightboxImage}
        />
        <a className={styles.original} href={attachment.url} target="_blank" rel="noopener noreferrer">
          {t('openOriginal')}
        </a>
      </div>
    </Dialog>
  );
}
