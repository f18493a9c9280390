import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatest } from '../../lib/use-latest';
import { buildRows } from './grouping';
import { formatDay } from './format';
import { useMeUser } from '../auth/queries';
import { mergeMessages } from './message-cache';
import { NewMessagesBar } from './NewMessagesBar';
import { unseenCount } from './unseen';
import { useChannelMessages, usePendingMessages } from './message-queries';
import { MessageItem } from './MessageItem';
import { SystemMessage } from './SystemMessage';
import { HistoryBlocked } from './HistoryBlocked';
import { useLinkedMessage } from './use-linked-message';
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

export function MessageList({ channelId, place, onRetry, onDiscard, scrollToBottomSignal, onAtBottomChange }: Props) {
  const { t, i18n } = useTranslation('chat');
  const history = useChannelMessages(channelId);
  useLinkedMessage(history);
  const pending = usePendingMessages(channelId);
  const messages = useMemo(() => mergeMessages(history.data, pending), [history.data, pending]);
  const rows = useMemo(() => buildRows(messages), [messages]);

  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const snap = useRef({ scrollHeight: 0, scrollTop: 0, firstId: null as string | null, lastId: null as string | null, atBottom: true });
  const atBottomListener = useLatest(onAtBottomChange);
  const reported = useRef<boolean | null>(null);
  /** Tell the listener when snap.current.atBottom has changed since last told. */
  const reportBottom = useCallback(() => {
    if (reported.current === snap.current.atBottom) return;
    reported.current = snap.current.atBottom;
    atBottomListener.current?.(snap.current.atBottom);
  }, [atBottomListener]);

  // The 'new messages' bar: the newest message shown when the reader scrolled away from the bottom;
  // what others sent after it while they read older messages is counted, until they come back down.
  const me = useMeUser();
  const [anchor, setAnchor] = useState<string | null>(null);
  const unseen = anchor === null ? 0 : unseenCount(messages, anchor, me?.id);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  /** The scroller exists (it replaces the loading and error states). */
  const loaded = history.data !== undefined;
  const firstId = messages[0]?.id ?? null;
  const lastId = messages.at(-1)?.id ?? null;
  const lastKey = rows.at(-1)?.key ?? null;

  // Keep the reading position: older pages (or the loader/welcome header) change the height above
  // the viewport, so the distance from the bottom is kept; new messages at the bottom are followed
  // only when the view was already at the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = snap.current;
    if (prev.lastId === null && lastId !== null) {
      el.scrollTop = el.scrollHeight;
    } else if (lastKey !== null && lastId !== prev.lastId) {
      if (prev.atBottom) el.scrollTop = el.scrollHeight;
    } else if (!prev.atBottom) {
      el.scrollTop = prev.scrollTop + (el.scrollHeight - prev.scrollHeight);
    } else {
      el.scrollTop = el.scrollHeight;
    }
    snap.current = {
      scrollHeight: el.scrollHeight,
      scrollTop: el.scrollTop,
      firstId,
      lastId,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD,
    };
    reportBottom();
  }, [rows, firstId, lastId, lastKey, hasNextPage, isFetchingNextPage, reportBottom]);

  // After our own send, go to the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || scrollToBottomSignal === 0) return;
    el.scrollTop = el.scrollHeight;
    snap.current.atBottom = true;
  }, [scrollToBottomSignal]);

  // Stay at the bottom when the viewport shrinks (window resize, on-screen keyboard, composer growing).
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (snap.current.atBottom) el.scrollTop = el.scrollHeight;
      snap.current.scrollHeight = el.scrollHeight;
      snap.current.scrollTop = el.scrollTop;
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [loaded]);

  // Scroll-up loader: fetch the next older page when the top comes near.
  useEffect(() => {
    const el = scroller.current;
    const target = sentinel.current;
    if (!el || !target || !hasNextPage) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: el, rootMargin: '300px 0px 0px 0px' },
    );
    io.observe(target);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    snap.current.scrollTop = el.scrollTop;
    snap.current.scrollHeight = el.scrollHeight;
    snap.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD;
    reportBottom();
    if (snap.current.atBottom) setAnchor(null);
    else if (anchor === null) setAnchor(lastSentId(messages));
  };

  const jumpToPresent = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    setAnchor(null);
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
      {unseen > 0 && <NewMessagesBar count={unseen} onJump={jumpToPresent} />}
      <div ref={scroller} className={styles.scroller} onScroll={onScroll} role="log" aria-label={placeText(t, place, 'messagesLabel')} tabIndex={0}>
        <div className={styles.inner}>
          {hasNextPage ? (
            <div ref={sentinel} className={styles.loader} role="status">
              {isFetchingNextPage && (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  {t('loadingOlder')}
                </>
              )}
              {history.isFetchNextPageError && (
                <button type="button" className={styles.retryButton} onClick={() => void fetchNextPage()}>
                  {t('tryAgain')}
                </button>
              )}
            </div>
          ) : (
            <div className={styles.welcome}>
              <div className={styles.welcomeIcon} aria-hidden="true">
                {place.kind === 'channel' ? '#' : '@'}
              </div>
              <h2 className={styles.welcomeTitle}>{placeText(t, place, 'welcomeTitle')}</h2>
              <p className={styles.welcomeText}>{placeText(t, place, 'welcomeText')}</p>
            </div>
          )}
          {rows.map((row) =>
            row.kind === 'date' ? (
              <div key={row.key} className={styles.dateSeparator} role="separator" aria-label={formatDay(row.date, i18n.language)}>
                <span>{formatDay(row.date, i18n.language)}</span>
              </div>
            ) : row.message.type === 'system' ? (
              <SystemMessage key={row.key} message={row.message} />
            ) : (
              <MessageItem key={row.key} message={row.message} grouped={row.grouped} onRetry={onRetry} onDiscard={onDiscard} />
            ),
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
