import type { Pin } from '@rally/shared/api/pins';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { emojiTokensAsText } from '../emoji/emoji-text';
import { useCanPin } from '../message-actions/can-manage';
import { Avatar } from '../messages/Avatar';
import { formatDay, formatFull, formatTime } from '../messages/format';
import { useRequestJump } from '../messages/use-linked-message';
import { useSetPinned } from './mutations';
import { usePins } from './queries';
import styles from './Pins.module.css';

/** Characters of a pinned message's text shown (the rest is in the chat). */
const PREVIEW = 300;

interface PinsPanelProps {
  teamId: string | null;
  channelId: string;
  /** The pins button: the panel opens below the header that holds it. */
  anchor: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/**
 * The pinned messages of the open channel or chat, newest pin first (right of the chat on wide
 * screens, the whole screen on narrow ones): author, time and text of each, Jump (the chat scrolls
 * to it and highlights it, `?messageId=`) and, for who may, Unpin. It takes the focus when it
 * opens; Escape closes it. Kept current by CHANNEL_PINS_UPDATED (pins/cache.ts).
 */
export function PinsPanel({ teamId, channelId, anchor, onClose }: PinsPanelProps) {
  const { t } = useTranslation('pins');
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const pins = usePins(channelId, true);
  const canPin = useCanPin(teamId, channelId);
  const jump = useRequestJump();
  const toast = useToast();
  const setPinned = useSetPinned(channelId);
  // The unpinned message's row goes, and its button with the focus: the panel keeps it (Escape still closes).
  const unpin = (messageId: string) =>
    setPinned.mutate(
      { messageId, pinned: false },
      {
        onSuccess: () => panel.current?.focus(),
        onError: (err) => toast.show(err instanceof ApiError ? err.message : t('unpinFailed'), 'error'),
      },
    );
  const unpinning = setPinned.isPending ? setPinned.variables.messageId : null;

  // Below the header holding the button (a banner above the app moves it down).
  const [top, setTop] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const place = () => setTop(anchor.current?.closest('header')?.getBoundingClientRect().bottom);
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor]);

  useEffect(() => {
    panel.current?.focus();
  }, []);

  const jumpTo = (messageId: string) => {
    jump(messageId);
    if (window.matchMedia('(max-width: 640px)').matches) onClose();
  };

  return (
    <aside
      ref={panel}
      id="pins-panel"
      className={styles.panel}
      style={top === undefined ? undefined : ({ '--pins-top': `${top}px` } as CSSProperties)}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <header className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {t('title')}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('close')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className={styles.body}>
        {pins.isPending ? (
          <div className={styles.state}>
            <Spinner label={t('loading')} />
          </div>
        ) : pins.isError ? (
          <div className={styles.state} role="alert">
            <p>{pins.error instanceof ApiError ? pins.error.message : t('failed')}</p>
            <button type="button" className={styles.retry} onClick={() => void pins.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : pins.data.length === 0 ? (
          <div className={styles.state}>
            <p className={styles.emptyTitle}>{t('empty.title')}</p>
            <p>{t(teamId ? 'empty.channel' : 'empty.chat')}</p>
          </div>
        ) : (
          <ul className={styles.list} aria-labelledby={titleId}>
            {pins.data.map((pin) => (
              <PinItem key={pin.message.id} pin={pin} onJump={jumpTo} onUnpin={canPin ? unpin : null} unpinning={unpinning === pin.message.id} />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

interface PinItemProps {
  pin: Pin;
  onJump: (messageId: string) => void;
  /** Null for a reader who may not unpin. */
  onUnpin: ((messageId: string) => void) | null;
  unpinning: boolean;
}

/** One pinned message: who wrote it and when, its text (or its attachments' count), Jump and Unpin. */
function PinItem({ pin, onJump, onUnpin, unpinning }: PinItemProps) {
  const { t, i18n } = useTranslation('pins');
  const { message } = pin;
  const date = new Date(message.createdAt);
  const plain = emojiTokensAsText(message.content);
  const text = plain.length > PREVIEW ? `${plain.slice(0, PREVIEW)}…` : plain;
  const name = message.createdBy.username;
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        <Avatar id={message.createdBy.id} name={name} size={32} src={message.createdBy.profilePicture} />
        <div className={styles.main}>
          <div className={styles.meta}>
            <span className={styles.author}>{name}</span>
            <time className={styles.time} dateTime={message.createdAt} title={formatFull(date, i18n.language)}>
              {`${formatDay(date, i18n.language)} ${formatTime(date, i18n.language)}`}
            </time>
          </div>
          {text && <p className={styles.content}>{text}</p>}
          {message.attachments.length > 0 && <p className={styles.attachments}>{t('attachments', { count: message.attachments.length })}</p>}
        </div>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => onJump(message.id)} aria-label={t('jumpLabel', { name })}>
          {t('jump')}
        </button>
        {onUnpin && (
          <button type="button" className={styles.action} onClick={() => onUnpin(message.id)} disabled={unpinning} aria-label={t('unpinLabel', { name })}>
            {t('unpin')}
          </button>
        )}
      </div>
    </li>
  );
}
