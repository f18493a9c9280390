import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import type { SecondFactor } from '../../lib/step-up';
import { EMPTY_STEP_UP_VALUES, STEP_UP_FIELDS, stepUpFormSchema, type SecondFactorType } from './step-up-form';
import styles from './TwoFactor.module.css';

/**
 * The 2FA code dialog: a 6-digit code of the authenticator app, or (switched to) a backup code. It
 * sends the waiting call again with the code; a refused code ('Invalid code', 'Invalid backup code',
 * too many tries) shows under the field and the user may try again. Cancel gives the call up.
 */
export function StepUpDialog({ retry, onDone }: { retry: (factor: SecondFactor) => Promise<void>; onDone: (done: boolean) => void }) {
  const { t } = useTranslation('two-factor');
  const [type, setType] = useState<SecondFactorType>('app');
  const schema = useMemo(() => stepUpFormSchema(type), [type]);
  const form = useZodForm({ schema, initialValues: EMPTY_STEP_UP_VALUES, fields: STEP_UP_FIELDS });
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = form.handleSubmit(async (factor) => {
    setSending(true);
    try {
      await retry(factor);
      onDone(true);
    } finally {
      setSending(false);
    }
  });
  const switchType = () => {
    setType((current) => (current === 'app' ? 'backup' : 'app'));
    form.set({ twoFactorCode: '' });
    form.clearServerErrors();
    inputRef.current?.focus();
  };
  const field = form.text('twoFactorCode');

  return (
    <Dialog
      open
      onClose={() => onDone(false)}
      title={t('stepUp.title')}
      description={type === 'app' ? t('stepUp.appHint') : t('stepUp.backupHint')}
      size="sm"
      initialFocusRef={inputRef}
      closeOnBackdrop={false}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          ref={inputRef}
          label={type === 'app' ? t('stepUp.appLabel') : t('stepUp.backupLabel')}
          autoComplete="one-time-code"
          inputMode={type === 'app' ? 'numeric' : 'text'}
          maxLength={type === 'app' ? 6 : 14}
          placeholder={type === 'app' ? '000000' : 'xxxx-xxxx-xxxx'}
          className={styles.codeField}
          {...field}
        />
        <button type="button" className={styles.linkButton} onClick={switchType}>
          {type === 'app' ? t('stepUp.useBackup') : t('stepUp.useApp')}
        </button>
        <FormError message={form.formError} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => onDone(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={sending} disabled={form.data === null}>
            {t('stepUp.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
