import { sendFriendRequestSchema } from '@rally/shared/api/friends';
import { LIMITS } from '@rally/shared/limits';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormError';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useSendFriendRequest } from './mutations';
import styles from './FriendsPage.module.css';

/**
 * Add a friend by @handle, or by the name they signed up with when no one else has it (the field
 * takes what registration takes: friendNameSchema of packages/shared/src/api/friends.ts; the button
 * stays disabled otherwise). A refusal shows the server's message here (001 §8 Friend add failure):
 * a name several users have says to use the handle.
 */
export function AddFriendForm() {
  const { t } = useTranslation(['friends', 'errors']);
  const toast = useToast();
  const send = useSendFriendRequest();
  const form = useZodForm({ schema: sendFriendRequestSchema, initialValues: { slug: '' }, fields: ['slug'] });

  const submit = form.handleSubmit(async (body) => {
    const friend = await send.mutateAsync(body);
    const name = friend?.user.username ?? body.slug;
    toast.show(t(friend?.status === 'accepted' ? 'add.nowFriends' : 'add.sent', { name }), 'success');
    form.reset();
  });

  return (
    <form className={styles.addForm} onSubmit={(e) => void submit(e)} noValidate>
      <h2 className={styles.addHeading}>{t('add.heading')}</h2>
      <p className={styles.addDescription}>{t('add.description')}</p>
      <div className={styles.addRow}>
        <TextField
          label={t('add.label')}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          placeholder={t('add.placeholder')}
          maxLength={LIMITS.friendName.max * 4}
          className={styles.addField}
          {...form.text('slug', { live: true })}
        />
        <Button type="submit" disabled={!form.data} loading={send.isPending} className={styles.addSubmit}>
          {t('add.submit')}
        </Button>
      </div>
      <FormError message={form.formError} />
    </form>
  );
}
