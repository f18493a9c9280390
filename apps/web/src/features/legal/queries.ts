import type { LegalPage } from '@rally/shared/api/site';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import type { Language } from '../../lib/language';
import { queryKeys } from '../../lib/query-keys';

/** A legal page's markdown in the UI language, the operator's name and contacts filled in by the server. */
export function useLegalPage(page: LegalPage, locale: Language) {
  return useQuery({
    queryKey: queryKeys.legalPage(page, locale),
    queryFn: async ({ signal }) => (await call('legalPage', { params: { page }, query: { locale } }, { signal })).markdown,
    staleTime: 5 * 60_000,
  });
}

/** The Windows app's download URL, or null while the operator has configured none (404 download_unavailable). */
export function useWindowsDownload() {
  return useQuery({
    queryKey: queryKeys.windowsDownload,
    queryFn: async ({ signal }) => {
      try {
        return (await call('windowsDownload', {}, { signal })).url;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'download_unavailable') return null;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
}
