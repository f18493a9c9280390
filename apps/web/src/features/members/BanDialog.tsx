import { banRequestSchema } from '@rally/shared/api/moderation';
import type { Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import styles from './BanDialog.module.css';
import { useBanMember } from './mutations';
import { useMemberName } from './use-member-name';
import fieldStyles from '../../components/ui/Field.module.css';

const MAX = LIMITS.banReason.max;

/** Ban a member with an optional reason of at most 512 characters, a remaining-characters counter under it (spec 001 §2, §5). */
export function BanDialog({ team, userId, onClose }: { team: Pick<Team, 'id' | 'name'>; userId: string; onClose: () => void }) {
  const { t } = useTranslation(['members', 'common']);
  const toast = useToast();
  const ban = useBanMember();
  const name = useMemberName(team.id, userId);
  const form = useZodForm({ schema: banRequestSchema, initialValues: { reason: '' }, fields: ['reason'] });
  const reasonId = useId();
  const counterId = `${reasonId}-counter`;
  const errorId = `${reasonId}-error`;
  const reason = form.values.reason ?? '';
  const remaining = MAX - reason.length;
  const error = form.errorFor('reason');

  const submit = form.handleSubmit(async (body) => {
    await ban.mutateAsync({ teamId: team.id, userId, body: body.reason ? body : {} });
    toast.show(t('members:ban.done', { name }), 'success');
    onClose();
  });

  return (
    <Dialog open onClose={onClose} title={t('members:ban.title', { name })} description={t('members:ban.message', { name, team: team.name })}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.field}>
          <label htmlFor={reasonId} className={styles.label}>
            {t('members:ban.reason')}
          </label>
          <textarea
            id={reasonId}
            className={`${fieldStyles.textarea} ${styles.textarea} ${error ? fieldStyles.invalid : ''}`}
            rows={4}
            maxLength={MAX}
            placeholder={t('members:ban.reasonPlaceholder')}
            value={reason}
            onChange={(e) => form.set({ reason: e.target.value }, { touch: true })}
            onBlur={() => form.touch('reason')}
            aria-invalid={error ? true : undefined}
            aria-describedby={[counterId, error ? errorId : null].filter(Boolean).join(' ')}
          />
          <div className={styles.under}>
            {error ? (
              <p id={errorId} className={styles.error}>
                {error}
              </p>
            ) : (
              <span />
            )}
            <span id={counterId} className={`${styles.counter} ${remaining <= 20 ? styles.low : ''}`}>
              {t('members:ban.remaining', { count: remaining })}
            </span>
          </div>
        </div>
        <FormError message={form.formError} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!form.data} loading={ban.isPending}>
            {t('members:ban.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
