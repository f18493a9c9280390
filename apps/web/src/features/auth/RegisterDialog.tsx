import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { AltchaWidget } from './AltchaWidget';
import { AuthFormFooter } from './AuthFormFooter';
import styles from './AuthForms.module.css';
import { BirthdatePicker } from './BirthdatePicker';
import { useRegion, useRegister } from './queries';
import { checkRegister, EMPTY_REGISTER_VALUES, REGISTER_FIELDS, type RegisterValues } from './register-form';
import { normalizeServerFieldErrors, partitionFieldErrors, type FieldErrors } from './validation';
import { useAfterSignIn } from './use-after-sign-in';

type Touched = Partial<Record<(typeof REGISTER_FIELDS)[number], boolean>>;

/**
 * Registration. The explicit-consent box shows when GET /api/v1/region says the visitor is in TR,
 * and also whenever the server answers consent_required (so the rule holds even if the region call
 * fails). The submit button stays disabled until every client check passes.
 */
export function RegisterDialog({ onClose, onSwitch }: { onClose: () => void; onSwitch: () => void }) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const afterSignIn = useAfterSignIn();
  const region = useRegion();
  const register = useRegister();
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER_VALUES);
  const [touched, setTouched] = useState<Touched>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [serverWantsConsent, setServerWantsConsent] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);

  const consentRequired = region.data?.location === 'TR' || serverWantsConsent;
  const check = checkRegister(values, consentRequired);

  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === 'day' || key === 'month' || key === 'year' ? 'birthdate' : key;
    setServerErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };
  const touch = (field: keyof Touched) => setTouched((s) => (s[field] ? s : { ...s, [field]: true }));

  /** Server message (already translated) wins; the client's own check shows once the field was touched. */
  const errorFor = (field: keyof Touched): string | null => {
    if (serverErrors[field]) return serverErrors[field];
    if (!touched[field]) return null;
    const key = check.errors[field];
    return key ? t(key) : null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check.request || register.isPending) return;
    setFormError(null);
    try {
      await register.mutateAsync(check.request);
      onClose();
      afterSignIn();
    } catch (err) {
      // The captcha payload is single-use: ask for a fresh one after any failure.
      setCaptchaReset((n) => n + 1);
      if (!(err instanceof ApiError)) {
        setFormError(t('errors:internal'));
        return;
      }
      const normalized = normalizeServerFieldErrors(err.fieldErrors);
      if (err.code === 'consent_required' || 'consent' in normalized) setServerWantsConsent(true);
      const { fields, other } = partitionFieldErrors(normalized, REGISTER_FIELDS);
      if (err.code === 'consent_required' && !fields.consent) fields.consent = err.message;
      setServerErrors(fields);
      setTouched((s) => ({ ...s, ...Object.fromEntries(Object.keys(fields).map((f) => [f, true])) }));
      const fieldCount = Object.keys(fields).length;
      setFormError(other.length > 0 ? other.join(' ') : fieldCount === 0 ? err.message : null);
    }
  };

  const captchaError = serverErrors.captchaToken ?? null;

  return (
    <Dialog open onClose={onClose} title={t('register.title')} description={t('register.subtitle')} closeOnBackdrop={false}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('register.username')}
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => set('username', e.target.value)}
          onBlur={() => touch('username')}
          error={errorFor('username')}
          required
        />
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          onBlur={() => touch('email')}
          error={errorFor('email')}
          required
        />
        <TextField
          label={t('register.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          onBlur={() => touch('password')}
          error={errorFor('password')}
          hint={t('register.passwordHint')}
          required
        />
        <BirthdatePicker
          day={values.day}
          month={values.month}
          year={values.year}
          onChange={(next) => {
            setValues((v) => ({ ...v, ...next }));
            setServerErrors((e) => {
              if (!e.birthdate) return e;
              const copy = { ...e };
              delete copy.birthdate;
              return copy;
            });
            if (next.day && next.month && next.year) touch('birthdate');
          }}
          onLeave={() => touch('birthdate')}
          error={errorFor('birthdate')}
        />
        <TextField
          label={t('register.friendCode')}
          name="friendCode"
          autoComplete="off"
          value={values.friendCode}
          onChange={(e) => set('friendCode', e.target.value)}
          onBlur={() => touch('friendCode')}
          error={errorFor('friendCode')}
          hint={t('register.friendCodeHint')}
        />
        <CheckboxField
          name="terms"
          checked={values.terms}
          onChange={(e) => {
            set('terms', e.target.checked);
            touch('terms');
          }}
          error={errorFor('terms')}
          label={
            <Trans
              t={t}
              i18nKey="register.terms"
              ns="auth"
              components={{
                tos: <a href="/tos" target="_blank" rel="noreferrer" />,
                privacy: <a href="/privacy" target="_blank" rel="noreferrer" />,
              }}
            />
          }
        />
        {consentRequired && (
          <CheckboxField
            name="consent"
            checked={values.consent}
            onChange={(e) => {
              set('consent', e.target.checked);
              touch('consent');
            }}
            error={errorFor('consent')}
            label={<Trans t={t} i18nKey="register.consent" ns="auth" components={{ privacy: <a href="/privacy" target="_blank" rel="noreferrer" /> }} />}
          />
        )}
        <div className={styles.captchaBlock} role="group" aria-labelledby="register-captcha-label">
          <p id="register-captcha-label" className={styles.groupLabel}>
            {t('register.captcha')}
          </p>
          <AltchaWidget onChange={(token) => set('captchaToken', token)} resetSignal={captchaReset} />
          {captchaError && (
            <p className={styles.fieldError} role="alert">
              {captchaError}
            </p>
          )}
        </div>
        <AuthFormFooter
          formError={formError}
          submitLabel={t('register.submit')}
          canSubmit={!!check.request}
          submitting={register.isPending}
          switchPrompt={t('register.haveAccount')}
          switchLabel={t('register.toLogin')}
          onSwitch={onSwitch}
        />
      </form>
    </Dialog>
  );
}
