import styles from './Spinner.module.css';

interface SpinnerProps {
  /** When given, the spinner is announced (role status) with this text; otherwise it is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const ring = <span className={`${styles.ring} ${styles[size]}`} aria-hidden="true" />;
  if (!label)
    return (
      <span className={`${styles.wrap} ${className ?? ''}`} aria-hidden="true">
        {ring}
      </span>
    );
  return (
    <span className={`${styles.wrap} ${className ?? ''}`} role="status">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
