import { booleanAt, createLocalStore, stringAt } from '../../lib/local-store';

/**
 * Streamer mode (000 §3, stored locally on this device): while `enabled`, a banner says so and the
 * details chosen are hidden — `hidePersonalInfo` the e-mail, `hideInviteLinks` invite codes and
 * links (copying still copies the real link), `hideLastMessagesOnDMs` the last-message previews of
 * the direct chats. `shortcut` toggles it anywhere in the app (no default: a combination of the
 * user's choice, so that no browser shortcut is taken over).
 */
export interface StreamerMode {
  enabled: boolean;
  /** A key combination as shortcutOf writes it ("Ctrl+Shift+S"), or null for none. */
  shortcut: string | null;
  hidePersonalInfo: boolean;
  hideInviteLinks: boolean;
  hideLastMessagesOnDMs: boolean;
}

/** The spec's defaults: off; when turned on, every detail hidden. */
export const STREAMER_MODE_DEFAULTS: StreamerMode = {
  enabled: false,
  shortcut: null,
  hidePersonalInfo: true,
  hideInviteLinks: true,
  hideLastMessagesOnDMs: true,
};

export const STREAMER_MODE_KEY = 'rally.streamerMode';

export function parseStreamerMode(raw: unknown): StreamerMode {
  const d = STREAMER_MODE_DEFAULTS;
  return {
    enabled: booleanAt(raw, 'enabled', d.enabled),
    shortcut: stringAt(raw, 'shortcut'),
    hidePersonalInfo: booleanAt(raw, 'hidePersonalInfo', d.hidePersonalInfo),
    hideInviteLinks: booleanAt(raw, 'hideInviteLinks', d.hideInviteLinks),
    hideLastMessagesOnDMs: booleanAt(raw, 'hideLastMessagesOnDMs', d.hideLastMessagesOnDMs),
  };
}

export const streamerModeStore = createLocalStore(STREAMER_MODE_KEY, STREAMER_MODE_DEFAULTS, parseStreamerMode);

/** The settings as they are now (re-rendering on a change). */
export const useStreamerMode = streamerModeStore.useValue;

/** What is hidden right now: each detail only while streamer mode is on. */
export function useStreamerHides(): { personalInfo: boolean; inviteLinks: boolean; lastMessagesOnDMs: boolean } {
  const mode = useStreamerMode();
  return {
    personalInfo: mode.enabled && mode.hidePersonalInfo,
    inviteLinks: mode.enabled && mode.hideInviteLinks,
    lastMessagesOnDMs: mode.enabled && mode.hideLastMessagesOnDMs,
  };
}

export function setStreamerMode(change: Partial<StreamerMode>): void {
  streamerModeStore.set((mode) => ({ ...mode, ...change }));
}

/** What stands in for a hidden detail. */
export const HIDDEN_TEXT = '••••••••••';

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'OS']);

/**
 * The combination a key press makes, as "Ctrl+Alt+Shift+Meta+<key>" (modifiers in that order, the
 * key by its place on the keyboard for letters and digits, so the layout does not change it), or
 * null when it is only a modifier or has neither Ctrl, Alt nor Meta (a shortcut must not be typing).
 */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>): string | null {
  if (MODIFIER_KEYS.has(e.key) || !(e.ctrlKey || e.altKey || e.metaKey)) return null;
  const key = /^Key[A-Z]$/.test(e.code) ? e.code.slice(3) : /^Digit\d$/.test(e.code) ? e.code.slice(5) : e.key.length === 1 ? e.key.toUpperCase() : e.key;
  return [e.ctrlKey && 'Ctrl', e.altKey && 'Alt', e.shiftKey && 'Shift', e.metaKey && 'Meta', key].filter(Boolean).join('+');
}
