import { useTranslation } from 'react-i18next';
import styles from './ChannelDialogs.module.css';

/** "7/20" beside a name field (trimmed length, red above the limit); read out in full to screen readers. */
export function NameCounter({ value, max, trim = true }: { value: string; max: number; trim?: boolean }) {
  const { t } = useTranslation('channels');
  const count = [...(trim ? value.trim() : value)].length;
  return (
    <span className={count > max ? styles.over : undefined}>
      <span aria-hidden="true">
        {count}/{max}
      </span>
      <span className="visually-hidden">{t('counter', { count, max })}</span>
    </span>
  );
}
