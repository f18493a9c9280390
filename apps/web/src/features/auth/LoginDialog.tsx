import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { asksForSecondFactor } from '../../lib/step-up';
import { useZodForm } from '../../lib/form/use-zod-form';
import { AltchaWidget } from './AltchaWidget';
import { AuthFormFooter } from './AuthFormFooter';
import styles from './AuthForms.module.css';
import { EMPTY_LOGIN_VALUES, LOGIN_FIELDS, loginFormSchema } from './login-form';
import { useLogin } from './mutations';
import { useAfterSignIn } from './use-after-sign-in';

/**
 * Login with email and password; the captcha appears when the server answers captcha_required. With
 * two-factor on, the global 2FA code dialog asks for a code and the login is sent again with it
 * (lib/step-up.ts). "Forgot password?" opens the reset request.
 */
export function LoginDialog({ onClose, onSwitch, onForgot }: { onClose: () => void; onSwitch: () => void; onForgot: () => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const afterSignIn = useAfterSignIn();
  const login = useLogin();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  const schema = useMemo(() => loginFormSchema(captchaNeeded), [captchaNeeded]);
  // An empty password only needs filling in: it says nothing until the user typed something.
  const form = useZodForm({ schema, initialValues: EMPTY_LOGIN_VALUES, fields: LOGIN_FIELDS, quietWhenEmpty: ['password'] });
  const captchaError = form.errorFor('captchaToken');

  const submit = form.handleSubmit(
    async (body) => {
      await login.mutateAsync(body);
      onClose();
      afterSignIn();
    },
    (err) => {
      // A captcha payload is single-use: ask for a fresh one after any failure.
      if (captchaNeeded) setCaptchaReset((n) => n + 1);
      if (err instanceof ApiError && (err.code === 'captcha_required' || err.code === 'captcha_invalid')) setCaptchaNeeded(true);
      // The 2FA code dialog was cancelled: nothing to report, the user may sign in again.
      if (asksForSecondFactor(err)) form.clearServerErrors();
    },
  );

  return (
    <Dialog open onClose={onClose} title={t('login.title')} description={t('login.subtitle')} size="sm">
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label={t('login.email')} type="email" autoComplete="email" inputMode="email" required {...form.text('email')} />
        <TextField label={t('login.password')} type="password" autoComplete="current-password" required {...form.text('password')} />
        <p className={styles.forgotRow}>
          <button type="button" className={styles.linkButton} onClick={onForgot}>
            {t('login.forgot')}
          </button>
        </p>
        {captchaNeeded && (
          <div className={styles.captchaBlock} role="group" aria-labelledby="login-captcha-label">
            <p id="login-captcha-label" className={styles.groupLabel}>
              {t('login.captcha')}
            </p>
            <p className={styles.groupHint}>{t('login.captchaHint')}</p>
            <AltchaWidget onChange={(token) => form.set({ captchaToken: token }, { keepServerError: token === null })} resetSignal={captchaReset} />
            {captchaError && (
              <p className={styles.fieldError} role="alert">
                {captchaError}
              </p>
            )}
          </div>
        )}
        <AuthFormFooter
          formError={form.formError}
          submitLabel={t('login.submit')}
          canSubmit={form.data !== null}
          submitting={login.isPending}
          switchPrompt={t('login.noAccount')}
          switchLabel={t('login.toRegister')}
          onSwitch={onSwitch}
        />
      </form>
    </Dialog>
  );
}
