import { useTranslation } from 'react-i18next';
import { formatFull } from '../messages/format';
import styles from './MessageActions.module.css';

/** "(edited)" after an edited message's text, its time in the tooltip (spec 001 §4). */
export function EditedMark({ editedAt }: { editedAt: string }) {
  const { t, i18n } = useTranslation('message-actions');
  const time = formatFull(new Date(editedAt), i18n.language);
  return (
    <time className={styles.edited} dateTime={editedAt} title={t('edit.editedAt', { time })}>
      {t('edit.edited')}
    </time>
  );
}
