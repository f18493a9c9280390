import { LIMITS } from '@rally/shared/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextSuggestionStart, shownSuggestions, type StatusSuggestion } from './status-suggestions';
import styles from './StatusEditor.module.css';

/**
 * The status editor's suggestions (spec 001 §2, §9): three at a time, the next three every 2000 ms,
 * round all thirty. The rotation holds while the pointer or the focus is on them, so that one can
 * be read and picked (WCAG 2.2.2).
 */
export function StatusSuggestions({ onPick }: { onPick: (suggestion: StatusSuggestion, text: string) => void }) {
  const { t } = useTranslation('presence');
  const [start, setStart] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const h = setInterval(() => setStart(nextSuggestionStart), LIMITS.status.rotateMs);
    return () => clearInterval(h);
  }, [paused]);

  return (
    <div
      className={styles.suggestions}
      role="group"
      aria-label={t('custom.suggestions')}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <p className={styles.suggestionsTitle} aria-hidden="true">
        {t('custom.suggestions')}
      </p>
      <ul className={styles.suggestionList}>
        {shownSuggestions(start).map((s) => {
          const text = t(`custom.suggestion.${s.key}`);
          return (
            <li key={s.key}>
              <button type="button" className={styles.suggestion} aria-label={t('custom.useSuggestion', { text })} onClick={() => onPick(s, text)}>
                <span aria-hidden="true">{s.emoji}</span>
                <span className={styles.suggestionText}>{text}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
