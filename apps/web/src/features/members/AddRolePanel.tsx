import type { Role } from '@rally/shared/api/teams';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { swatchBackground } from '../roles/presets';
import styles from './AddRolePanel.module.css';

interface Props {
  id: string;
  /** Roles that may be added (not held, not the default role, not a bot's role, allowed to the viewer), highest first. */
  roles: readonly Role[];
  onAdd: (role: Role) => void;
  /** Close the panel (Escape), focus going back to the + button. */
  onClose: () => void;
  busy: boolean;
}

/**
 * The list the profile card's + opens: the roles the viewer may add to the member, or 'All Roles
 * Added' when there is none left (spec 001 §5). Arrows move between roles, Escape closes.
 */
export function AddRolePanel({ id, roles, onAdd, onClose, busy }: Props) {
  const { t } = useTranslation('members');
  const listRef = useRef<HTMLUListElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Focus the first role on opening, and again when the role focused was added (its button is gone).
  useEffect(() => {
    if (panelRef.current?.contains(document.activeElement) && document.activeElement !== panelRef.current) return;
    (listRef.current?.querySelector('button') ?? panelRef.current)?.focus();
  }, [roles.length]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    const buttons = Array.from(listRef.current?.querySelectorAll('button') ?? []);
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const go = (next: number) => {
      e.preventDefault();
      buttons.at(next % buttons.length)?.focus();
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i <= 0 ? buttons.length - 1 : i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(buttons.length - 1);
  };

  return (
    <div id={id} ref={panelRef} className={styles.panel} onKeyDown={onKeyDown} tabIndex={-1} aria-label={t('roles.addList')} role="group">
      {roles.length === 0 ? (
        <p className={styles.empty}>{t('roles.allAdded')}</p>
      ) : (
        <ul ref={listRef} className={styles.list}>
          {roles.map((role) => (
            <li key={role.id}>
              <button type="button" className={styles.item} onClick={() => onAdd(role)} disabled={busy} title={role.name}>
                <span className={styles.dot} style={role.color ? { background: swatchBackground(role.color, role.color2) } : undefined} aria-hidden="true" />
                <span className={styles.name}>{role.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
