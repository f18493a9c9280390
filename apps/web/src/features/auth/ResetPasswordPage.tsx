import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckPasswordResetToken, useResetPassword } from './mutations';
import { EMPTY_RESET_PASSWORD_VALUES, RESET_PASSWORD_FIELDS, resetPasswordFormSchema } from './reset-password-form';
import styles from './ResetPasswordPage.module.css';

/** How long the success toast shows before the visitor is sent to log in (spec 000 §8: 2 s). */
const REDIRECT_AFTER_MS = 2_000;

/**
 * /resetpassword/:token (spec 000 §2, §4). The token is checked first: an unknown, used or expired
 * one sends the visitor to /login. Then the new password and its confirmation; success shows a
 * toast and goes to /login after 2 s; a failure shows the server's message.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'pages']);
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const check = useCheckPasswordResetToken();
  const checkToken = check.mutate;
  useEffect(() => checkToken(token), [checkToken, token]);
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const schema = useMemo(() => resetPasswordFormSchema(token), [token]);
  const form = useZodForm({ schema, initialValues: EMPTY_RESET_PASSWORD_VALUES, fields: RESET_PASSWORD_FIELDS, quietWhenEmpty: ['password', 'confirm'] });
  useDocumentTitle(t('pages:resetpassword'));

  // Refused (unknown, used, expired, malformed): say why, and go to log in. Other failures (offline, 5xx) say so here.
  const refusal = check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500 ? check.error.message : null;
  useEffect(() => {
    if (refusal === null) return;
    toast.show(refusal, 'error');
    void navigate('/login', { replace: true });
  }, [refusal, navigate, toast]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.handleSubmit(async (body) => {
    await reset.mutateAsync(body);
    toast.show(t('reset.success'), 'success');
    setDone(true);
  });

  return (
    <div className={styles.shell}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.title}>
          {t('reset.title')}
        </h1>
        {check.isSuccess ? (
          <form className={styles.form} onSubmit={submit} noValidate>
            <p className={styles.text}>{t('reset.subtitle')}</p>
            <TextField
              label={t('reset.password')}
              type="password"
              autoComplete="new-password"
              required
              hint={t('register.passwordHint')}
              disabled={done}
              {...form.text('password')}
            />
            <TextField label={t('reset.confirm')} type="password" autoComplete="new-password" required disabled={done} {...form.text('confirm')} />
            <FormError message={form.formError} />
            <Button type="submit" size="lg" block disabled={form.data === null || done} loading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </form>
        ) : check.isError && refusal === null ? (
          <p className={styles.text} role="alert">
            {check.error.message}
          </p>
        ) : (
          <p className={styles.text} role="status">
            {t('reset.checking')}
          </p>
        )}
      </section>
    </div>
  );
}
