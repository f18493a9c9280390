import { useId, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';

/** A lookup answered 404: nobody holds the code. */
const isUnknownCode = (err: unknown) => err instanceof ApiError && err.status === 404;
import { normalizeServerFieldErrors } from '../../lib/form/state';
import { useZodForm } from '../../lib/form/use-zod-form';
import { FRIEND_INVITE_PATH, friendInviteCodeOf } from '../friends/invite-code';
import { useFriendInviter } from '../friends/queries';
import { AltchaWidget } from './AltchaWidget';
import { AuthFormFooter } from './AuthFormFooter';
import styles from './AuthForms.module.css';
import { BirthdatePicker } from './BirthdatePicker';
import { useRegister } from './mutations';
import { useRegion } from './queries';
import { StillNeeded } from './StillNeeded';
import { EMPTY_REGISTER_VALUES, REGISTER_ERROR_FIELDS, REGISTER_FIELDS, registerFormSchema } from './register-form';
import { useAfterSignIn } from './use-after-sign-in';

/**
 * Registration. The explicit-consent box shows when GET /api/v1/region says the visitor is in TR,
 * and also whenever the server asks for consent (so the rule holds even if the region call fails).
 * The submit button stays disabled until every client check passes (000 §5); under it, what is
 * still missing, each a button that shows the field's error and moves the focus there.
 */
export function RegisterDialog({ onClose, onSwitch }: { onClose: () => void; onSwitch: () => void }) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const afterSignIn = useAfterSignIn();
  const region = useRegion();
  const register = useRegister();
  const [serverWantsConsent, setServerWantsConsent] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);

  const consentRequired = region.data?.location === 'TR' || serverWantsConsent;
  const schema = useMemo(() => registerFormSchema(consentRequired), [consentRequired]);
  // Registering from a friend-invite link keeps its code: the new account and the inviter become friends.
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const friendCode = pathname === FRIEND_INVITE_PATH ? friendInviteCodeOf(params) : '';
  const form = useZodForm({
    schema,
    initialValues: { ...EMPTY_REGISTER_VALUES, friendCode },
    fields: REGISTER_FIELDS,
    errorField: REGISTER_ERROR_FIELDS,
  });
  const { values } = form;
  // The friend code is checked on its own (000 §5) when the field is left: whose it is shows under it.
  const [checkedCode, setCheckedCode] = useState(friendCode);
  const inviter = useFriendInviter(values.friendCode.trim() === checkedCode ? checkedCode : '');
  const friendCodeField = form.text('friendCode');

  const submit = form.handleSubmit(
    async (body) => {
      await register.mutateAsync(body);
      onClose();
      afterSignIn();
    },
    (err) => {
      // The captcha payload is single-use: ask for a fresh one after any failure.
      setCaptchaReset((n) => n + 1);
      if (err instanceof ApiError && (err.code === 'consent_required' || 'consent' in normalizeServerFieldErrors(err.fieldErrors))) setServerWantsConsent(true);
    },
  );

  const captchaError = form.errorFor('captchaToken');
  const formRef = useRef<HTMLFormElement>(null);
  const neededId = useId();
  const neededLabels: Record<string, string> = {
    username: t('register.username'),
    email: t('register.email'),
    password: t('register.password'),
    birthdate: t('register.birthdate'),
    friendCode: t('register.needed.friendCode'),
    terms: t('register.needed.terms'),
    consent: t('register.needed.consent'),
    captchaToken: t('register.captcha'),
  };
  const needed = form.failing.map((field) => ({ field, label: neededLabels[field] ?? field }));
  const goTo = (field: string) => {
    form.touch(field);
    const root = formRef.current;
    if (root) fieldElement(root, field, values)?.focus();
  };

  return (
    <Dialog open onClose={onClose} title={t('register.title')} description={t('register.subtitle')} closeOnBackdrop={false}>
      <form ref={formRef} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('register.username')} autoComplete="username" {...form.text('username')} required />
        <TextField label={t('register.email')} type="email" autoComplete="email" inputMode="email" {...form.text('email')} required />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          {...form.text('password')}
          hint={t('register.passwordHint')}
          required
        />
        <BirthdatePicker
          day={values.day}
          month={values.month}
          year={values.year}
          onChange={(next) => form.set(next, { touch: !!(next.day && next.month && next.year) })}
          onLeave={() => form.touch('birthdate')}
          error={form.errorFor('birthdate')}
        />
        <TextField
          label={t('register.friendCode')}
          autoComplete="off"
          {...friendCodeField}
          onBlur={() => {
            friendCodeField.onBlur();
            setCheckedCode(values.friendCode.trim());
          }}
          error={friendCodeField.error ?? (inviter.error && isUnknownCode(inviter.error) ? t('errors:friend_code_invalid') : null)}
          hint={inviter.data ? t('register.friendCodeFrom', { name: inviter.data.username }) : t('register.friendCodeHint')}
        />
        <CheckboxField
          {...form.checkbox('terms')}
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
            {...form.checkbox('consent')}
            label={<Trans t={t} i18nKey="register.consent" ns="auth" components={{ privacy: <a href="/privacy" target="_blank" rel="noreferrer" /> }} />}
          />
        )}
        <div className={styles.captchaBlock} role="group" aria-labelledby="register-captcha-label" data-field="captchaToken">
          <p id="register-captcha-label" className={styles.groupLabel}>
            {t('register.captcha')}
          </p>
          <AltchaWidget onChange={(token) => form.set({ captchaToken: token }, { keepServerError: token === null })} resetSignal={captchaReset} />
          {captchaError && (
            <p className={styles.fieldError} role="alert">
              {captchaError}
            </p>
          )}
        </div>
        <AuthFormFooter
          formError={form.formError}
          submitLabel={t('register.submit')}
          canSubmit={form.data !== null}
          submitting={register.isPending}
          blocked={{ id: neededId, node: <StillNeeded id={neededId} fields={needed} onPick={goTo} /> }}
          switchPrompt={t('register.haveAccount')}
          switchLabel={t('register.toLogin')}
          onSwitch={onSwitch}
        />
      </form>
    </Dialog>
  );
}

/** The control of a field of the form: its input, the first unset part of the birthdate, the captcha's box. */
function fieldElement(root: HTMLFormElement, field: string, values: { day: number | null; month: number | null }): HTMLElement | null {
  if (field === 'birthdate') return root.querySelector<HTMLElement>(`[name="${values.day === null ? 'day' : values.month === null ? 'month' : 'year'}"]`);
  if (field === 'captchaToken') {
    const block = root.querySelector<HTMLElement>('[data-field="captchaToken"]');
    const widget = block?.querySelector('altcha-widget');
    return block?.querySelector<HTMLElement>('input') ?? widget?.shadowRoot?.querySelector<HTMLElement>('input') ?? null;
  }
  return root.querySelector<HTMLElement>(`[name="${field}"]`);
}
