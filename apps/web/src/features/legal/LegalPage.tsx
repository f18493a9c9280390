import type { LegalPage as LegalPageName } from '@rally/shared/api/site';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { isLanguage } from '../../lib/language';
import { useDocumentTitle } from '../../lib/use-document-title';
import publicStyles from '../public/Public.module.css';
import styles from './Legal.module.css';
import { LegalMarkdown } from './LegalMarkdown';
import { useLegalPage } from './queries';

/** /tos, /privacy, /ss, /iptal, /guidelines, /jobs, /contact: the page's text in the UI language (the operator's, or Rally's). */
export function LegalPage({ page }: { page: LegalPageName }) {
  const { t, i18n } = useTranslation(['pages', 'legal']);
  const locale = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const content = useLegalPage(page, locale);
  useDocumentTitle(t(`pages:${page}`));
  return (
    <article className={publicStyles.pageShell} lang={locale}>
      {content.isPending ? (
        <>
          <h1 className={publicStyles.pageTitle}>{t(`pages:${page}`)}</h1>
          <div className={styles.state}>
            <Spinner label={t('legal:loading')} />
          </div>
        </>
      ) : content.isError ? (
        <>
          <h1 className={publicStyles.pageTitle}>{t(`pages:${page}`)}</h1>
          <div className={styles.state} role="alert">
            <p>{t('legal:loadFailed')}</p>
            <Button variant="secondary" onClick={() => void content.refetch()} loading={content.isFetching}>
              {t('legal:retry')}
            </Button>
          </div>
        </>
      ) : (
        <LegalMarkdown markdown={content.data} />
      )}
    </article>
  );
}
