import type { Team } from '@rally/shared/api/teams';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import { deleteTeamForm } from './delete-form';
import styles from './DeleteTeamTab.module.css';
import { useDeleteTeam } from './mutations';

/** The delete tab (creator only): type the team's exact name, then Delete team; the app goes home. */
export function DeleteTeamTab({ team }: { team: Team }) {
  const { t } = useTranslation('team-settings');
  const navigate = useNavigate();
  const toast = useToast();
  const schema = useMemo(() => deleteTeamForm(team), [team]);
  const form = useZodForm({ schema, initialValues: { name: '' }, fields: ['name'] });
  const remove = useDeleteTeam(team.id);

  const submit = form.handleSubmit(async (body) => {
    await remove.mutateAsync(body);
    toast.show(t('delete.done', { name: team.name }), 'success');
    void navigate('/', { replace: true });
  });

  return (
    <div className={styles.tab}>
      <h2 className={styles.heading}>{t('delete.heading')}</h2>
      <div className={styles.warning} role="note">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p>{t('delete.warning', { name: team.name })}</p>
      </div>
      <form className={styles.form} onSubmit={(e) => submit(e)} noValidate>
        <TextField label={t('delete.confirmLabel')} autoComplete="off" placeholder={team.name} {...form.text('name')} />
        <FormError message={form.formError} />
        <div>
          <Button type="submit" variant="danger" disabled={!form.data} loading={remove.isPending}>
            {t('delete.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
