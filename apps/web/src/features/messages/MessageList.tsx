import { useQueryClient } from '@tanstack/react-query';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatest } from '../../lib/use-latest';
import { buildRows, listRows, type ListRow } from './grouping';
import { formatDay } from './format';
import { useMeUser } from '../auth/queries';
import { isDetached, mergeMessages, type ChatMessage } from './message-cache';
import { NewMessagesBar } from './NewMessagesBar';
import { UnreadBar } from './UnreadBar';
import { firstUnreadId } from './first-unread';
import { useChannelUnread } from '../unread/queries';
import { isNewer } from '../unread/unread-state';
import { releaseUnread } from '../unread/viewing';
import { unseenCount } from './unseen';
import { loadHistoryAt, MAX_PAGES, useChannelMessages, usePendingMessages } from './message-queries';
import { MessageItem } from './MessageItem';
import { SystemMessage } from './SystemMessage';
import { HistoryBlocked } from './HistoryBlocked';
import { useLinkedMessage, useLinkedTarget } from './use-linked-message';
import { useMessageActions } from '../message-actions/actions-context';
import { jumpToMessage, messageElementId } from '../message-actions/jump';
import { ApiError } from '../../lib/api';
import { placeText, type ChatPlace } from './place';
import styles from './MessageList.module.css';

interface Props {
  channelId: string;
  place: ChatPlace;
  onRetry: (nonce: string) => void;
  onDiscard: (nonce: string) => void;
  /** Bumped by the composer after a send: scroll to the bottom even when reading older messages. */
  scrollToBottomSignal: number;
  /** Told whenever the view comes to show the newest messages or leaves them (features/unread: reading the channel). */
  onAtBottomChange?: (atBottom: boolean) => void;
}

/** Distance from the bottom (px) under which the view counts as "at the bottom" and follows new messages. */
const STICK_THRESHOLD = 48;
/** Rows rendered beyond each edge of the viewport. */
const OVERSCAN = 6;
/** The next page is read when the viewport comes this many rows from the loaded edge. */
const PREFETCH_ROWS = 15;
/** Frames a jump waits at most for its row to be rendered and at rest. */
const REVEAL_FRAMES = 60;
/**
 * Height (px) of the loader above the rows while older messages exist (MessageList.module.css
 * .loader): the virtualizer's scroll margin, known without measuring, so that it changes in the same
 * render as the rows when the start of the history arrives.
 */
const LOADER_HEIGHT = 48;
/** The welcome header's row, first once the start of the history is loaded. */
const WELCOME_KEY = 'history-start';

/** Where the unread part of the history starts: after `after` (a read marker), `count` messages when it was decided. */
interface NewLine {
  after: string;
  count: number;
}

/** The marker just before a message: the "new" line goes above it. */
const justBefore = (id: string) => (BigInt(id) - 1n).toString();

/** A row of the list: a message (with the date separator above it when it opens a day), or the welcome header. */
type Row = ListRow | { key: typeof WELCOME_KEY; message?: undefined };

const NO_PENDING: ChatMessage[] = [];

/**
 * A row's height before it is measured (px): the header of a first message or the date separator
 * above it, about a line per 90 characters, a reply's quote. Close guesses keep the scrollbar
 * steady; every row is measured once rendered.
 */
function estimateRow(row: Row | undefined): number {
  if (!row) return 40;
  if (!row.message) return 190;
  const m = row.message;
  if (m.type === 'system') return 44 + (row.day ? 44 : 0);
  const lines = Math.min(12, Math.max(1, Math.ceil(m.content.length / 90)) + (m.content.match(/\n/g)?.length ?? 0));
  return (row.day ? 44 : 0) + (row.grouped ? 4 : 36) + lines * 22 + (m.replyTo ? 22 : 0) + (m.reactions.length ? 32 : 0);
}

/**
 * The history of a chat, virtualized (@tanstack/react-virtual, measured rows, end-anchored): only
 * the rows in view and a few beyond are in the page, however long the history. Older pages load
 * when scrolling up (the reading position stays: the library anchors on the row at the top of the
 * view), newer ones when scrolling down while the history is detached from the present (after a
 * jump to an older message, or when reading far back let the newest pages go), with 'Jump to
 * present'. At the bottom, new messages are followed. A channel opened with unread messages shows
 * the "new" line above the first of them and opens there when it is loaded; while that line is
 * above the view (or not loaded), a bar offers to jump to it or to mark the channel read. Mark
 * Unread (here or on another device) moves the line to the message marked.
 */
export function MessageList({ channelId, place, onRetry, onDiscard, scrollToBottomSignal, onAtBottomChange }: Props) {
  const { t, i18n } = useTranslation('chat');
  const qc = useQueryClient();
  const { target, clear } = useLinkedTarget();
  // A channel opened with ?messageId= reads the page around it first (not the newest).
  const [openedAt] = useState(target);
  const history = useChannelMessages(channelId, openedAt);
  const detached = isDetached(history.data);
  const pending = usePendingMessages(channelId);
  // While detached, our unconfirmed messages would show after a gap: they show again with the present.
  const messages = useMemo(() => mergeMessages(history.data, detached ? NO_PENDING : pending), [history.data, detached, pending]);
  const { hasNextPage, hasPreviousPage, isFetching, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage } = history;
  const messageRows = useMemo(() => listRows(buildRows(messages)), [messages]);
  const rows = useMemo<Row[]>(() => (hasNextPage ? messageRows : [{ key: WELCOME_KEY }, ...messageRows]), [messageRows, hasNextPage]);
  const actions = useMessageActions();
  const me = useMeUser();

  // The "new" line: decided once the history is here (undefined until then, null: nothing unread),
  // and moved when the read marker moves back (Mark Unread).
  const unread = useChannelUnread(channelId);
  const [newLine, setNewLine] = useState<NewLine | null | undefined>(undefined);
  const [knownMarker, setKnownMarker] = useState(unread.lastReadId);
  if (newLine === undefined && history.data) {
    const first = unread.unread > 0 ? firstUnreadId(messages, unread.lastReadId ?? '0', unread.unread, me?.id) : undefined;
    // Without a marker the count finds the first one; the line then stays on it as messages come.
    setNewLine(unread.unread > 0 ? { after: first ? justBefore(first) : (unread.lastReadId ?? '0'), count: unread.unread } : null);
  }
  if (unread.lastReadId !== knownMarker) {
    setKnownMarker(unread.lastReadId);
    if (knownMarker !== undefined && unread.lastReadId !== undefined && isNewer(knownMarker, unread.lastReadId)) {
      setNewLine({ after: unread.lastReadId, count: unread.unread });
    }
  }
  const firstUnread = newLine ? firstUnreadId(messages, newLine.after, newLine.count, me?.id) : undefined;
  const firstUnreadIndex = firstUnread === undefined ? -1 : rows.findIndex((r) => r.message?.id === firstUnread);

  const scroller = useRef<HTMLDivElement>(null);
  /** What the last render showed: at the bottom (follow new messages), reaching the present, its last row. */
  const shown = useRef({ atBottom: true, attached: !detached, lastKey: null as string | null });
  /** Where the next rows go once rendered: the end (first load, back to the present), or nowhere special. */
  const startAt = useRef<'end' | null>('end');
  const atBottomListener = useLatest(onAtBottomChange);
  const reported = useRef<boolean | null>(null);
  /** Tell the listener whether the view shows the newest messages, when that changed since last told. */
  const reportBottom = useCallback(
    (atBottom: boolean) => {
      if (reported.current === atBottom) return;
      reported.current = atBottom;
      atBottomListener.current?.(atBottom);
    },
    [atBottomListener],
  );

  // Rows kept rendered while out of view: the welcome header (the chat's heading, for heading
  // navigation), the one holding focus, the one being edited.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const editingId = actions?.editingId ?? null;
  const pinned = useMemo(() => {
    const out: number[] = [];
    rows.forEach((row, i) => {
      if (!row.message || row.key === focusedKey || (editingId !== null && row.message.id === editingId)) out.push(i);
    });
    return out;
  }, [rows, focusedKey, editingId]);
  const rangeExtractor = useCallback(
    (range: Range) => (pinned.length ? [...new Set([...defaultRangeExtractor(range), ...pinned])].sort((a, b) => a - b) : defaultRangeExtractor(range)),
    [pinned],
  );
  const estimateSize = useCallback((i: number) => estimateRow(rows[i]), [rows]);
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    rangeExtractor,
    scrollMargin: hasNextPage ? LOADER_HEIGHT : 0,
    // Prepending older pages keeps the row at the top of the view where it is; a row growing while
    // the view is at the end keeps the end in view. New rows are followed below (not followOnAppend:
    // a newer page read while scrolling down must not be followed).
    anchorTo: 'end',
    scrollEndThreshold: STICK_THRESHOLD,
  });

  // The 'new messages' bar: the newest message shown when the reader scrolled away from the bottom;
  // what others sent after it while they read older messages is counted, until they come back down.
  const [anchor, setAnchor] = useState<string | null>(null);
  const unseen = anchor === null || detached ? 0 : unseenCount(messages, anchor, me?.id);

  const [jumping, setJumping] = useState(false);
  const lastKey = rows.at(-1)?.key ?? null;
  const landed = useRef(false);

  // Follow new messages at the bottom (when the view was at the bottom of a history that reached the
  // present), and go to the end when asked (first rows, back to the present).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || rows.length === 0) return;
    const prev = shown.current;
    if (startAt.current === 'end') {
      startAt.current = null;
      // The channel opens at its first unread message when that is loaded (once: later returns to the present go to the end).
      if (!landed.current && firstUnreadIndex >= 0) {
        virtualizer.scrollToIndex(firstUnreadIndex, { align: 'start' });
        prev.atBottom = false;
      } else {
        virtualizer.scrollToEnd();
        prev.atBottom = true;
      }
      landed.current = true;
    } else if (lastKey !== prev.lastKey && prev.atBottom && prev.attached && !detached) {
      virtualizer.scrollToEnd();
    }
    shown.current = { atBottom: prev.atBottom, attached: !detached, lastKey };
    reportBottom(prev.atBottom && !detached);
    // Only the rows decide; the first unread index is read at the first landing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, lastKey, detached, virtualizer, reportBottom]);

  /** Back to the newest messages: at once when they are loaded, else after reading the newest page. */
  const present = useRef<AbortController | null>(null);
  useEffect(() => () => present.current?.abort(), []);
  const jumpToPresent = useCallback(() => {
    setAnchor(null);
    if (!isDetached(history.data)) {
      virtualizer.scrollToEnd();
      shown.current.atBottom = true;
      return;
    }
    present.current?.abort();
    const controller = new AbortController();
    present.current = controller;
    setJumping(true);
    startAt.current = 'end';
    loadHistoryAt(qc, channelId, null, controller.signal)
      .catch(() => {
        // Still detached; the button stays for another try.
        if (!controller.signal.aborted) startAt.current = null;
      })
      .finally(() => {
        if (present.current === controller) setJumping(false);
      });
  }, [history.data, virtualizer, qc, channelId]);

  // The unread bar: to the first unread message (reading older pages until it is loaded), or done with it.
  const [seekingUnread, setSeekingUnread] = useState(false);
  const jumpToFirstUnread = useCallback(async () => {
    if (!newLine) return;
    setSeekingUnread(true);
    let data = history.data;
    let more = hasNextPage;
    for (let page = 0; page < MAX_PAGES && more && !firstUnreadId(mergeMessages(data, NO_PENDING), newLine.after, newLine.count, me?.id); page++) {
      const next = await fetchNextPage();
      if (next.isError) break;
      data = next.data;
      more = next.hasNextPage;
    }
    setRevealUnread(true);
    setSeekingUnread(false);
  }, [newLine, history.data, hasNextPage, fetchNextPage, me?.id]);
  const [revealUnread, setRevealUnread] = useState(false);
  useEffect(() => {
    if (!revealUnread) return;
    setRevealUnread(false);
    if (firstUnreadIndex >= 0) virtualizer.scrollToIndex(firstUnreadIndex, { align: 'start' });
  }, [revealUnread, firstUnreadIndex, virtualizer]);
  const markRead = useCallback(() => {
    setNewLine(null);
    releaseUnread(channelId);
    jumpToPresent();
  }, [channelId, jumpToPresent]);

  // After our own send, go to the bottom (to the present first when reading an older part).
  useLayoutEffect(() => {
    if (scrollToBottomSignal === 0) return;
    jumpToPresent();
    // Only a new send moves the view, not a new jumpToPresent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollToBottomSignal]);

  // Stay at the bottom when the viewport shrinks (window resize, on-screen keyboard, composer growing).
  const loaded = history.data !== undefined;
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (shown.current.atBottom && shown.current.attached) el.scrollTop = el.scrollHeight;
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [loaded]);

  // Read the next page when the view comes near a loaded edge: older ones at the top, newer ones at
  // the bottom while detached. One read at a time (a read in one direction would cancel the other's).
  const items = virtualizer.getVirtualItems();
  const range = virtualizer.range;
  const nearTop = range !== null && range.startIndex < PREFETCH_ROWS;
  const nearBottom = range !== null && range.endIndex >= rows.length - PREFETCH_ROWS;
  useEffect(() => {
    if (isFetching || jumping) return;
    if (nearTop && hasNextPage && !history.isFetchNextPageError) void fetchNextPage();
    else if (nearBottom && hasPreviousPage && !history.isFetchPreviousPageError) void fetchPreviousPage();
  }, [
    nearTop,
    nearBottom,
    hasNextPage,
    hasPreviousPage,
    isFetching,
    jumping,
    history.isFetchNextPageError,
    history.isFetchPreviousPageError,
    fetchNextPage,
    fetchPreviousPage,
  ]);

  // ?messageId=: bring the message into view (reading the page around it when it is not loaded).
  const locate = useCallback(
    (messageId: string) => {
      const i = rows.findIndex((r) => r.message?.id === messageId && r.message.state === 'sent');
      return i < 0 ? undefined : i;
    },
    [rows],
  );
  const reveal = useCallback(
    (index: number, messageId: string, done: () => void) => {
      virtualizer.scrollToIndex(index, { align: 'center' });
      let frame = 0;
      let lastTop: number | null = null;
      let raf = requestAnimationFrame(function step() {
        frame++;
        const el = document.getElementById(messageElementId(messageId));
        const top = el ? el.getBoundingClientRect().top : null;
        // Rendered, and measured into place (the same position two frames running), or waited long enough.
        if ((el && top === lastTop) || frame >= REVEAL_FRAMES) {
          virtualizer.cancelScroll();
          jumpToMessage(messageId);
          done();
          return;
        }
        lastTop = top;
        raf = requestAnimationFrame(step);
      });
      return () => cancelAnimationFrame(raf);
    },
    [virtualizer],
  );
  const setLoadingAround = useCallback((loading: boolean) => setJumping(loading), []);
  useLinkedMessage({ channelId, target, clear, data: history.data, locate, reveal, toPresent: jumpToPresent, onLoading: setLoadingAround });

  // A message being edited is brought into view (Up in the composer edits the newest of one's own).
  useEffect(() => {
    if (editingId === null) return;
    const i = rows.findIndex((r) => r.message?.id === editingId);
    const r = virtualizer.range;
    if (i >= 0 && r && (i < r.startIndex || i > r.endIndex)) virtualizer.scrollToIndex(i, { align: 'auto' });
    // Only when editing starts, not on every change of the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD;
    shown.current.atBottom = atBottom;
    reportBottom(atBottom && !detached);
    if (atBottom || detached) setAnchor(null);
    else if (anchor === null) setAnchor(lastSentId(messages));
  };

  // The row holding focus stays rendered while scrolled out of view (a screen reader or keyboard user keeps their place).
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-row-key]');
    setFocusedKey(row?.dataset.rowKey ?? null);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setFocusedKey(null);
  };

  if (history.isPending) {
    return (
      <div className={styles.state} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        {t('loading')}
      </div>
    );
  }
  if (history.isError && !history.data) {
    const code = history.error instanceof ApiError ? history.error.code : undefined;
    if (code === 'no_permission_to_view_channel') return <HistoryBlocked kind="channel" />;
    if (code === 'no_permission_to_view_history') return <HistoryBlocked kind="history" />;
    return (
      <div className={styles.state} role="alert">
        <p className={styles.errorText}>{history.error.message || t('loadError')}</p>
        <button type="button" className={styles.retryButton} onClick={() => void history.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }

  return (
    <div className={styles.frame}>
      {detached ? (
        <NewMessagesBar onJump={jumpToPresent} busy={jumping} />
      ) : unseen > 0 ? (
        <NewMessagesBar count={unseen} onJump={jumpToPresent} />
      ) : (
        newLine &&
        (firstUnreadIndex < 0 ? hasNextPage : range !== null && range.startIndex > firstUnreadIndex) && (
          <UnreadBar
            count={newLine.count}
            since={firstUnread ? new Date(rows[firstUnreadIndex]?.message?.createdAt ?? '') : undefined}
            onJump={() => void jumpToFirstUnread()}
            onMarkRead={markRead}
            busy={seekingUnread}
          />
        )
      )}
      <div
        ref={scroller}
        className={styles.scroller}
        onScroll={onScroll}
        role="log"
        aria-label={placeText(t, place, 'messagesLabel')}
        aria-busy={jumping || undefined}
        tabIndex={0}
      >
        <div className={styles.inner}>
          {hasNextPage && (
            <div className={styles.loader} role="status">
              {isFetchingNextPage && (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  {t('loadingOlder')}
                </>
              )}
              {history.isFetchNextPageError && !isFetchingNextPage && (
                <button type="button" className={styles.retryButton} onClick={() => void fetchNextPage()}>
                  {t('tryAgain')}
                </button>
              )}
            </div>
          )}
          <div className={styles.rows} style={{ height: virtualizer.getTotalSize() }} onFocus={onFocus} onBlur={onBlur}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  data-row-key={row.key}
                  className={styles.row}
                  style={{ top: item.start - virtualizer.options.scrollMargin }}
                >
                  {!row.message ? (
                    <div className={styles.welcome}>
                      <div className={styles.welcomeIcon} aria-hidden="true">
                        {place.kind === 'channel' ? '#' : '@'}
                      </div>
                      <h2 className={styles.welcomeTitle}>{placeText(t, place, 'welcomeTitle')}</h2>
                      <p className={styles.welcomeText}>{placeText(t, place, 'welcomeText')}</p>
                    </div>
                  ) : (
                    <>
                      {row.day && (
                        <div className={styles.dateSeparator} role="separator" aria-label={formatDay(row.day, i18n.language)}>
                          <span>{formatDay(row.day, i18n.language)}</span>
                        </div>
                      )}
                      {row.message.id === firstUnread && (
                        <div className={styles.newLine} role="separator" aria-label={t('chat-live:newLineLabel')}>
                          <span>{t('chat-live:newLine')}</span>
                        </div>
                      )}
                      {row.message.type === 'system' ? (
                        <SystemMessage message={row.message} />
                      ) : (
                        <MessageItem message={row.message} grouped={row.grouped} onRetry={onRetry} onDiscard={onDiscard} />
                      )}
                    </>
                  )}
                </div>
              );
            })}
          </div>
          {hasPreviousPage && (
            <div className={styles.loader} role="status">
              {isFetchingPreviousPage && (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  {t('loadingNewer')}
                </>
              )}
              {history.isFetchPreviousPageError && !isFetchingPreviousPage && (
                <button type="button" className={styles.retryButton} onClick={() => void fetchPreviousPage()}>
                  {t('tryAgain')}
                </button>
              )}
            </div>
          )}
          <div className={styles.bottomSpacer} />
        </div>
      </div>
    </div>
  );
}

/** The newest message that the server has (not one still sending). */
function lastSentId(messages: readonly { id: string; state: string }[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.state === 'sent') return messages[i]!.id; // i in range
  return null;
}
