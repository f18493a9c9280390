import type { Message } from '@rally/shared/api/messages';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { formatFull } from '../messages/format';
import { useScheduledDate } from './queries';
import styles from './Scheduled.module.css';

/** The scheduled-message info dialog (spec 001 §2, §4): when a sent scheduled message was scheduled for, as the server tells it. */
export function ScheduledInfoDialog({ message, onClose }: { message: Pick<Message, 'id' | 'channelId'>; onClose: () => void }) {
  const { t, i18n } = useTranslation('scheduled');
  const scheduled = useScheduledDate(message.channelId, message.id);
  return (
    <Dialog open onClose={onClose} title={t('info.title')} size="sm">
      {scheduled.isPending ? (
        <Spinner />
      ) : (
        <p className={styles.info} role="status">
          {scheduled.data ? t('info.text', { time: formatFull(new Date(scheduled.data), i18n.language) }) : t('info.unavailable')}
        </p>
      )}
    </Dialog>
  );
}
