import { useSyncExternalStore } from 'react';
import type { VoiceJoin } from '@rally/shared/api/voice';
import type { ParticipantState } from '@rally/shared/voice/signaling';
import { createLocalStore } from '../../lib/local-store';
import { VoiceConnection, type VoiceState } from './voice-connection';

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
}

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

/** The current call, read outside React (a live event's handler). */
export function currentVoiceSession(): VoiceSession | null {
  return session;
}

/** The join call is under way for this channel (the previous call, if any, is left first). */
export function voiceRequested(teamId: string, channelId: string): void {
  connection?.leave();
  connection = null;
  update({ teamId, channelId, state: 'request', reason: null, muted: voiceMutePreference.get(), deafened: false, others: [], speaking: [], pingMs: null });
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
      },
      participants: (others) => {
        if (connection === current) patch({ others });
      },
      speaking: (speaking) => {
        if (connection === current) patch({ speaking });
      },
      ping: (pingMs) => {
        if (connection === current) patch({ pingMs });
      },
    },
    { muted: voiceMutePreference.get() },
  );
  connection = current;
  update({ teamId, channelId: join.channelId, state: 'joining', reason: null, muted: current.muted, deafened: false, others: [], speaking: [], pingMs: null });
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
