import { changeEmailSchema } from '@rally/shared/api/account';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useDialogSubmit } from './use-dialog-submit';
import styles from './Account.module.css';
import { FormActions } from './FormActions';
import { useChangeEmail } from './mutations';

/** Change the e-mail address (000 §5) with the password; the new one may need verifying. */
export function ChangeEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const form = useZodForm({
    schema: changeEmailSchema,
    initialValues: { email: '', password: '' },
    fields: ['email', 'password'],
    quietWhenEmpty: ['password'],
  });
  const { close, submit } = useDialogSubmit(form, change, ({ verified }) => (verified ? t('email.done') : t('email.doneVerify')), onClose);
  return (
    <Dialog open={open} onClose={close} title={t('email.title')} description={t('email.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('email.new')} type="email" autoComplete="email" {...form.text('email')} />
        <TextField label={t('currentPassword')} type="password" autoComplete="current-password" {...form.text('password')} />
        <FormActions onCancel={close} submitLabel={t('save')} canSubmit={form.data !== null} pending={change.isPending} formError={form.formError} />
      </form>
    </Dialog>
  );
}
