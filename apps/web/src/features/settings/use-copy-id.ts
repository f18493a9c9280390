import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { copyText } from '../message-actions/copy';
import { useDeveloperMode } from './settings-state';

/**
 * "Copy ID" of developer mode (000 §3 developerMode, 001 §6): a function that puts an id (of a user,
 * channel or team) on the clipboard and says so in a toast, or null while developer mode is off — the
 * action is then not offered at all.
 */
export function useCopyId(): ((id: string) => void) | null {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const enabled = useDeveloperMode();
  if (!enabled) return null;
  return (id) => void copyText(id).then((copied) => toast.show(copied ? t('copyIdDone') : t('copyFailed'), copied ? 'success' : 'error'));
}
