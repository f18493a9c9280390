import { latestScheduleMs } from '@rally/shared/api/scheduled-messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import { formatFull } from '../messages/format';
import { defaultScheduleValues, localDate, SCHEDULE_ERROR_FIELDS, scheduleFormSchema } from './schedule-form';
import styles from './Scheduled.module.css';

interface Props {
  /** The composer's text, shown as it will be sent. */
  content: string;
  /** How many files go with it. */
  attachmentCount?: number;
  onClose: () => void;
  /** Schedule the text for this instant (ISO); a refusal shows in the dialog. */
  onSubmit: (scheduledAt: string) => Promise<unknown>;
}

/**
 * Send the composer's text later (spec 001 §5: between now and 365 days ahead): a date and a time
 * in the browser's time zone, checked by the same rule as the server's, with the moment it names
 * written out in full.
 */
export function ScheduleDialog({ content, attachmentCount = 0, onClose, onSubmit }: Props) {
  const { t, i18n } = useTranslation('scheduled');
  const form = useZodForm({
    schema: scheduleFormSchema,
    initialValues: defaultScheduleValues(),
    fields: ['scheduledAt'],
    errorField: SCHEDULE_ERROR_FIELDS,
  });
  const [pending, setPending] = useState(false);
  const errorId = useId();
  const previewId = useId();
  const error = form.errorFor('scheduledAt');
  const at = form.data ? new Date(form.data.scheduledAt) : null;
  const describedBy = error ? errorId : at ? previewId : undefined;

  const submit = form.handleSubmit(async ({ scheduledAt }) => {
    setPending(true);
    try {
      await onSubmit(scheduledAt);
    } finally {
      setPending(false);
    }
  });

  /** A date or time input: its error is the pair's, shown once under both. */
  const field = (name: 'date' | 'time') => ({
    ...form.text(name, { live: true }),
    error: undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  });

  return (
    <Dialog open onClose={onClose} title={t('dialog.title')} size="sm">
      <form onSubmit={submit} noValidate>
        {content && <p className={styles.quote}>{content}</p>}
        {attachmentCount > 0 && <p className={styles.attachments}>{t('dialog.attachments', { count: attachmentCount })}</p>}
        <fieldset className={styles.when}>
          <legend className={styles.legend}>{t('dialog.when')}</legend>
          <TextField type="date" label={t('dialog.date')} min={localDate(new Date())} max={localDate(new Date(latestScheduleMs()))} {...field('date')} />
          <TextField type="time" step={1} label={t('dialog.time')} {...field('time')} />
        </fieldset>
        {error ? (
          <p id={errorId} className={styles.fieldError} role="alert">
            {error}
          </p>
        ) : (
          at && (
            <p id={previewId} className={styles.preview}>
              {t('dialog.preview', { time: formatFull(at, i18n.language) })}
            </p>
          )
        )}
        <FormError message={form.formError} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!form.data} loading={pending}>
            {t('dialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
