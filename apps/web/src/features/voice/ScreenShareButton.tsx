import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { onScreenShareStopped, startScreenShare, stopScreenShare, type VoiceSession } from './voice-session';
import styles from './Voice.module.css';

/**
 * The voice bar's screen-share toggle (001 §2): opens the browser's picker (within the user's cap:
 * Plus 1920×1080 at 60 fps), pressed while sharing; pressing it again, or the browser's own
 * "Stop sharing", stops. Why the SFU stopped or refused a share, and a capture that failed, are told
 * in a toast; a cancelled picker is not.
 */
export function ScreenShareButton({ session }: { session: VoiceSession }) {
  const { t } = useTranslation(['voice', 'errors']);
  const toast = useToast();

  useEffect(() => onScreenShareStopped((reason) => toast.show(t(`errors:${reason}`, { defaultValue: reason }), 'error')), [toast, t]);

  const toggle = () => {
    if (session.screen === 'on') {
      stopScreenShare();
      return;
    }
    startScreenShare().catch(() => toast.show(t('errors:media_start_failed'), 'error'));
  };

  return (
    <button
      type="button"
      className={`${styles.barButton} ${styles.share}`}
      aria-pressed={session.screen === 'on'}
      aria-busy={session.screen === 'starting' || undefined}
      disabled={session.screen === 'starting' || (session.screen === 'off' && session.state !== 'connected')}
      onClick={toggle}
    >
      {t('bar.shareScreen')}
    </button>
  );
}
