import type { Message } from '@rally/shared/api/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from './ClockIcon';
import { ScheduledInfoDialog } from './ScheduledInfoDialog';
import styles from './Scheduled.module.css';

/** The clock beside the time of a message that was scheduled (spec 001 §4); it opens the info dialog. */
export function ScheduledMark({ message }: { message: Pick<Message, 'id' | 'channelId'> }) {
  const { t } = useTranslation('scheduled');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.clock} aria-label={t('mark')} title={t('mark')} onClick={() => setOpen(true)}>
        <ClockIcon size={14} />
      </button>
      {open && <ScheduledInfoDialog message={message} onClose={() => setOpen(false)} />}
    </>
  );
}
