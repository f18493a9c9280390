import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import { CHANGE_PASSWORD_FIELDS, changePasswordFormSchema, EMPTY_CHANGE_PASSWORD } from './account-forms';
import { useDialogSubmit } from './use-dialog-submit';
import styles from './Account.module.css';
import { FormActions } from './FormActions';
import { useChangePassword } from './mutations';

/** Change the password (000 §5): current, new and confirmation; submit stays disabled until all three are filled and valid. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useZodForm({
    schema: changePasswordFormSchema,
    initialValues: EMPTY_CHANGE_PASSWORD,
    fields: CHANGE_PASSWORD_FIELDS,
    quietWhenEmpty: ['password', 'newPassword', 'confirm'],
  });
  const { close, submit } = useDialogSubmit(form, change, () => t('password.done'), onClose);
  return (
    <Dialog open={open} onClose={close} title={t('password.title')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('currentPassword')} type="password" autoComplete="current-password" {...form.text('password')} />
        <TextField label={t('password.new')} type="password" autoComplete="new-password" {...form.text('newPassword', { live: true })} />
        <TextField label={t('password.confirm')} type="password" autoComplete="new-password" {...form.text('confirm', { live: true })} />
        <FormActions onCancel={close} submitLabel={t('password.submit')} canSubmit={form.data !== null} pending={change.isPending} formError={form.formError} />
      </form>
    </Dialog>
  );
}
