import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/** Remaining time as day:hour:min:sec, 00:00:00:00 once passed (spec 001 §4). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(s / 86400))}:${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** An invite's expiry: a live countdown, or an infinity sign when it never expires. */
export function ExpiryCountdown({ expiresAt, className }: { expiresAt: string | null; className?: string }) {
  const { t } = useTranslation('invites');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, [expiresAt]);
  if (!expiresAt) {
    return (
      <p className={className}>
        <span aria-hidden="true">∞ </span>
        {t('dialog.neverExpires')}
      </p>
    );
  }
  return <p className={className}>{t('dialog.expiresIn', { time: formatCountdown(Date.parse(expiresAt) - now) })}</p>;
}
