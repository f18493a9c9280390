import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to "<page> - Rally" (or "Rally" without a page). */
export function useDocumentTitle(page?: string | null): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = page ? t('pageTitle', { page }) : t('appName');
  }, [page, t]);
}
