import { updateCategoryRequestSchema } from '@rally/shared/api/channels';
import type { Category, Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { SaveBar } from '../../components/ui/SaveBar';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './ChannelSettings.module.css';
import { useDeleteCategory, useUpdateCategory } from './mutations';
import { NameCounter } from './NameCounter';

interface Props {
  team: Pick<Team, 'id'>;
  category: Category;
  onDirtyChange: (dirty: boolean) => void;
  onDeleted: () => void;
}

/** A category's overview: its name (held until Save) and delete (its channels stay, uncategorised). */
export function CategoryOverviewTab({ team, category, onDirtyChange, onDeleted }: Props) {
  const { t } = useTranslation(['channels', 'common']);
  const toast = useToast();
  const actionsId = useId();
  const form = useZodForm({ schema: updateCategoryRequestSchema, initialValues: { name: category.name }, fields: ['name'] });
  const update = useUpdateCategory(team.id, category.id);
  const remove = useDeleteCategory(team.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = form.values.name !== category.name;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = form.handleSubmit(async (body) => {
    const saved = await update.mutateAsync(body);
    form.set({ name: saved.name });
  });

  return (
    <form className={styles.tab} onSubmit={(e) => void save(e)} noValidate>
      <h3 className={styles.heading}>{t('overview.heading')}</h3>
      <TextField
        label={t('overview.categoryName')}
        autoComplete="off"
        maxLength={LIMITS.categoryName.max + 20}
        {...form.text('name', { live: true })}
        labelAside={<NameCounter value={form.values.name} max={LIMITS.categoryName.max} />}
      />
      <section className={styles.dangerZone} aria-labelledby={actionsId}>
        <h4 id={actionsId} className={styles.subheading}>
          {t('overview.deleteCategory')}
        </h4>
        <div className={styles.actionRow}>
          <p className={styles.hint}>{t('overview.deleteCategoryHint')}</p>
          <Button variant="danger" size="sm" onClick={() => setConfirmDelete(true)}>
            {t('overview.deleteCategory')}
          </Button>
        </div>
      </section>
      <SaveBar visible={dirty} onReset={form.reset} onSave={() => void save()} invalid={!form.data} saving={update.isPending} error={form.formError} />
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('overview.deleteCategoryTitle', { name: category.name })}
        message={t('overview.deleteCategoryMessage')}
        confirmLabel={t('overview.deleteCategoryConfirm')}
        onConfirm={async () => {
          await remove.mutateAsync(category.id);
          toast.show(t('overview.categoryDeleted'), 'success');
          onDeleted();
        }}
      />
    </form>
  );
}
