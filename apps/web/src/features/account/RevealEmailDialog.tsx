import { viewEmailSchema } from '@rally/shared/api/account';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './Account.module.css';
import { FormActions } from './FormActions';
import { useViewEmail } from './mutations';

/** Reveal the e-mail address (000 §5: a non-empty password); `onRevealed` gets it. */
export function RevealEmailDialog({ open, onClose, onRevealed }: { open: boolean; onClose: () => void; onRevealed: (email: string) => void }) {
  const { t } = useTranslation('account');
  const view = useViewEmail();
  const form = useZodForm({ schema: viewEmailSchema, initialValues: { password: '' }, fields: ['password'], quietWhenEmpty: ['password'] });
  const close = () => {
    form.reset();
    view.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    onRevealed(await view.mutateAsync(body));
    close();
  });
  return (
    <Dialog open={open} onClose={close} title={t('reveal.title')} description={t('reveal.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('currentPassword')} type="password" autoComplete="current-password" {...form.text('password')} />
        <FormActions onCancel={close} submitLabel={t('reveal.submit')} canSubmit={form.data !== null} pending={view.isPending} formError={form.formError} />
      </form>
    </Dialog>
  );
}
