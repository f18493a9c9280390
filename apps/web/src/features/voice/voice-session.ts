import { useSyncExternalStore } from 'react';
import type { VoiceJoin } from '@rally/shared/api/voice';
import type { ParticipantState, TrackMap } from '@rally/shared/voice/signaling';
import { createLocalStore } from '../../lib/local-store';
import { captureScreen, stillWatched } from './screen-share';
import { VoiceConnection, type VoiceState } from './voice-connection';
import { announceVoiceRemoval, isVoiceRemoval } from './voice-removal';

/** The call this tab is in (one at a time, 001 §4: joining another channel leaves the first). */
export interface VoiceSession {
  teamId: string;
  channelId: string;
  /** request: the join call is under way; then the connection's states. */
  state: 'request' | VoiceState;
  /** Why it ended (an error code), when it did. */
  reason: string | null;
  muted: boolean;
  deafened: boolean;
  /** The others in the room, as the SFU tells them. */
  others: ParticipantState[];
  /** Who is heard speaking now (user ids). */
  speaking: string[];
  /** The round trip to the SFU in ms, once known. */
  pingMs: number | null;
  /** This tab's screen share: off, the picker open, or sent. */
  screen: 'off' | 'starting' | 'on';
  /** Whose shared screens the user watches (picked in the voice panel). */
  watching: string[];
  /** What each receiving m-line carries (the screen viewer finds the watched screens' tracks by it). */
  tracks: TrackMap;
}

/** A call's fields before anything is known of it. */
const fresh: Pick<VoiceSession, 'reason' | 'others' | 'speaking' | 'pingMs' | 'screen' | 'watching' | 'tracks'> = {
  reason: null,
  others: [],
  speaking: [],
  pingMs: null,
  screen: 'off',
  watching: [],
  tracks: {},
};

/** The mute preference, kept on this device (001 §3 locally stored). */
export const voiceMutePreference = createLocalStore<boolean>('rally.voiceMuted', false, (raw) => raw === true);

let session: VoiceSession | null = null;
let connection: VoiceConnection | null = null;
const listeners = new Set<() => void>();

function update(next: VoiceSession | null): void {
  session = next;
  for (const listener of listeners) listener();
}

function patch(fields: Partial<VoiceSession>): void {
  if (session) update({ ...session, ...fields });
}

/** The current call, re-rendering on every change. */
export function useVoiceSession(): VoiceSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
  );
}

/** The current call now, outside React (tests, event handlers). */
export function currentVoiceSession(): VoiceSession | null {
  return session;
}

/** The join call is under way for this channel (the previous call, if any, is left first). */
export function voiceRequested(teamId: string, channelId: string): void {
  connection?.leave();
  connection = null;
  update({ ...fresh, teamId, channelId, state: 'request', muted: voiceMutePreference.get(), deafened: false });
}

/** The join call answered: connect to the SFU with its token. */
export function voiceJoined(teamId: string, join: VoiceJoin): void {
  connection?.leave();
  const current = new VoiceConnection(
    join,
    {
      state: (state, reason) => {
        if (connection !== current) return;
        patch({ state, reason: reason ?? null });
        if (state === 'disconnected' && isVoiceRemoval(reason)) announceVoiceRemoval(reason);
      },
      participants: (others) => {
        if (connection !== current) return;
        const watching = stillWatched(session?.watching ?? [], others);
        if (watching.length !== session?.watching.length) current.watch(watching);
        patch({ others, watching });
      },
      speaking: (speaking) => {
        if (connection === current) patch({ speaking });
      },
      ping: (pingMs) => {
        if (connection === current) patch({ pingMs });
      },
      tracks: (tracks) => {
        if (connection === current) patch({ tracks });
      },
      unpublished: (source, reason) => {
        if (connection !== current) return;
        if (source === 'screen') patch({ screen: 'off' });
        for (const listener of noticeListeners) listener(reason);
      },
    },
    { muted: voiceMutePreference.get() },
  );
  connection = current;
  update({ ...fresh, teamId, channelId: join.channelId, state: 'joining', muted: current.muted, deafened: false });
}

/** The join call failed: the session ends with its error. */
export function voiceRequestFailed(reason: string): void {
  patch({ state: 'disconnected', reason });
}

export function leaveVoice(): void {
  connection?.leave();
  connection = null;
  update(null);
}

export function setVoiceMuted(muted: boolean): void {
  voiceMutePreference.set(muted);
  connection?.setMuted(muted);
  patch({ muted });
}

export function setVoiceDeafened(deafened: boolean): void {
  connection?.setDeafened(deafened);
  patch({ deafened });
}

/** The live connection, for figures (ping, the tests' inbound audio). */
export function currentVoiceConnection(): VoiceConnection | null {
  return connection;
}

// ---- Screen share (001 §2 voice bar) and the screens watched (the voice panel's viewer). ----

const noticeListeners = new Set<(reason: string) => void>();

/** Called with an error code when the SFU stops or refuses the screen share (cap exceeded, limit reached). */
export function onScreenShareStopped(listener: (reason: string) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/**
 * Open the browser's picker and send what the user picks, within the join's screen cap. Resolves
 * when sending (or cancelled by the user); rejects when the browser cannot capture. Call it from
 * the click itself: browsers only open the picker on a user gesture.
 */
export async function startScreenShare(): Promise<void> {
  const current = connection;
  if (!current || session?.screen !== 'off') return;
  patch({ screen: 'starting' });
  let track: MediaStreamTrack | null;
  try {
    track = await captureScreen(current.join.screenCap);
  } catch (error) {
    if (connection === current) patch({ screen: 'off' });
    throw error;
  }
  if (connection !== current || !track) {
    track?.stop();
    if (connection === current) patch({ screen: 'off' });
    return;
  }
  // The browser's own "Stop sharing" ends the track.
  const shared = track;
  shared.addEventListener('ended', () => {
    if (connection === current && session?.screen === 'on') stopScreenShare();
  });
  current.shareScreen(shared);
  patch({ screen: 'on' });
}

export function stopScreenShare(): void {
  connection?.stopScreen();
  patch({ screen: 'off' });
}

/** Watch a participant's shared screen, or stop watching it. */
export function setWatching(userId: string, watch: boolean): void {
  if (!session || !connection) return;
  const watching = watch ? [...new Set([...session.watching, userId])] : session.watching.filter((id) => id !== userId);
  connection.watch(watching);
  patch({ watching });
}
