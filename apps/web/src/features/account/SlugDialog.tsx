import { changeSlugSchema } from '@rally/shared/api/account';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useDialogSubmit } from './use-dialog-submit';
import styles from './Account.module.css';
import { FormActions } from './FormActions';
import { useChangeSlug } from './mutations';

/** Change the slug (000 §5: 3–20 letters, digits, hyphens) with the password. */
export function SlugDialog({ open, onClose, slug }: { open: boolean; onClose: () => void; slug: string }) {
  const { t } = useTranslation('account');
  const change = useChangeSlug();
  const form = useZodForm({ schema: changeSlugSchema, initialValues: { slug, password: '' }, fields: ['slug', 'password'], quietWhenEmpty: ['password'] });
  const { close, submit } = useDialogSubmit(form, change, () => t('slug.done'), onClose);
  return (
    <Dialog open={open} onClose={close} title={t('slug.title')} description={t('slug.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('fields.slug')} autoComplete="off" {...form.text('slug', { live: true })} />
        <TextField label={t('currentPassword')} type="password" autoComplete="current-password" {...form.text('password')} />
        <FormActions onCancel={close} submitLabel={t('save')} canSubmit={form.data !== null} pending={change.isPending} formError={form.formError} />
      </form>
    </Dialog>
  );
}
