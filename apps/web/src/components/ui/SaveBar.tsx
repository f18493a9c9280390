import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import styles from './SaveBar.module.css';

export interface SaveBarProps {
  /** Shown while there are unsaved changes. */
  visible: boolean;
  onReset: () => void;
  onSave: () => void;
  /** Save is disabled (invalid input). */
  invalid?: boolean;
  saving?: boolean;
  /** The last save's error, shown in the bar. */
  error?: string | null;
}

/**
 * The bar at the bottom of a settings tab that holds changes locally (roles, channel settings):
 * "you have unsaved changes", Reset and Save changes. Save is disabled while the input is invalid.
 */
export function SaveBar({ visible, onReset, onSave, invalid = false, saving = false, error }: SaveBarProps) {
  const { t } = useTranslation('common');
  if (!visible) return null;
  return (
    <div className={styles.bar} role="region" aria-label={t('saveBar.label')}>
      <p className={styles.text} role={error ? 'alert' : 'status'}>
        {error ?? t('saveBar.unsaved')}
      </p>
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" onClick={onReset} disabled={saving}>
          {t('saveBar.reset')}
        </Button>
        <Button size="sm" onClick={onSave} disabled={invalid} loading={saving}>
          {t('saveBar.save')}
        </Button>
      </div>
    </div>
  );
}
