import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormError } from './FormError';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  confirmLabel: ReactNode;
  /** Runs the action; the dialog closes when it resolves and shows the error's message when it rejects. */
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
}

/** "Are you sure?" for an action without input (delete a channel, a role, revoke a ban, kick). */
export function ConfirmDialog({ open, onClose, title, message, confirmLabel, onConfirm, danger = true }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} size="sm">
      <div className={styles.message}>{message}</div>
      <FormError message={error} className={styles.error} />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={() => void confirm()} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
