import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { ApiError } from '../../lib/api';
import { useZodForm } from '../../lib/form/use-zod-form';
import { BirthdatePicker } from '../auth/BirthdatePicker';
import { refreshMe } from '../auth/cache';
import { useQueryClient } from '@tanstack/react-query';
import styles from './Onboarding.module.css';
import { BIRTHDATE_ERROR_FIELDS, BIRTHDATE_FIELDS, birthdateFormSchema, EMPTY_BIRTHDATE } from './birthdate-form';
import { useSetBirthdate } from './mutations';

/**
 * The birthdate prompt (000 §2 global dialogs): an account without a birthdate gives one before
 * anything else; it cannot change afterwards. It cannot be dismissed (signing out is the way out).
 * A failed save goes back to / (000 §8), the error shown.
 */
export function BirthdatePrompt({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const save = useSetBirthdate();
  const form = useZodForm({ schema: birthdateFormSchema, initialValues: EMPTY_BIRTHDATE, fields: BIRTHDATE_FIELDS, errorField: BIRTHDATE_ERROR_FIELDS });
  const { values } = form;
  const submit = form.handleSubmit(
    (body) => save.mutateAsync(body),
    (err) => {
      // Set meanwhile (another tab): the account has one, the prompt goes.
      if (err instanceof ApiError && err.code === 'birthdate_already_set') void refreshMe(qc);
      void navigate('/');
    },
  );
  return (
    <Dialog open onClose={() => {}} dismissible={false} title={t('birthdate.title')} description={t('birthdate.description')} closeOnBackdrop={false} size="sm">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <BirthdatePicker
          day={values.day}
          month={values.month}
          year={values.year}
          onChange={(next) => form.set(next, { touch: !!(next.day && next.month && next.year) })}
          onLeave={() => form.touch('dateOfBirth')}
          error={form.errorFor('dateOfBirth')}
        />
        <p className={styles.note}>{t('birthdate.once')}</p>
        <FormError message={form.formError} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onSignOut}>
            {t('signOut')}
          </Button>
          <Button type="submit" disabled={form.data === null} loading={save.isPending}>
            {t('birthdate.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
