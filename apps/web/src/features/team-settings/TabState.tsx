import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import styles from './TabList.module.css';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** A tab's list while it loads, when it failed (with Try again), when it is empty, or the list itself. */
export function TabState({ query, empty, children }: { query: QueryLike; empty: string | null; children: ReactNode }) {
  const { t } = useTranslation('team-settings');
  if (query.isPending)
    return (
      <div className={styles.state} role="status">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <div className={styles.state} role="alert">
        <p>{query.error?.message ?? t('loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (empty !== null)
    return (
      <div className={styles.state}>
        <p>{empty}</p>
      </div>
    );
  return <>{children}</>;
}
