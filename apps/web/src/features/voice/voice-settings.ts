import { useEffect, useState } from 'react';
import { voiceDevicePreferences, type VoiceDevicePrefs } from './voice-devices';
import { currentVoiceConnection } from './voice-session';

/**
 * Change the voice device settings: kept on this device, and applied to the running call at once.
 * Rejects when the chosen input cannot be opened during a call: the call keeps its microphone, and
 * the setting goes back to it.
 */
export async function changeVoiceDevices(update: Partial<VoiceDevicePrefs>): Promise<void> {
  const before = voiceDevicePreferences.get();
  voiceDevicePreferences.set((current) => ({ ...current, ...update }));
  try {
    await currentVoiceConnection()?.applyDevices(voiceDevicePreferences.get());
  } catch (err) {
    if (update.input !== undefined) voiceDevicePreferences.set((current) => ({ ...current, input: before.input }));
    throw err;
  }
}

export interface MediaDeviceLists {
  inputs: MediaDeviceInfo[];
  outputs: MediaDeviceInfo[];
  /** The browser has answered (until then the lists are empty). */
  listed: boolean;
}

/** The microphones and speakers of this machine, listed again when one is plugged in or out. */
export function useMediaDevices(): MediaDeviceLists {
  const [devices, setDevices] = useState<MediaDeviceLists>({ inputs: [], outputs: [], listed: false });
  useEffect(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media) return;
    let live = true;
    const read = () => {
      media.enumerateDevices().then(
        (all) => {
          // The 'default' and 'communications' aliases are what null already means.
          const real = all.filter((d) => d.deviceId && d.deviceId !== 'default' && d.deviceId !== 'communications');
          if (live) setDevices({ inputs: real.filter((d) => d.kind === 'audioinput'), outputs: real.filter((d) => d.kind === 'audiooutput'), listed: true });
        },
        () => undefined,
      );
    };
    read();
    media.addEventListener('devicechange', read);
    return () => {
      live = false;
      media.removeEventListener('devicechange', read);
    };
  }, []);
  return devices;
}
