import type { Role } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { swatchBackground } from '../roles/presets';
import styles from './RoleChip.module.css';

/** Spec 001 §2: role names are cut at 12 characters in a chip. */
export const CHIP_NAME_MAX = 12;

/** A role's name as a chip shows it: at most 12 characters, an ellipsis when cut. */
export function chipName(name: string): string {
  const chars = Array.from(name);
  return chars.length > CHIP_NAME_MAX ? `${chars.slice(0, CHIP_NAME_MAX).join('')}…` : name;
}

/** A role as a chip: its colour dot and name (cut at 12 characters), with a remove (×) button when `onRemove` is given. */
export function RoleChip({ role, onRemove, removing }: { role: Pick<Role, 'name' | 'color' | 'color2'>; onRemove?: () => void; removing?: boolean }) {
  const { t } = useTranslation('members');
  const short = chipName(role.name);
  const dot = role.color ? swatchBackground(role.color, role.color2) : undefined;
  return (
    <span className={styles.chip} title={short === role.name ? undefined : role.name}>
      {onRemove ? (
        <button type="button" className={styles.remove} onClick={onRemove} disabled={removing} aria-label={t('roles.remove', { name: role.name })}>
          <span className={styles.dot} style={dot ? { background: dot } : undefined} aria-hidden="true" />
          <svg className={styles.x} viewBox="0 0 24 24" width="10" height="10" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </button>
      ) : (
        <span className={styles.dot} style={dot ? { background: dot } : undefined} aria-hidden="true" />
      )}
      <span className={styles.name}>{short}</span>
    </span>
  );
}
