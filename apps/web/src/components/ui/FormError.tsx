import styles from './Field.module.css';

/** A form's message that belongs to no field (useZodForm's `formError`), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}
