import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormError';
import styles from './AuthForms.module.css';

export interface AuthFormFooterProps {
  /** A message for the whole form (not tied to a field), already translated. */
  formError: string | null;
  submitLabel: string;
  canSubmit: boolean;
  submitting: boolean;
  /** Above the submit button: why it is disabled (StillNeeded), with `id` for the button's aria-describedby. */
  blocked?: { id: string; node: ReactNode };
  /** "Already have an account?" and the link that switches to the other dialog. */
  switchPrompt: string;
  switchLabel: string;
  onSwitch: () => void;
}

/** The end of the login and registration forms: form error, submit, and the switch to the other form. */
export function AuthFormFooter({ formError, submitLabel, canSubmit, submitting, blocked, switchPrompt, switchLabel, onSwitch }: AuthFormFooterProps) {
  return (
    <>
      <FormError message={formError} />
      {!canSubmit && blocked?.node}
      <Button type="submit" size="lg" block disabled={!canSubmit} loading={submitting} aria-describedby={!canSubmit ? blocked?.id : undefined}>
        {submitLabel}
      </Button>
      <p className={styles.switch}>
        {switchPrompt}{' '}
        <button type="button" className={styles.linkButton} onClick={onSwitch}>
          {switchLabel}
        </button>
      </p>
    </>
  );
}
