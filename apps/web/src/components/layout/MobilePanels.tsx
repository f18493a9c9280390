import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/use-media-query';
import styles from './MobilePanels.module.css';
import { panelAfterSwipe, type PanelId } from './swipe';

export type { PanelId } from './swipe';

export interface MobilePanelsProps {
  list: ReactNode;
  content: ReactNode;
  /** Optional third panel (for example a member list); without it there are two panels. */
  members?: ReactNode;
  /** Controlled active panel on narrow screens (for example switch to content after picking a channel). */
  active?: PanelId;
  onActiveChange?: (panel: PanelId) => void;
  /** Initial panel when uncontrolled (default content). */
  defaultActive?: PanelId;
  /**
   * Override the bottom-bar labels (defaults: common:panels.*: Channels, Chat, Members). A direct
   * messages page names its list 'Chats' (common:panels.chats).
   */
  labels?: Partial<Record<PanelId, string>>;
  /** Accessible names of the panel regions (defaults to the labels). */
  className?: string;
}

/** Screens up to this width show one panel at a time (spec 001 §2: three panels, up to 768 px). */
export const MOBILE_PANELS_QUERY = '(max-width: 768px)';

/**
 * Three-panel layout: side by side on wide screens; on screens up to 768 px one panel at a time with
 * a bottom bar (Channels, Chat, Members by default) and horizontal swipes between neighbours.
 */
export function MobilePanels({ list, content, members, active, onActiveChange, defaultActive = 'content', labels, className }: MobilePanelsProps) {
  const { t } = useTranslation('common');
  const narrow = useMediaQuery(MOBILE_PANELS_QUERY);
  const [ownActive, setOwnActive] = useState<PanelId>(defaultActive);
  const current = active ?? ownActive;
  const baseId = useId();
  const available: PanelId[] = members === undefined || members === null ? ['list', 'content'] : ['list', 'content', 'members'];
  const shown: PanelId = available.includes(current) ? current : 'content';
  const start = useRef<{ x: number; y: number; id: number } | null>(null);

  const select = (panel: PanelId) => {
    if (active === undefined) setOwnActive(panel);
    onActiveChange?.(panel);
  };

  const label = (panel: PanelId) => labels?.[panel] ?? t(`panels.${panel}`);
  const nodes: Record<PanelId, ReactNode> = { list, content, members };

  return (
    <div
      className={`${styles.root} ${narrow ? styles.narrow : styles.wide} ${members == null ? styles.two : ''} ${className ?? ''}`}
      onPointerDown={
        narrow
          ? (e) => {
              if (e.pointerType === 'mouse' && e.button !== 0) return;
              start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
            }
          : undefined
      }
      onPointerUp={
        narrow
          ? (e) => {
              const s = start.current;
              start.current = null;
              if (!s || s.id !== e.pointerId) return;
              const target = panelAfterSwipe(shown, available, e.clientX - s.x, e.clientY - s.y);
              if (target) select(target);
            }
          : undefined
      }
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      <div className={styles.panels}>
        {available.map((panel) => (
          <section
            key={panel}
            id={`${baseId}-${panel}`}
            className={`${styles.panel} ${styles[panel]}`}
            aria-label={label(panel)}
            hidden={narrow && panel !== shown ? true : undefined}
          >
            {nodes[panel]}
          </section>
        ))}
      </div>
      {narrow && (
        <nav className={styles.bar} aria-label={t('panels.switcher')}>
          {available.map((panel) => (
            <button
              key={panel}
              type="button"
              className={`${styles.tab} ${panel === shown ? styles.activeTab : ''}`}
              aria-pressed={panel === shown}
              aria-controls={`${baseId}-${panel}`}
              onClick={() => select(panel)}
            >
              <PanelIcon panel={panel} />
              <span>{label(panel)}</span>
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}

function PanelIcon({ panel }: { panel: PanelId }) {
  const d =
    panel === 'list'
      ? 'M4 6h16M4 12h16M4 18h10'
      : panel === 'content'
        ? 'M4 5h16v11H9l-5 4V5z'
        : 'M9 11a3 3 0 100-6 3 3 0 000 6zm-6 9c0-3.3 2.7-5 6-5s6 1.7 6 5M16 5.5a3 3 0 010 5.5M18 15c2 .6 3 2.2 3 5';
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={d} stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
