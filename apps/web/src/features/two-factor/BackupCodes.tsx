import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { backupCodesFile } from './step-up-form';
import styles from './TwoFactor.module.css';

/** The file name of the saved backup codes (000 §9). */
export const BACKUP_CODES_FILE = '2fa-backup-codes.txt';

/** The new backup codes, each usable once, a button that saves them as 2fa-backup-codes.txt, and Done. */
export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('two-factor');
  const download = () => {
    const url = URL.createObjectURL(new Blob([backupCodesFile(codes, t('codes.fileHeading'))], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.codes}>
      <ol className={styles.codeList} aria-label={t('codes.listLabel')}>
        {codes.map((code) => (
          <li key={code} className={styles.code}>
            {code}
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={download}>
          {t('codes.download')}
        </Button>
        <Button onClick={onDone}>{t('codes.done')}</Button>
      </div>
    </div>
  );
}
