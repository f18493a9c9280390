import { useEffect } from 'react';
import { setStreamerMode, shortcutOf, streamerModeStore } from './streamer-mode';

/** Attribute of an element whose key presses are not shortcuts (the shortcut recorder). */
export const SHORTCUT_RECORDER_ATTR = 'data-shortcut-recorder';

/** While mounted (the signed-in app): the chosen shortcut toggles streamer mode, wherever the focus is. */
export function useStreamerShortcut(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.repeat || (e.target instanceof Element && e.target.closest(`[${SHORTCUT_RECORDER_ATTR}]`))) return;
      const { shortcut, enabled } = streamerModeStore.get();
      if (!shortcut || shortcutOf(e) !== shortcut) return;
      e.preventDefault();
      setStreamerMode({ enabled: !enabled });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
