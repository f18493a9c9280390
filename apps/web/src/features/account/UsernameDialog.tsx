import { changeUsernameSchema } from '@rally/shared/api/account';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useDialogSubmit } from './use-dialog-submit';
import styles from './Account.module.css';
import { FormActions } from './FormActions';
import { useChangeUsername } from './mutations';

/** Change the username (000 §5: 1–16 letters, digits, _ - space, emoji; 'Cannot use this username.'). */
export function UsernameDialog({ open, onClose, userId, username }: { open: boolean; onClose: () => void; userId: string; username: string }) {
  const { t } = useTranslation('account');
  const change = useChangeUsername(userId);
  const form = useZodForm({ schema: changeUsernameSchema, initialValues: { username }, fields: ['username'] });
  const { close, submit } = useDialogSubmit(form, change, () => t('username.done'), onClose);
  return (
    <Dialog open={open} onClose={close} title={t('username.title')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('fields.username')} autoComplete="username" {...form.text('username', { live: true })} />
        <FormActions onCancel={close} submitLabel={t('save')} canSubmit={form.data !== null} pending={change.isPending} formError={form.formError} />
      </form>
    </Dialog>
  );
}
