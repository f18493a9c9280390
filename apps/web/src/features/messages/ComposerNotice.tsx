import type { ReactNode } from 'react';
import styles from './ComposerNotice.module.css';

/** In place of the composer where the reader may not write: why, and what they can do about it (children). */
export function ComposerNotice({ children }: { children: ReactNode }) {
  return (
    <div className={styles.notice} role="status">
      {children}
    </div>
  );
}
