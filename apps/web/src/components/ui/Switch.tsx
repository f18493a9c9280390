import { useId, type ReactNode } from 'react';
import styles from './Switch.module.css';

export interface SwitchProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled on/off switch (a checkbox with the switch role) with a one-line explanation under it. */
export function Switch({ label, hint, checked, disabled = false, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className={`${styles.switchRow} ${disabled ? styles.switchDisabled : ''}`}>
      <div className={styles.switchText}>
        <label htmlFor={id} className={styles.switchLabel}>
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className={styles.switchHint}>
            {hint}
          </p>
        )}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
