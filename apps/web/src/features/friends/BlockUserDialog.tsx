import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useBlockUser } from './mutations';

/** Who is blocked or unblocked: their id, and the name the question and the toast say. */
export interface BlockTarget {
  id: string;
  username: string;
}

/**
 * "Block '{name}'": the friends list's question, asked wherever Block is offered (the friends list,
 * the profile card, a direct chat's header, the message menu). Blocking ends any friendship or
 * request between the two; the toast says '{name} blocked', a refusal stays in the dialog.
 */
export function BlockUserDialog({ user, onClose }: { user: BlockTarget; onClose: () => void }) {
  const { t } = useTranslation('friends');
  const toast = useToast();
  const block = useBlockUser();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t('confirm.blockTitle', { name: user.username })}
      message={t('confirm.blockMessage', { name: user.username })}
      confirmLabel={t('actions.block')}
      onConfirm={async () => {
        try {
          await block.mutateAsync(user.id);
        } catch (err) {
          throw new Error(err instanceof ApiError ? err.message : t('toast.failed'), { cause: err });
        }
        toast.show(t('toast.blocked', { name: user.username }), 'success');
      }}
    />
  );
}
