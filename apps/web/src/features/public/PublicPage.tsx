import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './Public.module.css';

/**
 * A public page whose content a later issue builds: the layout and a heading naming the page,
 * nothing else. `page` is a key of the pages namespace.
 */
export function PublicPage({ page }: { page: string }) {
  const { t } = useTranslation('pages');
  const title = t(page);
  useDocumentTitle(title);
  return (
    <div className={styles.pageShell}>
      <h1 className={styles.pageTitle}>{title}</h1>
    </div>
  );
}
