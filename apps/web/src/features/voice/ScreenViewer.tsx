import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackMap } from '@rally/shared/voice/signaling';
import { Button } from '../../components/ui/Button';
import { useTeamMembers } from '../teams/members-queries';
import { midCarrying, sharers } from './screen-share';
import { currentVoiceConnection, setWatching, stopScreenShare, type VoiceSession } from './voice-session';
import styles from './Voice.module.css';

/**
 * The screens shared in the user's call (001 §2 voice panel): the user's own (a preview, and stop
 * sharing), then a tile per sharer, which the user picks to watch (only then does the SFU send it),
 * with full screen (Escape leaves) and stop watching.
 */
export function ScreenViewer({ teamId, session }: { teamId: string; session: VoiceSession }) {
  const { t } = useTranslation('voice');
  const headingId = useId();
  const members = useTeamMembers(teamId).data;
  const shared = sharers(session.others);
  const own = session.screen === 'on';
  if (shared.length === 0 && !own) return null;
  return (
    <section className={styles.screens} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.screensTitle}>
        {t('screens.title')}
      </h3>
      <ul className={styles.screenGrid}>
        {own && (
          <li>
            <OwnScreenTile />
          </li>
        )}
        {shared.map((userId) => (
          <li key={userId}>
            <ScreenTile
              userId={userId}
              name={members?.find((m) => m.id === userId)?.username ?? t('participant.unknown')}
              watching={session.watching.includes(userId)}
              tracks={session.tracks}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ScreenTile({ userId, name, watching, tracks }: { userId: string; name: string; watching: boolean; tracks: TrackMap }) {
  const { t } = useTranslation('voice');
  const tile = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);

  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement !== null && document.fullscreenElement === tile.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  const toggleFullScreen = () => {
    if (document.fullscreenElement === tile.current) void document.exitFullscreen().catch(() => undefined);
    else void tile.current?.requestFullscreen().catch(() => undefined);
  };
  // Browsers leave full screen on Escape themselves; this covers those that pass the key to the page.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && document.fullscreenElement === tile.current) void document.exitFullscreen().catch(() => undefined);
  };
  const stopWatching = () => {
    if (document.fullscreenElement === tile.current) void document.exitFullscreen().catch(() => undefined);
    setWatching(userId, false);
  };

  const label = t('screens.of', { name });
  return (
    <div ref={tile} className={styles.screenTile} data-watching={watching || undefined} onKeyDown={onKeyDown}>
      {watching ? (
        <ScreenVideo userId={userId} tracks={tracks} label={label} />
      ) : (
        <button type="button" className={styles.screenPick} aria-label={t('screens.watch', { name })} onClick={() => setWatching(userId, true)}>
          <span className={styles.screenPickText}>{t('screens.pick')}</span>
        </button>
      )}
      <div className={styles.screenFooter}>
        <span className={styles.screenName}>{label}</span>
        {watching && (
          <span className={styles.screenControls}>
            <Button variant="secondary" size="sm" onClick={toggleFullScreen}>
              {fullScreen ? t('screens.exitFullScreen') : t('screens.fullScreen')}
            </Button>
            <Button variant="ghost" size="sm" onClick={stopWatching}>
              {t('screens.stop')}
            </Button>
          </span>
        )}
      </div>
    </div>
  );
}

/** The user's own shared screen, as it is sent (the local track, no round trip). */
function OwnScreenTile() {
  const { t } = useTranslation('voice');
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    const track = currentVoiceConnection()?.sharedScreen();
    if (!element || !track) return;
    element.srcObject = new MediaStream([track]);
    void element.play().catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, []);

  return (
    <div className={styles.screenTile} data-watching>
      <video ref={video} className={styles.screenVideo} aria-label={t('screens.own')} autoPlay muted playsInline />
      <div className={styles.screenFooter}>
        <span className={styles.screenName}>{t('screens.own')}</span>
        <span className={styles.screenControls}>
          <Button variant="danger" size="sm" onClick={stopScreenShare}>
            {t('screens.stopSharing')}
          </Button>
        </span>
      </div>
    </div>
  );
}

/** The received screen: the track on the m-line that carries the sharer's screen now (the session's map). */
function ScreenVideo({ userId, tracks, label }: { userId: string; tracks: TrackMap; label: string }) {
  const { t } = useTranslation('voice');
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const mid = midCarrying(tracks, userId, 'screen');

  useEffect(() => {
    const element = video.current;
    const track = mid === null ? null : currentVoiceConnection()?.receivedTrack(userId, 'screen');
    if (!element || !track) return;
    element.srcObject = new MediaStream([track]);
    void element.play().catch(() => undefined);
    return () => {
      element.srcObject = null;
      setPlaying(false);
    };
  }, [userId, mid]);

  return (
    <>
      <video ref={video} className={styles.screenVideo} aria-label={label} autoPlay muted playsInline onPlaying={() => setPlaying(true)} />
      {!playing && (
        <p className={styles.screenWaiting} role="status">
          {t('screens.loading')}
        </p>
      )}
    </>
  );
}
