import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { setSoundsMuted, useSoundsMuted } from './sounds';

/** Mute or unmute the notification sounds (a pressed toggle; remembered on this device). */
export function SoundToggle({ className, ...rest }: { className?: string } & HTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation('unread');
  const muted = useSoundsMuted();
  return (
    <button type="button" className={className} aria-label={t('muteSounds')} aria-pressed={muted} onClick={() => setSoundsMuted(!muted)} {...rest}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M4 9v6h4l5 4V5L8 9H4Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        {muted ? (
          <path d="m16 9 6 6M22 9l-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
    </button>
  );
}
