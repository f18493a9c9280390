import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useOpenDm } from './mutations';

/** "Message": opens the chat with the user (the existing one, or a new one) and goes to it; a refusal is the server's message as a toast (001 §8). */
export function MessageButton({ userId, name, variant = 'secondary' }: { userId: string; name: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('dms');
  const toast = useToast();
  const navigate = useNavigate();
  const open = useOpenDm();
  return (
    <Button
      size="sm"
      variant={variant}
      disabled={open.isPending}
      aria-label={t('messageUser', { name })}
      onClick={() =>
        open.mutate([userId], {
          onSuccess: (dm) => void navigate(`/chat/${dm.id}`),
          onError: (err) => toast.show(err instanceof ApiError ? err.message : t('error'), 'error'),
        })
      }
    >
      {t('message')}
    </Button>
  );
}
