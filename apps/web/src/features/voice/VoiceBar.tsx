import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTeamChannels } from '../teams/channel-queries';
import { ScreenShareButton } from './ScreenShareButton';
import { VoiceBarAvatars } from './VoiceBarAvatars';
import { leaveVoice, setVoiceDeafened, setVoiceMuted, useVoiceSession } from './voice-session';
import styles from './Voice.module.css';
import { VoiceSettingsDialog } from './VoiceSettingsDialog';

/** The ping's colour (001 §9): under 100 ms green, under 200 ms yellow, else orange. */
export function pingColour(ms: number): 'pingGood' | 'pingFair' | 'pingPoor' {
  if (ms < 100) return 'pingGood';
  if (ms < 200) return 'pingFair';
  return 'pingPoor';
}

/**
 * The call this tab is in (001 §2 voice bar): its state, the channel, how many others are there,
 * mute (kept on this device), deafen, screen share, the voice settings (devices, input volume) and
 * leave. Nothing while there is no call.
 */
export function VoiceBar() {
  const { t } = useTranslation(['voice', 'errors']);
  const session = useVoiceSession();
  const channels = useTeamChannels(session?.teamId ?? '', session !== null).data?.channels;
  const [settingsOpen, setSettingsOpen] = useState(false);
  if (!session) return null;
  const channel = channels?.find((c) => c.id === session.channelId);
  const status =
    session.state === 'disconnected' && session.reason ? t(`errors:${session.reason}`, { defaultValue: session.reason }) : t(`state.${session.state}`);
  const live = session.state !== 'disconnected';
  return (
    <section className={styles.bar} aria-label={t('bar.label')}>
      <div className={styles.barText}>
        <p className={`${styles.status} ${styles[session.state]}`} role="status">
          {status}
        </p>
        {channel && (
          <Link className={styles.barChannel} to={`/teams/${session.teamId}/channels/${session.channelId}`}>
            {channel.name}
          </Link>
        )}
        {live && session.others.length > 0 && (
          <span className={styles.barPeople}>
            <VoiceBarAvatars teamId={session.teamId} userIds={session.others.map((other) => other.userId)} speaking={session.speaking} />
            <span className={styles.barOthers}>{t('bar.others', { count: session.others.length })}</span>
          </span>
        )}
        {session.state === 'connected' && session.pingMs !== null && (
          <span className={`${styles.ping} ${styles[pingColour(session.pingMs)]}`}>{t('bar.ping', { ms: session.pingMs })}</span>
        )}
      </div>
      <div className={styles.barButtons}>
        {live && (
          <>
            <button type="button" className={styles.barButton} aria-pressed={session.muted} onClick={() => setVoiceMuted(!session.muted)}>
              {t('bar.mute')}
            </button>
            <button type="button" className={styles.barButton} aria-pressed={session.deafened} onClick={() => setVoiceDeafened(!session.deafened)}>
              {t('bar.deafen')}
            </button>
            <ScreenShareButton session={session} />
          </>
        )}
        <button type="button" className={styles.barButton} aria-haspopup="dialog" onClick={() => setSettingsOpen(true)}>
          {t('bar.settings')}
        </button>
        <button type="button" className={`${styles.barButton} ${styles.leave}`} onClick={leaveVoice}>
          {live ? t('bar.leave') : t('bar.dismiss')}
        </button>
      </div>
      <VoiceSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </section>
  );
}
