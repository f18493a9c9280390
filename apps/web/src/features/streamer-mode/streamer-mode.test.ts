import { describe, expect, it } from 'vitest';
import { parseStreamerMode, shortcutOf, STREAMER_MODE_DEFAULTS } from './streamer-mode';

const press = (key: string, code: string, mods: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {}) => ({
  key,
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('parseStreamerMode', () => {
  it('takes the stored fields and the defaults for anything missing or of the wrong type', () => {
    expect(parseStreamerMode({ enabled: true, shortcut: 'Ctrl+Shift+S', hideInviteLinks: false })).toEqual({
      ...STREAMER_MODE_DEFAULTS,
      enabled: true,
      shortcut: 'Ctrl+Shift+S',
      hideInviteLinks: false,
    });
    expect(parseStreamerMode({ enabled: 'yes', hidePersonalInfo: 0, shortcut: 5 })).toEqual(STREAMER_MODE_DEFAULTS);
    expect(parseStreamerMode(null)).toEqual(STREAMER_MODE_DEFAULTS);
    expect(parseStreamerMode([1, 2])).toEqual(STREAMER_MODE_DEFAULTS);
  });

  it('defaults to off with every detail hidden', () => {
    expect(STREAMER_MODE_DEFAULTS).toEqual({ enabled: false, shortcut: null, hidePersonalInfo: true, hideInviteLinks: true, hideLastMessagesOnDMs: true });
  });
});

describe('shortcutOf', () => {
  it('writes the modifiers in order and the key by its place', () => {
    expect(shortcutOf(press('S', 'KeyS', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl+Shift+S');
    // A Turkish-Q or AZERTY layout gives another character: the place names the key.
    expect(shortcutOf(press('ş', 'KeyS', { altKey: true }))).toBe('Alt+S');
    expect(shortcutOf(press('!', 'Digit1', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl+Shift+1');
    expect(shortcutOf(press('F8', 'F8', { metaKey: true, ctrlKey: true }))).toBe('Ctrl+Meta+F8');
  });

  it('is null for a lone modifier and for a key without Ctrl, Alt or Meta', () => {
    expect(shortcutOf(press('Control', 'ControlLeft', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('s', 'KeyS'))).toBeNull();
    expect(shortcutOf(press('S', 'KeyS', { shiftKey: true }))).toBeNull();
  });
});
