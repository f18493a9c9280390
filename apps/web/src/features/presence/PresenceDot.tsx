import type { PublicUser } from '@rally/shared/api/users';
import styles from './PresenceDot.module.css';

const CLASS = ['offline', 'online', 'idle', 'dnd'] as const;

/** A presence colour (spec 000 §4: online green, idle orange, do not disturb red, offline grey), drawn on an avatar's corner or inline. */
export function PresenceDot({ presence, inline = false, className }: { presence: PublicUser['presence']; inline?: boolean; className?: string }) {
  return <span className={`${styles.dot} ${styles[CLASS[presence]]} ${inline ? styles.inline : styles.corner} ${className ?? ''}`} aria-hidden="true" />;
}
