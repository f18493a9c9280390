import { useCallback, type RefObject } from 'react';
import { useToast } from '../components/ui/toast-context';

/**
 * Copy a link to the clipboard with a toast saying so; when the Clipboard API refuses (insecure
 * context, permissions), the link's read-only input is selected and copied the old way.
 */
export function useCopyLink(link: string, input: RefObject<HTMLInputElement | null>, texts: { copied: string; failed: string }): () => Promise<void> {
  const toast = useToast();
  const { copied, failed } = texts;
  return useCallback(async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.show(copied, 'success');
    } catch {
      input.current?.select();
      const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
      toast.show(ok ? copied : failed, ok ? 'success' : 'error');
    }
  }, [link, input, toast, copied, failed]);
}
