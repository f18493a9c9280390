import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useLogout } from './mutations';

/**
 * "Log Out?" before signing out (the user settings' button and the sidebar's): Cancel keeps the
 * session, Log Out ends it and goes to the landing page. Cancel has the focus first; Escape cancels.
 */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const navigate = useNavigate();
  const confirm = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      throw new Error(t('logout.failed'));
    }
    void navigate('/', { replace: true });
  };
  return (
    <ConfirmDialog open onClose={onClose} title={t('logout.title')} message={t('logout.message')} confirmLabel={t('logout.confirm')} onConfirm={confirm} />
  );
}
