import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import type { BlockTarget } from './BlockUserDialog';
import { useUnblockUser } from './mutations';

/** Unblock at once (no question, as in the friends list), with the toast '{name} unblocked', or failed_to_unblock_user. */
export function useUnblock(): { unblock: (user: BlockTarget) => void; pending: boolean } {
  const { t } = useTranslation('friends');
  const toast = useToast();
  const mutation = useUnblockUser();
  return {
    pending: mutation.isPending,
    unblock: (user) =>
      mutation.mutate(user.id, {
        onSuccess: () => toast.show(t('toast.unblocked', { name: user.username }), 'success'),
        onError: () => toast.show(t('toast.unblockFailed'), 'error'),
      }),
  };
}
