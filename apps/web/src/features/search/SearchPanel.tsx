import { searchHighlightWords } from '@rally/shared/api/search';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { useTeamChannels } from '../teams/channel-queries';
import { useTeamMembers } from '../teams/members-queries';
import { useMessageSearch } from './queries';
import { FILTER_KEYS, parseSearchInput, removeFilter, toSearchQuery, type SearchInputError } from './search-input';
import { SearchResultItem } from './SearchResultItem';
import styles from './Search.module.css';

interface SearchPanelProps {
  /** Where to look: a team, or one direct chat and its people. */
  scope: SearchPanelScope;
  /** The search box: the panel opens below the header that holds it. */
  anchor: RefObject<HTMLElement | null>;
  /** What was typed when the search ran. */
  text: string;
  onClose: () => void;
  /** A filter chip removed: the box's new text (run again). */
  onChangeText: (text: string) => void;
}

/** A team's search, or one direct chat's (its people answer `from:`). */
export type SearchPanelScope = { teamId: string } | { channelId: string; people: readonly { id: string; username: string }[] };

/**
 * The results of a search in the team or the chat (right of the chat on wide screens, the whole screen on
 * narrow ones): the filters as removable chips, the results newest first as a listbox (arrows,
 * Home/End, Enter opens one), more loaded on scrolling to the end, and the empty and error states.
 * Opening a result goes to its channel with `?messageId=`.
 */
export function SearchPanel({ scope, anchor, text, onClose, onChangeText }: SearchPanelProps) {
  const { t } = useTranslation('search');
  const titleId = useId();
  const navigate = useNavigate();
  const teamId = 'teamId' in scope ? scope.teamId : '';
  const chat = 'channelId' in scope ? scope : null;
  const chatId = chat?.channelId;
  const people = chat?.people;
  const members = useTeamMembers(teamId, !!teamId);
  const channels = useTeamChannels(teamId, !!teamId);
  const parsed = useMemo(() => parseSearchInput(text), [text]);
  const needsMembers = parsed.filters.from !== undefined;
  const ready = !teamId || (!!channels.data && (!needsMembers || !!members.data));
  const resolved = useMemo(() => {
    if (!ready) return null;
    if (chatId) return toSearchQuery(parsed, { channelId: chatId, members: people ?? [], channels: [] });
    return toSearchQuery(parsed, { teamId, members: members.data ?? [], channels: channels.data?.channels ?? [] });
  }, [ready, parsed, chatId, people, teamId, members.data, channels.data]);
  const request = resolved && 'query' in resolved ? resolved.query : null;
  const search = useMessageSearch(request);
  const results = useMemo(() => search.data?.pages.flatMap((p) => p.results) ?? [], [search.data]);
  const words = useMemo(() => searchHighlightWords(parsed.words), [parsed.words]);

  // Below the header holding the box (a banner above the app moves it down).
  const [top, setTop] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const place = () => setTop(anchor.current?.closest('header')?.getBoundingClientRect().bottom);
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor]);

  const list = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const optionId = (i: number) => `search-result-${i}`;

  // Scrolled to the end of the list: the next page.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, results.length]);

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const open = (i: number) => {
    const r = results[i];
    if (!r) return;
    const path = r.teamId ? `/teams/${r.teamId}/channels/${r.channel.id}` : `/chat/${r.channel.id}`;
    void navigate(`${path}?messageId=${r.message.id}`);
    if (window.matchMedia('(max-width: 640px)').matches) onClose();
  };

  const onListKey = (e: React.KeyboardEvent) => {
    const last = results.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(active + 1, last), ArrowUp: Math.max(active - 1, 0), Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key] ?? 0);
      if (e.key === 'End' && hasNextPage) void fetchNextPage();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };

  const inputError: SearchInputError | null = resolved && 'error' in resolved ? resolved.error : null;
  const chips = FILTER_KEYS.flatMap((key) => {
    const value = parsed.filters[key];
    return value === undefined ? [] : [{ key, value: key === 'in' ? value.replace(/^#/u, '') : value }];
  });

  return (
    <aside className={styles.panel} style={top === undefined ? undefined : ({ '--search-top': `${top}px` } as CSSProperties)} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {t('panel.title')}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('panel.close')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      {chips.length > 0 && (
        <ul className={styles.chips} aria-label={t('filters.label')}>
          {chips.map((chip) => (
            <li key={chip.key} className={styles.chip}>
              <span>{t(`filters.${chip.key}`, { value: chip.value })}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('filters.remove', { filter: t(`filters.${chip.key}`, { value: chip.value }) })}
                onClick={() => onChangeText(removeFilter(text, chip.key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.hint}>{t(chat ? 'panel.chatHint' : 'panel.hint')}</p>
      <div className={styles.body}>
        {inputError ? (
          <p className={styles.state} role="alert">
            {t(`inputErrors.${inputError.kind}`, { value: 'value' in inputError ? inputError.value : '' })}
          </p>
        ) : search.isError ? (
          <div className={styles.state} role="alert">
            <p>{search.error.message || t('panel.error')}</p>
            <button type="button" className={styles.retry} onClick={() => void search.refetch()}>
              {t('panel.retry')}
            </button>
          </div>
        ) : !search.data ? (
          <div className={styles.state}>
            <Spinner label={t('panel.loading')} />
          </div>
        ) : results.length === 0 ? (
          <div className={styles.state} role="status">
            <p className={styles.emptyTitle}>{t('panel.empty')}</p>
            <p>{t('panel.emptyHint')}</p>
          </div>
        ) : (
          <>
            <p className={styles.count} role="status">
              {t(hasNextPage ? 'panel.countMore' : 'panel.count', { count: results.length })}
            </p>
            <ul
              ref={list}
              id="search-results"
              className={styles.results}
              role="listbox"
              tabIndex={0}
              aria-labelledby={titleId}
              aria-activedescendant={optionId(Math.min(active, results.length - 1))}
              onKeyDown={onListKey}
            >
              {results.map((r, i) => (
                <SearchResultItem
                  key={r.message.id}
                  id={optionId(i)}
                  result={r}
                  words={words}
                  active={i === active}
                  onOpen={() => open(i)}
                  onHover={() => setActive(i)}
                />
              ))}
            </ul>
            <div ref={sentinel} className={styles.sentinel}>
              {isFetchingNextPage && <Spinner size="sm" label={t('panel.loadingMore')} />}
              {!hasNextPage && <span className={styles.end}>{t('panel.end')}</span>}
            </div>
          </>
        )}
      </div>
    </aside>
  );
}
