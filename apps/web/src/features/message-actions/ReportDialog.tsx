import { REPORT_REASONS, reportMessageRequestSchema } from '@rally/shared/api/message-actions';
import type { Message } from '@rally/shared/api/messages';
import { useEffect, useId } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './MessageActions.module.css';
import { useReportMessage } from './mutations';

/** The dialog closes this long after a report went through (spec 001 §8). */
const CLOSE_AFTER_MS = 2000;

/** The dialog's values: no reason picked yet is '' (refused with 'Please select a reason'). */
const reportForm = z.object({ reason: z.string() }).pipe(reportMessageRequestSchema);

interface Props {
  message: Message;
  onClose: () => void;
}

/**
 * Report a message (spec 001 §5, §8): one of the reasons is required ('Please select a reason');
 * a failure shows the server's message ('Something went wrong' without one, the network text when
 * offline); success shows 'Report Submitted' and the thanks, and the dialog closes after 2 s.
 */
export function ReportDialog({ message, onClose }: Props) {
  const { t } = useTranslation('message-actions');
  const report = useReportMessage();
  const form = useZodForm({ schema: reportForm, initialValues: { reason: '' }, fields: ['reason'] });
  const groupId = useId();
  const done = report.isSuccess;
  const reasonError = form.errorFor('reason');

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(onClose, CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [done, onClose]);

  const submit = form.handleSubmit(({ reason }) => report.mutateAsync({ messageId: message.id, reason }));

  return (
    <Dialog open onClose={onClose} title={t('report.title')} size="sm">
      {done ? (
        <div className={styles.reportDone} role="status">
          <p className={styles.reportDoneTitle}>{t('report.submitted')}</p>
          <p>{t('report.thanks')}</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <blockquote className={styles.quote}>
            <strong>{message.createdBy.username}</strong>
            <span className={styles.quoteText}>{message.content}</span>
          </blockquote>
          <fieldset className={styles.reasons} aria-describedby={reasonError ? `${groupId}-error` : undefined}>
            <legend className={styles.legend}>{t('report.question')}</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className={styles.reason}>
                <input type="radio" name={groupId} value={r} checked={form.values.reason === r} onChange={() => form.set({ reason: r }, { touch: true })} />
                <span>{t(`report.reasons.${r}`)}</span>
              </label>
            ))}
          </fieldset>
          {reasonError && (
            <p id={`${groupId}-error`} className={styles.fieldError} role="alert">
              {reasonError}
            </p>
          )}
          <FormError message={form.formError && (form.formError || t('report.failed'))} />
          <div className={styles.dialogActions}>
            <Button variant="ghost" onClick={onClose} disabled={report.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="danger" loading={report.isPending}>
              {t('report.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
