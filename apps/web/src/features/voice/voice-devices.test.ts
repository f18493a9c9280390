import { describe, expect, it } from 'vitest';
import { clampVolume, parseDevicePrefs } from './voice-devices';

describe('the stored voice device settings', () => {
  it('reads what was stored, keeping the volume within 0–200 %', () => {
    expect(parseDevicePrefs({ input: 'mic-2', output: 'spk-1', inputVolume: 150 })).toEqual({ input: 'mic-2', output: 'spk-1', inputVolume: 150 });
    expect(parseDevicePrefs({ inputVolume: 999 })).toEqual({ input: null, output: null, inputVolume: 200 });
    expect(parseDevicePrefs({ inputVolume: -5 }).inputVolume).toBe(0);
  });

  it('falls back to the defaults for what does not parse', () => {
    expect(parseDevicePrefs('nonsense')).toEqual({ input: null, output: null, inputVolume: 100 });
    expect(parseDevicePrefs({ input: 7, inputVolume: 'loud' })).toEqual({ input: null, output: null, inputVolume: 100 });
    expect(clampVolume(Number.NaN)).toBe(100);
    expect(clampVolume(33.4)).toBe(33);
  });
});
