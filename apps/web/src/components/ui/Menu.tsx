import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './Menu.module.css';

export interface MenuItem {
  id: string;
  label: ReactNode;
  onSelect: () => void;
  /** Shown in red (leave, delete, kick, ban). */
  danger?: boolean;
  icon?: ReactNode;
  /** One of a set of choices (menuitemradio): whether it is the one chosen. */
  checked?: boolean;
}

export interface MenuProps {
  /** The trigger button's accessible name. */
  label: string;
  /** The trigger button's content (an icon, a name with a chevron…). */
  trigger: ReactNode;
  /** Items in order; a `null` draws a separator. An empty menu renders no trigger. */
  items: readonly (MenuItem | null)[];
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end';
  /** Open under the trigger (default) or over it (a trigger at the bottom of the screen). */
  placement?: 'below' | 'above';
  triggerClassName?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Enter or Space picks; Escape closes and returns
 * focus to the trigger; Tab or a click outside closes.
 */
export function Menu({ label, trigger, items, align = 'start', placement = 'below', triggerClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const entries = items.filter((x): x is MenuItem => x !== null);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (entries.length === 0) return null;

  const openAt = (index: number) => {
    setFocusIndex((index + entries.length) % entries.length);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };
  const pick = (item: MenuItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName ?? styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            openAt(0);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            openAt(entries.length - 1);
          }
        }}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={`${styles.menu} ${align === 'end' ? styles.end : ''} ${placement === 'above' ? styles.above : ''}`}
          onKeyDown={(e) => {
            const moves: Record<string, number> = { ArrowDown: focusIndex + 1, ArrowUp: focusIndex - 1, Home: 0, End: entries.length - 1 };
            const next = moves[e.key];
            if (next !== undefined) {
              e.preventDefault();
              setFocusIndex((next + entries.length) % entries.length);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close(true);
            } else if (e.key === 'Tab') {
              setOpen(false);
            }
          }}
        >
          {items.map((item, i) => {
            if (item === null) return <div key={`sep-${i}`} role="separator" className={styles.separator} />;
            const at = entries.indexOf(item);
            return (
              <button
                key={item.id}
                ref={(el) => {
                  itemRefs.current[at] = el;
                }}
                type="button"
                role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={item.checked}
                tabIndex={at === focusIndex ? 0 : -1}
                className={`${styles.item} ${item.danger ? styles.danger : ''}`}
                onClick={() => pick(item)}
                onMouseEnter={() => setFocusIndex(at)}
              >
                {item.icon && (
                  <span className={styles.icon} aria-hidden="true">
                    {item.icon}
                  </span>
                )}
                <span>{item.label}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
