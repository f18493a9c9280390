import type { Language } from '../../lib/language';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useUpdateSettings } from './mutations';

/**
 * Choose the UI language while signed in — the settings screen and the sidebar's language switch
 * both go through this: the page changes at once, the choice is kept on this device and saved to
 * the account (settings.locale); a refusal puts the previous language back with the server's message.
 */
export function useChooseLanguage(): (lng: Language, onRefused?: () => void) => void {
  const { t } = useTranslation('settings');
  const update = useUpdateSettings();
  const toast = useToast();
  return (locale, onRefused) =>
    update.mutate(
      { locale },
      {
        onError: (err) => {
          toast.show(err instanceof ApiError ? err.message : t('saveFailed'), 'error');
          onRefused?.();
        },
      },
    );
}
