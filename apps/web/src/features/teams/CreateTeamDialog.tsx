import { createTeamRequestSchema } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './CreateTeamDialog.module.css';
import { useCreateTeam } from './mutations';

/**
 * Create a team: a name of 1–20 characters after trimming (Create stays disabled until it is valid).
 * Pictures come with the uploads issue, so there is no picture control yet.
 */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['teams', 'errors', 'common']);
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateTeam();
  const form = useZodForm({ schema: createTeamRequestSchema, initialValues: { name: '' }, fields: ['name'] });
  const length = [...form.values.name.trim()].length;

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (body) => {
    const team = await create.mutateAsync(body);
    toast.show(t('teams:create.success'), 'success');
    close();
    void navigate(`/teams/${team.id}`);
  });

  return (
    <Dialog open={open} onClose={close} title={t('teams:create.title')} description={t('teams:create.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('teams:create.name')}
          autoComplete="off"
          placeholder={t('teams:create.namePlaceholder')}
          maxLength={LIMITS.teamName.max + 20}
          {...form.text('name', { live: true })}
          labelAside={
            <span className={length > LIMITS.teamName.max ? styles.over : undefined}>
              <span aria-hidden="true">
                {length}/{LIMITS.teamName.max}
              </span>
            </span>
          }
        />
        <FormError message={form.formError} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={close}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!form.data} loading={create.isPending}>
            {t('teams:create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
