import { useId, type ComponentProps, type ReactNode } from 'react';
import styles from './Field.module.css';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | null;
}

export function CheckboxField({ label, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`${styles.checkField} ${className ?? ''}`}>
      <div className={styles.checkRow}>
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label htmlFor={id} className={styles.checkLabel}>
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
