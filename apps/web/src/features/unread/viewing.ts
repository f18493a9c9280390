import { useEffect, useSyncExternalStore } from 'react';

/**
 * Which channel the user is looking at, for the unread counters and notifications: the open chat
 * registers itself with whether it shows the newest messages (scrolled to the bottom). A channel
 * counts as seen only while the window is focused and visible too.
 */
interface Viewing {
  channelId: string;
  atBottom: boolean;
}

let viewing: Viewing | null = null;
/**
 * Channels this window marked unread (Mark Unread) while they stay open: not seen, so that they
 * keep their counts and are not read again at once. Released when their view closes, or when the
 * user sends a message there (which reads it).
 */
const heldUnread = new Set<string>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('focus', notify);
    window.addEventListener('blur', notify);
    document.addEventListener('visibilitychange', notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('focus', notify);
      window.removeEventListener('blur', notify);
      document.removeEventListener('visibilitychange', notify);
    }
  };
}

/** The window has the user's attention (focused and not hidden). */
export function windowFocused(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'visible' && document.hasFocus();
}

/** The channel open on screen (whatever the focus), or null. */
export function openChannelId(): string | null {
  return viewing?.channelId ?? null;
}

/** The user sees the newest messages of the channel now: it is open, scrolled to the bottom, in a focused window, and not marked unread since it opened. */
export function isSeen(channelId: string): boolean {
  return viewing?.channelId === channelId && viewing.atBottom && windowFocused() && !heldUnread.has(channelId);
}

/** Mark Unread from this window: the channel is not read while its view stays open. */
export function holdUnread(channelId: string): void {
  heldUnread.add(channelId);
  notify();
}

/** The channel may be read again (its view closed, the user sent a message there, or Mark Unread failed). */
export function releaseUnread(channelId: string): void {
  if (heldUnread.delete(channelId)) notify();
}

/** Register the open chat (and whether it is at the bottom) while it is mounted; closing it releases a Mark Unread. */
export function useViewingChannel(channelId: string, atBottom: boolean): void {
  useEffect(() => () => releaseUnread(channelId), [channelId]);
  useEffect(() => {
    viewing = { channelId, atBottom };
    notify();
    return () => {
      if (viewing?.channelId === channelId) viewing = null;
      notify();
    };
  }, [channelId, atBottom]);
}

/** Whether the channel is seen (re-rendering on focus, blur, visibility and scroll changes). */
export function useIsSeen(channelId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isSeen(channelId),
    () => false,
  );
}
