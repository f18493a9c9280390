import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import styles from './SystemScreen.module.css';

/** The signed-in user could not be loaded (network or server error): message and retry. */
export function ErrorScreen({ message, onRetry, retrying }: { message?: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation(['system', 'common']);
  return (
    <main className={styles.screen}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('system:userError.title')}</h1>
        <p className={styles.body} role="alert">
          {message ?? t('system:userError.body')}
        </p>
        <Button size="lg" onClick={onRetry} loading={retrying}>
          {t('common:retry')}
        </Button>
      </div>
    </main>
  );
}
