import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './ShellPage.module.css';

/**
 * A signed-in page whose content a later issue builds: the shell with a heading naming the page,
 * nothing else. `page` is a key of the pages namespace.
 */
export function ShellPage({ page }: { page: string }) {
  const { t } = useTranslation('pages');
  const title = t(page);
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
      </header>
    </div>
  );
}
