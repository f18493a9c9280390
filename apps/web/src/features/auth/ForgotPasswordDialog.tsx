import { requestPasswordResetSchema } from '@rally/shared/api/password-reset';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './AuthForms.module.css';
import { useRequestPasswordReset } from './mutations';

const FIELDS = ['email'] as const;

/**
 * "Forgot password?" from the login dialog: asks for the e-mail, then says neutrally that a link is
 * on its way if the address has an account (the server answers the same either way).
 */
export function ForgotPasswordDialog({ onClose, onBack }: { onClose: () => void; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm({ schema: requestPasswordResetSchema, initialValues: { email: '' }, fields: FIELDS });

  const submit = form.handleSubmit(async (body) => {
    await request.mutateAsync(body);
    setSentTo(body.email);
  });

  return (
    <Dialog open onClose={onClose} title={t('forgot.title')} description={sentTo === null ? t('forgot.subtitle') : undefined} size="sm">
      {sentTo === null ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField label={t('forgot.email')} type="email" autoComplete="email" inputMode="email" required {...form.text('email')} />
          <FormError message={form.formError} />
          <Button type="submit" size="lg" block disabled={form.data === null} loading={request.isPending}>
            {t('forgot.submit')}
          </Button>
          <p className={styles.switch}>
            <button type="button" className={styles.linkButton} onClick={onBack}>
              {t('forgot.backToLogin')}
            </button>
          </p>
        </form>
      ) : (
        <div className={styles.form}>
          <p className={styles.notice} role="status">
            {t('forgot.sent', { email: sentTo })}
          </p>
          <Button size="lg" block onClick={onBack}>
            {t('forgot.backToLogin')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
