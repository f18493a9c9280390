import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import fieldStyles from '../../components/ui/Field.module.css';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AltchaWidget } from '../auth/AltchaWidget';
import authStyles from '../auth/AuthForms.module.css';
import publicStyles from '../public/Public.module.css';
import styles from './Legal.module.css';
import { useSendSecurityReport } from './mutations';
import { EMPTY_SECURITY_REPORT, SECURITY_REPORT_FIELDS, securityReportFormSchema } from './security-form';

/** Our response times to a vulnerability report (000 §9): first answer, triage, resolution, in days. */
const RESPONSE_TIMES = [
  ['firstResponse', 2],
  ['triage', 2],
  ['resolution', 7],
] as const;

/** /security: how we answer vulnerability reports, and the report form (mailed to the operator's security contact). */
export function SecurityPage() {
  const { t } = useTranslation(['pages', 'legal']);
  useDocumentTitle(t('pages:security'));
  const [sent, setSent] = useState(false);
  return (
    <article className={publicStyles.pageShell}>
      <h1 className={publicStyles.pageTitle}>{t('pages:security')}</h1>
      <p className={styles.lead}>{t('legal:security.lead')}</p>
      <h2 className={styles.cardTitle}>{t('legal:security.timesTitle')}</h2>
      <ul className={styles.times}>
        {RESPONSE_TIMES.map(([key, days]) => (
          <li key={key}>
            <span className={styles.timeValue}>{t('legal:security.days', { count: days })}</span>
            <span className={styles.timeLabel}>{t(`legal:security.times.${key}`)}</span>
          </li>
        ))}
      </ul>
      <h2 className={styles.cardTitle}>{t('legal:security.formTitle')}</h2>
      <p className={styles.lead}>{t('legal:security.formLead')}</p>
      {sent ? (
        <div className={styles.success} role="status">
          <p>{t('legal:security.sent')}</p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            {t('legal:security.another')}
          </Button>
        </div>
      ) : (
        <SecurityReportForm onSent={() => setSent(true)} />
      )}
    </article>
  );
}

function SecurityReportForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('legal');
  const send = useSendSecurityReport();
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useZodForm({ schema: securityReportFormSchema, initialValues: EMPTY_SECURITY_REPORT, fields: SECURITY_REPORT_FIELDS });
  const descriptionId = useId();
  const descriptionError = form.errorFor('description');
  const captchaError = form.errorFor('captchaToken');
  const submit = form.handleSubmit(
    async (body) => {
      await send.mutateAsync(body);
      onSent();
    },
    // The captcha payload is single-use: a fresh one after any failure.
    () => setCaptchaReset((n) => n + 1),
  );
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <TextField label={t('security.email')} type="email" autoComplete="email" inputMode="email" {...form.text('email')} required />
      <TextField label={t('security.title')} autoComplete="off" {...form.text('title')} required />
      <div className={fieldStyles.field}>
        <label htmlFor={descriptionId} className={fieldStyles.label}>
          {t('security.description')}
        </label>
        <textarea
          id={descriptionId}
          className={`${fieldStyles.textarea} ${descriptionError ? fieldStyles.invalid : ''}`}
          rows={8}
          value={form.values.description}
          onChange={(e) => form.set({ description: e.target.value })}
          onBlur={() => form.touch('description')}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={`${descriptionId}-hint${descriptionError ? ` ${descriptionId}-error` : ''}`}
          required
        />
        <p id={`${descriptionId}-hint`} className={fieldStyles.hint}>
          {t('security.descriptionHint')}
        </p>
        {descriptionError && (
          <p id={`${descriptionId}-error`} className={fieldStyles.error}>
            {descriptionError}
          </p>
        )}
      </div>
      <div className={authStyles.captchaBlock} role="group" aria-labelledby="security-captcha-label">
        <p id="security-captcha-label" className={authStyles.groupLabel}>
          {t('security.captcha')}
        </p>
        <AltchaWidget onChange={(token) => form.set({ captchaToken: token }, { keepServerError: token === null })} resetSignal={captchaReset} />
        {captchaError && (
          <p className={authStyles.fieldError} role="alert">
            {captchaError}
          </p>
        )}
      </div>
      <FormError message={form.formError} />
      <div>
        <Button type="submit" disabled={form.data === null} loading={send.isPending}>
          {t('security.submit')}
        </Button>
      </div>
    </form>
  );
}
