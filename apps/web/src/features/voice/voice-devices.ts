import { createLocalStore, stringAt } from '../../lib/local-store';

/** The input volume's range in percent (100: as the microphone gives it). */
export const INPUT_VOLUME = { min: 0, max: 200, default: 100 } as const;

/** The voice devices and the input volume (001 §3 locally stored: never sent to the server). */
export interface VoiceDevicePrefs {
  /** The microphone's deviceId; null: the system's default. */
  input: string | null;
  /** The speakers' deviceId (where setSinkId exists); null: the system's default. */
  output: string | null;
  /** Percent, INPUT_VOLUME.min to max. */
  inputVolume: number;
}

export function clampVolume(value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return INPUT_VOLUME.default;
  return Math.min(INPUT_VOLUME.max, Math.max(INPUT_VOLUME.min, Math.round(value)));
}

export function parseDevicePrefs(raw: unknown): VoiceDevicePrefs {
  const volume = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).inputVolume : undefined;
  return { input: stringAt(raw, 'input'), output: stringAt(raw, 'output'), inputVolume: clampVolume(volume) };
}

export const voiceDevicePreferences = createLocalStore<VoiceDevicePrefs>(
  'rally.voiceDevices',
  { input: null, output: null, inputVolume: INPUT_VOLUME.default },
  parseDevicePrefs,
);

/** Whether this browser can choose where audio plays (HTMLMediaElement.setSinkId; not Firefox before 116, not Safari). */
export function outputSelectable(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

/** Play an element on the chosen output (null: the default), where the browser can. */
export function playOn(element: HTMLMediaElement, deviceId: string | null): void {
  if (!outputSelectable() || element.sinkId === (deviceId ?? '')) return;
  // A device that went away: the element keeps playing where it did.
  element.setSinkId(deviceId ?? '').catch(() => undefined);
}

/** How long a volume change takes to land (seconds). */
const VOLUME_RAMP_S = 0.05;

const PROCESSING = { echoCancellation: true, noiseSuppression: true } as const;

/**
 * One audio track of the chosen input. `fallback`: when that device cannot be opened (gone, busy),
 * the default one (a call starts with a microphone even if the saved one is unplugged); without it,
 * the failure is the caller's (a choice made during the call is refused and the old device kept).
 */
async function capture(deviceId: string | null, fallback: boolean): Promise<MediaStreamTrack> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: deviceId ? { ...PROCESSING, deviceId: { exact: deviceId } } : PROCESSING });
  } catch (err) {
    if (!deviceId || !fallback) throw err;
    stream = await navigator.mediaDevices.getUserMedia({ audio: PROCESSING });
  }
  const [track] = stream.getAudioTracks();
  if (!track) throw new DOMException('No audio track', 'NotFoundError');
  return track;
}

/**
 * The microphone of a call: the device's track through a Web Audio GainNode (the input volume),
 * whose output is what the call sends. Changing the device swaps the source inside the graph, so the
 * sent track stays the same; without Web Audio the device's own track is sent (no volume) and a
 * device change gives a new `track`, which the caller puts on its sender with replaceTrack.
 */
export interface Microphone {
  readonly track: MediaStreamTrack;
  setVolume(percent: number): void;
  setDevice(deviceId: string | null): Promise<void>;
  stop(): void;
}

export async function openMicrophone(prefs: VoiceDevicePrefs): Promise<Microphone> {
  let device = await capture(prefs.input, true);
  let deviceId = prefs.input;
  let context: AudioContext;
  try {
    context = new AudioContext();
  } catch {
    return bareMicrophone(device, deviceId);
  }
  const gain = context.createGain();
  gain.gain.value = clampVolume(prefs.inputVolume) / 100;
  const output = context.createMediaStreamDestination();
  gain.connect(output);
  let source = context.createMediaStreamSource(new MediaStream([device]));
  source.connect(gain);
  keepRunning(context);
  const [track] = output.stream.getAudioTracks();
  if (!track) {
    void context.close();
    return bareMicrophone(device, deviceId);
  }
  let changing: Promise<void> = Promise.resolve();
  let stopped = false;
  return {
    track,
    setVolume: (percent) => {
      // A short linear ramp (no click), which ends exactly on the value: 0 % is true silence.
      const now = context.currentTime;
      gain.gain.cancelScheduledValues(now);
      gain.gain.setValueAtTime(gain.gain.value, now);
      gain.gain.linearRampToValueAtTime(clampVolume(percent) / 100, now + VOLUME_RAMP_S);
    },
    setDevice: (next) => {
      changing = changing.then(async () => {
        if (stopped || next === deviceId) return;
        const replacement = await capture(next, false);
        if (stopped) {
          replacement.stop();
          return;
        }
        const previous = device;
        source.disconnect();
        source = context.createMediaStreamSource(new MediaStream([replacement]));
        source.connect(gain);
        device = replacement;
        deviceId = next;
        previous.stop();
      });
      return changing;
    },
    stop: () => {
      stopped = true;
      device.stop();
      track.stop();
      void context.close().catch(() => undefined);
    },
  };
}

/**
 * A suspended context sends silence. One made after the join click starts running (the page has had
 * a user gesture); should the browser still hold it (or suspend it later), the next click or key
 * press starts it again.
 */
function keepRunning(context: AudioContext): void {
  const resume = () => {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  };
  const onGesture = () => {
    resume();
    if (context.state !== 'suspended') stopWatching();
  };
  const stopWatching = () => {
    window.removeEventListener('pointerdown', onGesture, true);
    window.removeEventListener('keydown', onGesture, true);
  };
  context.addEventListener('statechange', () => {
    if (context.state === 'closed') stopWatching();
  });
  window.addEventListener('pointerdown', onGesture, true);
  window.addEventListener('keydown', onGesture, true);
  resume();
}

/** No Web Audio: the device's track as it is. */
function bareMicrophone(first: MediaStreamTrack, firstId: string | null): Microphone {
  let deviceId = firstId;
  const microphone = {
    track: first,
    setVolume: () => undefined,
    setDevice: async (next: string | null) => {
      if (next === deviceId) return;
      const replacement = await capture(next, false);
      replacement.enabled = microphone.track.enabled;
      microphone.track.stop();
      microphone.track = replacement;
      deviceId = next;
    },
    stop: () => microphone.track.stop(),
  };
  return microphone;
}
