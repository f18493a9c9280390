import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
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

export const CONNECTION_PROVIDERS = ['kick', 'twitch'] as const;

/** /connections/:provider — only Kick and Twitch exist; any other provider goes home. */
export function ConnectionPage() {
  const { provider } = useParams();
  const { t } = useTranslation('pages');
  const valid = (CONNECTION_PROVIDERS as readonly string[]).includes(provider ?? '');
  const title = valid ? t('connections', { provider: t(`providers.${provider}`) }) : '';
  useDocumentTitle(title || null);
  if (!valid) return <Navigate to="/" replace />;
  return (
    <div className={styles.pageShell}>
      <h1 className={styles.pageTitle}>{title}</h1>
    </div>
  );
}
