import type { Message } from '@rally/shared/api/messages';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import styles from './MessageActions.module.css';

interface Props {
  message: Message;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}

/** "Delete message": the message (author and text, cut) and the confirmation; Shift-click on Delete skips this. */
export function DeleteMessageDialog({ message, onClose, onConfirm }: Props) {
  const { t } = useTranslation('message-actions');
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t('delete.title')}
      message={
        <>
          <p>{t('delete.text')}</p>
          <blockquote className={styles.quote}>
            <strong>{message.createdBy.username}</strong>
            <span className={styles.quoteText}>{message.content}</span>
          </blockquote>
          <p className={styles.hint}>{t('delete.shiftHint')}</p>
        </>
      }
      confirmLabel={t('delete.confirm')}
      onConfirm={onConfirm}
    />
  );
}
