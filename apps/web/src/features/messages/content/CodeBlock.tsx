import { useEffect, useState, type ReactNode } from 'react';
import { loadHighlighter, type Token } from './highlight';
import styles from './MessageContent.module.css';

function renderTokens(tokens: Token[]): ReactNode[] {
  return tokens.map((t, i) =>
    typeof t === 'string' ? (
      t
    ) : (
      <span key={i} className={t.classes.map((c) => styles[c] ?? '').join(' ')}>
        {renderTokens(t.children)}
      </span>
    ),
  );
}

/**
 * A fenced code block: plain at once, highlighted when the highlighter (a lazy chunk) has loaded and
 * knows the language. Horizontal scroll for long lines; focusable so the keyboard can scroll it.
 */
export function CodeBlock({ lang, code }: { lang: string | null; code: string }) {
  const [tokens, setTokens] = useState<{ for: string; tokens: Token[] } | null>(null);
  const key = `${lang ?? ''}\n${code}`;

  useEffect(() => {
    if (!lang) return;
    let live = true;
    void loadHighlighter().then((highlight) => {
      const result = highlight(lang, code);
      if (live && result) setTokens({ for: key, tokens: result });
    });
    return () => {
      live = false;
    };
  }, [lang, code, key]);

  const highlighted = tokens?.for === key ? tokens.tokens : null;
  return (
    // Focusable: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <pre className={styles.codeBlock} tabIndex={0} data-lang={lang ?? undefined}>
      <code>{highlighted ? renderTokens(highlighted) : code}</code>
    </pre>
  );
}
