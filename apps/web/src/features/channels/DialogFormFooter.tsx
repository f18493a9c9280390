import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormError';
import styles from './ChannelDialogs.module.css';

interface Props {
  /** The form's message that belongs to no field (useZodForm's formError). */
  formError: string | null;
  onCancel: () => void;
  submitLabel: string;
  /** The values do not make a request yet (useZodForm's data is null). */
  invalid: boolean;
  pending: boolean;
}

/** The foot of the create channel and create category dialogs: the form's error, Cancel and the submit button. */
export function DialogFormFooter({ formError, onCancel, submitLabel, invalid, pending }: Props) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormError message={formError} />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={invalid} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
