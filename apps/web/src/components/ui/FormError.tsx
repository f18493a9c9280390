import styles from './Field.module.css';

/** A form's message that belongs to no field (useZodForm's `formError`), announced when it appears. */
export function FormError({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `${styles.formError} ${className}` : styles.formError} role="alert">
      {message}
    </p>
  );
}
