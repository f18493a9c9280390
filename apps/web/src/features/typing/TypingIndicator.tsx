import { TYPING } from '@rally/shared/gateway/typing';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { activeTypers, type TypingEntry } from './typing-cache';
import { typingText } from './typing-text';
import styles from './TypingIndicator.module.css';

const NONE: TypingEntry[] = [];

/** "X is typing…" under the composer; entries expire 5 s after their last event (checked every second). */
export function TypingIndicator({ channelId }: { channelId: string }) {
  const { t } = useTranslation('chat-live');
  const entries =
    useQuery({ queryKey: queryKeys.typing(channelId), queryFn: () => NONE, staleTime: Infinity, gcTime: TYPING.expiryMs, enabled: false }).data ?? NONE;
  const [now, setNow] = useState(() => Date.now());
  const typing = activeTypers(entries, now);
  const anyone = entries.length > 0;
  // A new entry is newer than `now` (so shown); the clock ticks while anyone is listed.
  useEffect(() => {
    if (!anyone) return;
    const timer = setInterval(() => setNow(Date.now()), TYPING.checkMs);
    return () => clearInterval(timer);
  }, [anyone]);
  const text = typingText(typing.map((e) => e.username));
  return (
    <div className={styles.typing} aria-live="polite">
      {text && (
        <>
          <span className={styles.dots} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className={styles.text}>{t(text.key, text.values)}</span>
        </>
      )}
    </div>
  );
}
