import type { MediaSource, ParticipantState, ScreenCap, TrackMap } from '@rally/shared/voice/signaling';

/**
 * What getDisplayMedia is asked for (001 §2: up to 1920×1080 at 60 fps): the user's cap from the
 * join (Plus 1920×1080 at 60, others 1280×720 at 30) as both the ideal and the most, so that the
 * browser scales a larger screen down instead of sending what the SFU would refuse. No audio.
 */
export function screenConstraints(cap: ScreenCap): DisplayMediaStreamOptions {
  return {
    video: {
      width: { ideal: cap.width, max: cap.width },
      height: { ideal: cap.height, max: cap.height },
      frameRate: { ideal: cap.fps, max: cap.fps },
    },
    audio: false,
  };
}

/**
 * Whether getDisplayMedia failed because the user said no (closed the picker, or refused): nothing
 * to tell them. Anything else (no capture possible, constraints the browser cannot meet) is an error.
 */
export function isCaptureCancel(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/**
 * Capture a screen, window or tab the user picks. Null when they cancel; throws when the browser
 * cannot capture at all (the caller shows media_start_failed). Must run inside the click's task:
 * browsers only open the picker on a user gesture.
 */
export async function captureScreen(cap: ScreenCap): Promise<MediaStreamTrack | null> {
  try {
    const stream = await navigator.mediaDevices.getDisplayMedia(screenConstraints(cap));
    const [track, ...rest] = stream.getVideoTracks();
    for (const extra of [...rest, ...stream.getAudioTracks()]) extra.stop();
    if (!track) throw new DOMException('no video track', 'NotFoundError');
    return track;
  } catch (error) {
    if (isCaptureCancel(error)) return null;
    throw error;
  }
}

/** The user ids of the participants who share a screen now, in the room's order. */
export function sharers(participants: readonly ParticipantState[]): string[] {
  return participants.filter((p) => p.sources.includes('screen')).map((p) => p.userId);
}

/** The watched screens still shared: a share that stopped (or whose sharer left) is no longer watched. */
export function stillWatched(watching: readonly string[], participants: readonly ParticipantState[]): string[] {
  const sharing = new Set(sharers(participants));
  return watching.filter((userId) => sharing.has(userId));
}

/** The mid of the m-line that carries a participant's source now (the SFU's track map), or null. */
export function midCarrying(tracks: TrackMap, userId: string, source: MediaSource): string | null {
  return Object.keys(tracks).find((mid) => tracks[mid]?.userId === userId && tracks[mid]?.source === source) ?? null;
}
