import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel, type SearchPanelScope } from './SearchPanel';
import styles from './Search.module.css';

/** Ctrl+K (⌘K on a Mac) focuses the box: Ctrl+F stays the browser's find. */
function isSearchShortcut(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

/**
 * The message search of a team in the channel header, or of a direct chat in its header (as Discord's): Enter runs what is typed,
 * words and filters (`from:`, `in:`, `before:`, `after:`, see search-input.ts), and opens the
 * results panel; Escape closes it; ArrowDown moves into the results.
 */
export function SearchBox({ scope }: { scope: SearchPanelScope }) {
  const { t } = useTranslation('search');
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  // The text of the search shown in the panel (null: closed); a new Enter runs it again.
  const [submitted, setSubmitted] = useState<{ text: string; run: number } | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const run = (value: string) => setSubmitted((s) => ({ text: value, run: (s?.run ?? 0) + 1 }));
  const close = () => {
    setSubmitted(null);
    input.current?.focus();
  };

  return (
    <div ref={box} className={styles.box} role="search">
      <svg className={styles.boxIcon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4.2-4.2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        className={styles.input}
        type="search"
        value={text}
        placeholder={t('box.placeholder')}
        aria-label={t('box.label')}
        aria-keyshortcuts="Control+K Meta+K"
        aria-controls={submitted ? 'search-results' : undefined}
        enterKeyHint="search"
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (text.trim()) run(text);
          } else if (e.key === 'Escape' && submitted) {
            e.preventDefault();
            setSubmitted(null);
          } else if (e.key === 'ArrowDown' && submitted) {
            e.preventDefault();
            document.getElementById('search-results')?.focus();
          }
        }}
      />
      <kbd className={styles.shortcut} aria-hidden="true">
        {t('box.shortcut')}
      </kbd>
      {submitted && (
        <SearchPanel
          key={submitted.run}
          scope={scope}
          anchor={box}
          text={submitted.text}
          onClose={close}
          onChangeText={(next) => {
            setText(next);
            if (next.trim()) run(next);
            else close();
          }}
        />
      )}
    </div>
  );
}
