import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { VOICE_REMOVAL_REASONS, type VoiceRemovalReason } from '@rally/shared/voice/signaling';
import { useToast } from '../../components/ui/toast-context';

const listeners = new Set<(reason: VoiceRemovalReason) => void>();

/** Whether the SFU ended the call because the user may no longer be in the channel (out of the team, the channel deleted, access lost). */
export function isVoiceRemoval(reason: string | undefined): reason is VoiceRemovalReason {
  return (VOICE_REMOVAL_REASONS as readonly string[]).includes(reason ?? '');
}

/** The call ended with a removal reason (voice-session.ts tells it). */
export function announceVoiceRemoval(reason: VoiceRemovalReason): void {
  for (const listener of listeners) listener(reason);
}

/** Listen to removals (tests; the shell through useVoiceRemovalToasts). */
export function onVoiceRemoval(listener: (reason: VoiceRemovalReason) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Say why the call ended when the user was taken out of it (docs/voice.md "Losing access"): a
 * toast, wherever they are in the app (a removed member may no longer see the team whose sidebar
 * holds the voice bar, which keeps the reason as its status).
 */
export function useVoiceRemovalToasts(): void {
  const toast = useToast();
  const { t } = useTranslation('errors');
  useEffect(() => onVoiceRemoval((reason) => toast.show(t(reason), 'error')), [toast, t]);
}
