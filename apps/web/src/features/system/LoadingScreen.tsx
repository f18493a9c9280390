import { TIMING } from '@rally/shared/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/Logo';
import { Spinner } from '../../components/ui/Spinner';
import styles from './SystemScreen.module.css';
import { nextTipIndex, randomTipIndex } from './tips';

/** Full-screen loading state with a random tip that changes every 10 seconds. */
export function LoadingScreen() {
  const { t } = useTranslation('loading');
  const tips = t('tips', { returnObjects: true }) as unknown;
  const list = Array.isArray(tips) ? (tips as string[]) : [];
  const [index, setIndex] = useState(() => randomTipIndex(list.length));

  useEffect(() => {
    const id = setInterval(() => setIndex((i) => nextTipIndex(i, list.length)), TIMING.loadingTipMs);
    return () => clearInterval(id);
  }, [list.length]);

  return (
    <div className={styles.screen}>
      <div className={styles.loadingMark} aria-hidden="true">
        <LogoMark size={72} />
      </div>
      <Spinner label={t('label')} size="md" className={styles.spinner} />
      {list.length > 0 && (
        <div className={styles.tip}>
          <p className={styles.tipTitle}>{t('tipTitle')}</p>
          <p className={styles.tipText}>{list[index % list.length]}</p>
        </div>
      )}
    </div>
  );
}
