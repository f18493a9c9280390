import { createTeamRequestSchema } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import styles from './CreateTeamDialog.module.css';
import { useCreateTeam } from './queries';

/**
 * Create a team: a name of 1–20 characters after trimming (Create stays disabled until it is valid).
 * Pictures come with the uploads issue, so there is no picture control yet.
 */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['teams', 'errors', 'common']);
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const parsed = createTeamRequestSchema.safeParse({ name });
  const clientCode = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'team_name_error');
  const length = [...name.trim()].length;
  const error = serverError ?? (touched && clientCode ? t(`errors:${clientCode}`, { defaultValue: t('errors:team_name_error') }) : null);

  const close = () => {
    setName('');
    setTouched(false);
    setServerError(null);
    create.reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success || create.isPending) return;
    setServerError(null);
    try {
      const team = await create.mutateAsync({ name: parsed.data.name });
      toast.show(t('teams:create.success'), 'success');
      close();
      void navigate(`/teams/${team.id}`);
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldErrors.name ?? err.message) : null;
      setServerError(message || t('errors:team_name_error'));
    }
  };

  return (
    <Dialog open={open} onClose={close} title={t('teams:create.title')} description={t('teams:create.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('teams:create.name')}
          name="name"
          autoComplete="off"
          placeholder={t('teams:create.namePlaceholder')}
          value={name}
          maxLength={LIMITS.teamName.max + 20}
          onChange={(e) => {
            setName(e.target.value);
            setTouched(true);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={error}
          labelAside={
            <span className={length > LIMITS.teamName.max ? styles.over : undefined}>
              <span aria-hidden="true">
                {length}/{LIMITS.teamName.max}
              </span>
            </span>
          }
        />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={close}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!parsed.success} loading={create.isPending}>
            {t('teams:create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
