import { createCategoryRequestSchema } from '@rally/shared/api/channels';
import type { Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './ChannelDialogs.module.css';
import { DialogFormFooter } from './DialogFormFooter';
import { useCreateCategory } from './mutations';
import { NameCounter } from './NameCounter';

/** Create a category (spec 001 §5: a name of 1–20 characters after trimming). */
export function CreateCategoryDialog({ team, onClose }: { team: Pick<Team, 'id'>; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const create = useCreateCategory(team.id);
  const form = useZodForm({ schema: createCategoryRequestSchema, initialValues: { name: '' }, fields: ['name'] });

  const submit = form.handleSubmit(async (body) => {
    await create.mutateAsync(body);
    onClose();
  });

  return (
    <Dialog open onClose={onClose} title={t('createCategory.title')} description={t('createCategory.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('createCategory.name')}
          autoComplete="off"
          placeholder={t('createCategory.namePlaceholder')}
          maxLength={LIMITS.categoryName.max + 20}
          {...form.text('name', { live: true })}
          labelAside={<NameCounter value={form.values.name} max={LIMITS.categoryName.max} />}
        />
        <DialogFormFooter
          formError={form.formError}
          onCancel={onClose}
          submitLabel={t('createCategory.submit')}
          invalid={!form.data}
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
