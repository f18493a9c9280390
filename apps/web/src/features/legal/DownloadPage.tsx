import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import publicStyles from '../public/Public.module.css';
import styles from './Legal.module.css';
import { isWindows } from './platform';
import { useWindowsDownload } from './queries';

/**
 * /download (000 §2): the Windows app. On Windows the button links to the configured download; on
 * any other system it is disabled with a note; while the operator has configured none, the page
 * says it is not available yet. Rally also runs in the browser, without a download.
 */
export function DownloadPage() {
  const { t } = useTranslation(['pages', 'legal']);
  useDocumentTitle(t('pages:download'));
  const download = useWindowsDownload();
  const windows = isWindows(navigator);
  const noteId = 'download-note';
  let action;
  if (download.isPending) action = <Spinner label={t('legal:download.checking')} />;
  else if (download.isError)
    action = (
      <p role="alert" className={styles.note}>
        {t('legal:download.loadFailed')}
      </p>
    );
  else if (download.data && windows)
    action = (
      <a className={styles.downloadLink} href={download.data} rel="noreferrer">
        {t('legal:download.button')}
      </a>
    );
  else
    action = (
      <>
        <Button size="lg" disabled aria-describedby={noteId}>
          {t('legal:download.button')}
        </Button>
        <p id={noteId} className={styles.note}>
          {download.data ? t('legal:download.windowsOnly') : t('legal:download.unavailable')}
        </p>
      </>
    );
  return (
    <article className={publicStyles.pageShell}>
      <h1 className={publicStyles.pageTitle}>{t('pages:download')}</h1>
      <p className={styles.lead}>{t('legal:download.lead')}</p>
      <section className={styles.card} aria-labelledby="download-windows">
        <h2 id="download-windows" className={styles.cardTitle}>
          {t('legal:download.windows')}
        </h2>
        {action}
      </section>
    </article>
  );
}
