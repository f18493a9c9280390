import { loginRequestSchema } from '@rally/shared/api/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { AltchaWidget } from './AltchaWidget';
import { AuthFormFooter } from './AuthFormFooter';
import styles from './AuthForms.module.css';
import { useLogin } from './queries';
import { issuesToFieldErrors, normalizeServerFieldErrors, partitionFieldErrors, type FieldErrors } from './validation';
import { useAfterSignIn } from './use-after-sign-in';

const LOGIN_FIELDS = ['email', 'password', 'captchaToken'] as const;

/** Login with email and password; the captcha appears when the server answers captcha_required. */
export function LoginDialog({ onClose, onSwitch }: { onClose: () => void; onSwitch: () => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const afterSignIn = useAfterSignIn();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<{ email?: boolean; password?: boolean }>({});
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const parsed = loginRequestSchema.safeParse({ email, password, captchaToken: captchaNeeded ? captchaToken : undefined });
  const clientErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  const ready = parsed.success && (!captchaNeeded || !!captchaToken);

  const errorFor = (field: 'email' | 'password') => {
    if (serverErrors[field]) return serverErrors[field];
    if (!touched[field] || !clientErrors[field]) return null;
    // An empty password only needs filling in; say nothing until the user typed something.
    if (field === 'password' && password === '') return null;
    return t(`errors:${clientErrors[field]}`);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success || !ready || login.isPending) return;
    setFormError(null);
    try {
      await login.mutateAsync(parsed.data);
      onClose();
      afterSignIn();
    } catch (err) {
      if (captchaNeeded) setCaptchaReset((n) => n + 1);
      if (!(err instanceof ApiError)) {
        setFormError(t('errors:internal'));
        return;
      }
      if (err.code === 'captcha_required' || err.code === 'captcha_invalid') setCaptchaNeeded(true);
      const { fields, other } = partitionFieldErrors(normalizeServerFieldErrors(err.fieldErrors), LOGIN_FIELDS);
      setServerErrors(fields);
      const shown = Object.keys(fields).length > 0;
      setFormError(other.length > 0 ? other.join(' ') : shown ? null : err.message);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('login.title')} description={t('login.subtitle')} size="sm">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setServerErrors(({ email: _, ...rest }) => rest);
          }}
          onBlur={() => setTouched((s) => ({ ...s, email: true }))}
          error={errorFor('email')}
          required
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setServerErrors(({ password: _, ...rest }) => rest);
          }}
          onBlur={() => setTouched((s) => ({ ...s, password: true }))}
          error={errorFor('password')}
          required
        />
        {captchaNeeded && (
          <div className={styles.captchaBlock} role="group" aria-labelledby="login-captcha-label">
            <p id="login-captcha-label" className={styles.groupLabel}>
              {t('login.captcha')}
            </p>
            <p className={styles.groupHint}>{t('login.captchaHint')}</p>
            <AltchaWidget onChange={setCaptchaToken} resetSignal={captchaReset} />
            {serverErrors.captchaToken && (
              <p className={styles.fieldError} role="alert">
                {serverErrors.captchaToken}
              </p>
            )}
          </div>
        )}
        <AuthFormFooter
          formError={formError}
          submitLabel={t('login.submit')}
          canSubmit={ready}
          submitting={login.isPending}
          switchPrompt={t('login.noAccount')}
          switchLabel={t('login.toRegister')}
          onSwitch={onSwitch}
        />
      </form>
    </Dialog>
  );
}
