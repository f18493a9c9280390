import { useId } from 'react';
import styles from './Logo.module.css';

/** Rally's mark: a rounded tile with a forward chevron flag. Decorative (callers provide names). */
export function LogoMark({ size = 32 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7b5cff" />
          <stop offset="0.55" stopColor="#5b3fe0" />
          <stop offset="1" stopColor="#ff4d8d" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="44" height="44" rx="14" fill={`url(#${id}-g)`} />
      <path d="M15 34V14h10.5a6.5 6.5 0 010 13H20l8.5 7" fill="none" stroke="#fff" strokeWidth="4.2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M31 19.5l5 4-5 4" fill="none" stroke="#22d3c5" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Mark plus the "Rally" word. */
export function Logo({ size = 32, label }: { size?: number; label: string }) {
  return (
    <span className={styles.logo}>
      <LogoMark size={size} />
      <span className={styles.word} style={{ fontSize: Math.round(size * 0.72) }}>
        {label}
      </span>
    </span>
  );
}
