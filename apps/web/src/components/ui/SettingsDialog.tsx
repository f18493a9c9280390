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
  /** The heading of the group the tab is listed under (the user settings' Account, App settings); tabs of a group are consecutive. */
  group?: string;
}

/** Consecutive tabs under one heading (none: the tabs of a dialog without groups). */
interface TabGroup {
  heading: string | undefined;
  tabs: SettingsTab[];
}

function groupTabs(tabs: readonly SettingsTab[]): TabGroup[] {
  const groups: TabGroup[] = [];
  for (const tab of tabs) {
    const last = groups.at(-1);
    if (last && last.heading === tab.group) last.tabs.push(tab);
    else groups.push({ heading: tab.group, tabs: [tab] });
  }
  return groups;
}

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Tabs the user may open (leave out the ones their permissions do not allow). */
  tabs: readonly SettingsTab[];
  activeTab: string;
  onTabChange: (id: string) => void;
  /** Under the tabs (the user settings' log out button and build label). */
  footer?: ReactNode;
}

/**
 * A settings dialog with tabs (team settings, channel settings, user settings): the tab list on the
 * side (on top on narrow screens, where the dialog fills the screen), the active tab's panel beside
 * it. Tabs follow the WAI-ARIA tabs pattern with automatic activation: arrow keys, Home and End move
 * between tabs and open them, across the groups when the tabs have headings (one tab list per
 * group, named by its heading).
 */
export function SettingsDialog({ open, onClose, title, tabs, activeTab, onTabChange, footer }: SettingsDialogProps) {
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const active = tabs.find((tab) => tab.id === activeTab) ?? tabs[0];
  const grouped = tabs.some((tab) => tab.group);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!active) return;
    const i = tabs.indexOf(active);
    const moves: Record<string, number> = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
    const next = moves[e.key];
    if (next === undefined || !(e.target instanceof HTMLElement) || e.target.getAttribute('role') !== 'tab') return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    if (!target) return;
    onTabChange(target.id);
    tabRefs.current[target.id]?.focus();
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} size="xl" className={styles.dialog}>
      <div className={styles.layout}>
        <div className={`${styles.tabs} ${grouped ? styles.grouped : ''}`} onKeyDown={onKeyDown}>
          {groupTabs(tabs).map((group, g) => (
            <div key={group.heading ?? g} className={styles.group}>
              {group.heading && (
                <h3 id={`${baseId}-group-${g}`} className={styles.groupHeading}>
                  {group.heading}
                </h3>
              )}
              <div role="tablist" aria-orientation="vertical" aria-labelledby={group.heading ? `${baseId}-group-${g}` : undefined} className={styles.tabList}>
                {group.tabs.map((tab) => {
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
            </div>
          ))}
          {footer && <div className={styles.footer}>{footer}</div>}
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
