import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { formatShort } from '../messages/format';
import { notificationBody } from '../unread/notify';
import { ClockIcon } from './ClockIcon';
import { useCancelScheduledMessage } from './mutations';
import { useScheduledMessages } from './queries';
import styles from './Scheduled.module.css';

/**
 * The user's messages of the channel waiting to be sent, above the composer: a line with their
 * number that opens into the list, each with its time and a cancel button. Nothing while none waits.
 */
export function ScheduledMessages({ teamId, channelId }: { teamId: string | null; channelId: string }) {
  const { t, i18n } = useTranslation('scheduled');
  const qc = useQueryClient();
  const toast = useToast();
  const { data } = useScheduledMessages(channelId);
  const cancel = useCancelScheduledMessage(channelId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!data?.length) return null;

  /** The text, and how many files go with it. */
  const pendingText = (text: string, files: number) => [text, files > 0 ? t('pending.attachments', { count: files }) : ''].filter(Boolean).join(' · ');

  const onCancel = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () => toast.show(t('pending.cancelled'), 'success'),
      onError: (err) => toast.show(err instanceof ApiError ? err.message : t('pending.cancelFailed'), 'error'),
    });

  return (
    <section className={styles.pending} aria-label={t('pending.label')}>
      <button type="button" className={styles.pendingToggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <ClockIcon size={16} />
        {t('pending.count', { count: data.length })}
        <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="m6 15 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <ul id={listId} className={styles.pendingList}>
          {data.map((m) => {
            const time = formatShort(new Date(m.scheduledAt), i18n.language);
            return (
              <li key={m.id} className={styles.pendingItem}>
                <span className={styles.pendingText}>
                  <time className={styles.pendingTime} dateTime={m.scheduledAt}>
                    {time}
                  </time>
                  <span className={styles.pendingContent}>{pendingText(notificationBody(qc, { content: m.content }, teamId), m.attachments.length)}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('pending.cancelLabel', { time })}
                  loading={cancel.isPending && cancel.variables === m.id}
                  onClick={() => onCancel(m.id)}
                >
                  {t('pending.cancel')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
