import { deleteAccountSchema } from '@rally/shared/api/account';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { requestForm } from '../../lib/form/request-form';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './Account.module.css';
import { FormActions } from './FormActions';
import { useDeleteAccount } from './mutations';
import { useAccountDeletion } from './queries';

interface DeleteValues {
  password: string;
  confirm: boolean;
}

/** The deletion request, and the box that says the user understands (000 §4: password and a checkbox). */
const deleteFormSchema = requestForm(
  deleteAccountSchema,
  (v: DeleteValues) => ({ password: v.password }),
  (v) => (v.confirm ? [] : [['confirm', 'account:delete.confirmRequired']]),
);

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useDeleteAccount();
  const form = useZodForm({
    schema: deleteFormSchema,
    initialValues: { password: '', confirm: false },
    fields: ['password', 'confirm'],
    quietWhenEmpty: ['password'],
  });
  const close = () => {
    form.reset();
    remove.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    await remove.mutateAsync(body);
    toast.show(t('delete.done'), 'success');
    void navigate('/', { replace: true });
  });
  return (
    <Dialog open={open} onClose={close} title={t('delete.title')} description={t('delete.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('currentPassword')} type="password" autoComplete="current-password" {...form.text('password')} />
        <CheckboxField label={t('delete.confirm')} {...form.checkbox('confirm')} />
        <FormActions
          onCancel={close}
          submitLabel={t('delete.submit')}
          canSubmit={form.data !== null}
          pending={remove.isPending}
          formError={form.formError}
          danger
        />
      </form>
    </Dialog>
  );
}

/**
 * Delete account (000 §4): eligibility is checked first — an owner of a team is told to transfer
 * it — then the dialog asks for the password and a confirmation; afterwards the visitor is signed
 * out on the landing page.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation(['account', 'errors']);
  const headingId = useId();
  const deletion = useAccountDeletion(false);
  const [refused, setRefused] = useState(false);
  const [open, setOpen] = useState(false);
  const check = async () => {
    setRefused(false);
    const { data } = await deletion.refetch();
    if (data === true) setOpen(true);
    else if (data === false) setRefused(true);
  };
  return (
    <section className={styles.danger} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.dangerHeading}>
        {t('delete.heading')}
      </h4>
      <p className={styles.dangerText}>{t('delete.explain')}</p>
      {refused && (
        <p className={styles.refusal} role="alert">
          {t('errors:account_owns_team')}
        </p>
      )}
      {deletion.isError && (
        <p className={styles.refusal} role="alert">
          {deletion.error.message}
        </p>
      )}
      <div className={styles.dangerActions}>
        <Button variant="danger" onClick={() => void check()} loading={deletion.isFetching}>
          {t('delete.button')}
        </Button>
      </div>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
