import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Dialog } from './Dialog';
import styles from './SettingsDialog.module.css';

export interface SettingsTab {
  id: string;
  label: ReactNode;
  /** The tab's content, rendered only while it is the active tab. */
  render: () => ReactNode;
  /** Shown in red (delete team). */
  danger?: boolean;
}

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Tabs the user may open (leave out the ones their permissions do not allow). */
  tabs: readonly SettingsTab[];
  activeTab: string;
  onTabChange: (id: string) => void;
}

/**
 * A settings dialog with tabs (team settings, channel settings): the tab list on the side (on top on
 * narrow screens), the active tab's panel beside it. Tabs follow the WAI-ARIA tabs pattern with
 * automatic activation: arrow keys, Home and End move between tabs and open them.
 */
export function SettingsDialog({ open, onClose, title, tabs, activeTab, onTabChange }: SettingsDialogProps) {
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const active = tabs.find((tab) => tab.id === activeTab) ?? tabs[0];

  const onKeyDown = (e: KeyboardEvent) => {
    if (!active) return;
    const i = tabs.indexOf(active);
    const moves: Record<string, number> = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    if (!target) return;
    onTabChange(target.id);
    tabRefs.current[target.id]?.focus();
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} size="xl" className={styles.dialog}>
      <div className={styles.layout}>
        <div role="tablist" aria-orientation="vertical" className={styles.tabs} onKeyDown={onKeyDown}>
          {tabs.map((tab) => {
            const selected = tab.id === active?.id;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  tabRefs.current[tab.id] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                className={`${styles.tab} ${selected ? styles.selected : ''} ${tab.danger ? styles.danger : ''}`}
                onClick={() => onTabChange(tab.id)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {active && (
          <div role="tabpanel" id={`${baseId}-panel-${active.id}`} aria-labelledby={`${baseId}-tab-${active.id}`} className={styles.panel} tabIndex={0}>
            {active.render()}
          </div>
        )}
      </div>
    </Dialog>
  );
}
