import type { CustomEmoji } from '@rally/shared/api/reactions';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeUser } from '../auth/queries';
import { isPremium } from '../messages/premium';
import { useMyEmojis } from '../reactions/queries';
import { useTeams } from '../teams/queries';
import { loadEmojiCategories, matchesEmoji, type EmojiCategory } from './emoji-data';
import styles from './EmojiPicker.module.css';

/** What the picker hands back: a standard emoji's character(s), or a team emoji. */
export type PickedEmoji = { kind: 'standard'; emoji: string } | { kind: 'custom'; emoji: CustomEmoji };

export interface EmojiPickerProps {
  /** The open team: its emoji come first and are always usable; other teams' need Plus. Absent: standard emoji only. */
  teamId?: string;
  /** Every team's emoji are usable, none locked (a custom status may wear an emoji of any of the user's teams). */
  allTeams?: boolean;
  onPick: (emoji: PickedEmoji) => void;
  onClose: () => void;
}

/** Emoji per row of the grid (the arrow keys move by this much up and down). */
const COLUMNS = 8;

interface Cell {
  key: string;
  label: string;
  picked: PickedEmoji | null;
  glyph: React.ReactNode;
}

interface Section {
  key: string;
  title: string;
  cells: Cell[];
  /** Other teams' emoji without Plus: shown dimmed, not pickable, with the Plus prompt. */
  locked?: boolean;
}

/**
 * The emoji picker (spec 001 §2): a search box (case-insensitive on name or first alias), the teams'
 * emoji by team (the open team's first; other teams' dimmed with a Plus prompt for non-holders,
 * spec 001 §6), then emojibase's categories, with a row of category buttons. Keyboard: typing
 * searches, ArrowDown enters the grid, arrows move, Enter picks, Escape closes. Its data is loaded
 * when it opens (this module is itself loaded lazily).
 */
export function EmojiPicker({ teamId, allTeams = false, onPick, onClose }: EmojiPickerProps) {
  const { t } = useTranslation('emoji');
  const premium = isPremium(useMeUser());
  const [categories, setCategories] = useState<EmojiCategory[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const teams = useTeams().data;
  const custom = useMyEmojis(teamId !== undefined || allTeams).data;
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const sectionRefs = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    let live = true;
    loadEmojiCategories().then(
      (c) => live && setCategories(c),
      () => live && setFailed(true),
    );
    search.current?.focus();
    return () => {
      live = false;
    };
  }, []);

  const sections = useMemo<Section[]>(() => {
    const out: Section[] = [];
    if ((teamId !== undefined || allTeams) && custom) {
      const byTeam = new Map<string, CustomEmoji[]>();
      for (const e of custom) if (matchesEmoji({ name: e.name, alias: null }, query)) byTeam.set(e.teamId, [...(byTeam.get(e.teamId) ?? []), e]);
      const order = [...byTeam.keys()].sort((a, b) => (a === teamId ? -1 : b === teamId ? 1 : 0));
      for (const id of order) {
        const locked = !allTeams && id !== teamId && !premium;
        out.push({
          key: `team-${id}`,
          title: teams?.find((x) => x.id === id)?.name ?? t('otherTeam'),
          locked,
          cells: (byTeam.get(id) ?? []).map((e) => ({
            key: e.id,
            label: `:${e.name}:`,
            picked: locked ? null : { kind: 'custom', emoji: e },
            glyph: <img src={e.url} alt="" width={28} height={28} loading="lazy" />,
          })),
        });
      }
    }
    for (const c of categories ?? []) {
      const cells = c.emojis
        .filter((e) => matchesEmoji(e, query))
        .map((e) => ({
          key: e.emoji,
          label: e.alias ? `${e.name} (:${e.alias}:)` : e.name,
          picked: { kind: 'standard', emoji: e.emoji } as const,
          glyph: e.emoji,
        }));
      if (cells.length) out.push({ key: c.key, title: t(`groups.${c.key}`), cells });
    }
    return out;
  }, [teamId, allTeams, custom, categories, query, premium, teams, t]);

  const flat = useMemo(() => sections.flatMap((s) => s.cells.filter((c) => c.picked)), [sections]);
  const activeIndex = Math.min(active, Math.max(flat.length - 1, 0));

  const focusCell = (index: number) => {
    const next = Math.max(0, Math.min(flat.length - 1, index));
    setActive(next);
    grid.current?.querySelector<HTMLButtonElement>(`[data-cell="${next}"]`)?.focus();
  };

  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    const move = moves[e.key];
    if (move !== undefined) {
      e.preventDefault();
      if (e.key === 'ArrowUp' && activeIndex < COLUMNS) search.current?.focus();
      else focusCell(activeIndex + move);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusCell(e.key === 'Home' ? 0 : flat.length - 1);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  let index = -1;
  return (
    <div className={styles.picker} role="dialog" aria-label={t('label')} onKeyDown={onKeyDown}>
      <input
        ref={search}
        className={styles.search}
        type="search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            focusCell(0);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const first = flat[0]?.picked;
            if (first) onPick(first);
          }
        }}
        placeholder={t('search')}
        aria-label={t('search')}
      />
      {categories && !query && (
        <nav className={styles.tabs} aria-label={t('categories')}>
          {sections.map((s) => (
            <button
              key={s.key}
              type="button"
              className={styles.tab}
              title={s.title}
              aria-label={s.title}
              onClick={() => sectionRefs.current.get(s.key)?.scrollIntoView({ block: 'start' })}
            >
              {s.cells[0]?.glyph}
            </button>
          ))}
        </nav>
      )}
      <div ref={grid} className={styles.body} onKeyDown={onGridKey}>
        {failed && <p className={styles.note}>{t('loadFailed')}</p>}
        {!categories && !failed && (
          <p className={styles.note} role="status">
            {t('loading')}
          </p>
        )}
        {categories && sections.length === 0 && <p className={styles.note}>{t('noResults')}</p>}
        {sections.map((s) => (
          <section
            key={s.key}
            ref={(el) => {
              if (el) sectionRefs.current.set(s.key, el);
              else sectionRefs.current.delete(s.key);
            }}
            aria-label={s.title}
            className={s.locked ? styles.locked : undefined}
          >
            <h3 className={styles.sectionTitle}>{s.title}</h3>
            {s.locked && (
              <p className={styles.plusPrompt}>
                {t('plusNeeded')} <Link to="/me/subscription">{t('getPlus')}</Link>
              </p>
            )}
            <div className={styles.grid} role="group" aria-label={s.title}>
              {s.cells.map((c) => {
                if (!c.picked) {
                  return (
                    <span key={c.key} className={`${styles.cell} ${styles.cellLocked}`} title={c.label} aria-label={c.label} role="img">
                      {c.glyph}
                    </span>
                  );
                }
                index += 1;
                const at = index;
                const picked = c.picked;
                return (
                  <button
                    key={c.key}
                    type="button"
                    className={styles.cell}
                    data-cell={at}
                    tabIndex={at === activeIndex ? 0 : -1}
                    title={c.label}
                    aria-label={c.label}
                    onFocus={() => setActive(at)}
                    onClick={() => onPick(picked)}
                  >
                    {c.glyph}
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
