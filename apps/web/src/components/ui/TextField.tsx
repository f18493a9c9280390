import { useId, type ComponentProps, type ReactNode } from 'react';
import styles from './Field.module.css';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  /** Error text shown under the field, linked with aria-describedby; marks the input invalid. */
  error?: string | null;
  /** Help text under the field, also linked with aria-describedby. */
  hint?: ReactNode;
  /** Visible addition at the right of the label (for example a character counter). */
  labelAside?: ReactNode;
  id?: string;
  hideLabel?: boolean;
}

export function TextField({ label, error, hint, labelAside, id, hideLabel, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <div className={hideLabel ? 'visually-hidden' : styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {labelAside && <span className={styles.aside}>{labelAside}</span>}
      </div>
      <input
        id={inputId}
        className={`${styles.input} ${error ? styles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {hint && error && (
        <p id={hintId} className="visually-hidden">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
