import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormError';
import styles from './Account.module.css';

export interface FormActionsProps {
  onCancel: () => void;
  submitLabel: string;
  /** Submit stays disabled until the values are valid. */
  canSubmit: boolean;
  pending: boolean;
  formError: string | null;
  danger?: boolean;
}

/** The foot of the account dialogs' forms: the form's error, then Cancel and submit. */
export function FormActions({ onCancel, submitLabel, canSubmit, pending, formError, danger }: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormError message={formError} />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={!canSubmit} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
