import { useSyncExternalStore } from 'react';

/**
 * A small JSON value kept in this browser's localStorage (a device setting, never sent to the
 * server), readable from React with useValue and changed with set; other tabs follow through the
 * `storage` event. Stored JSON that does not parse, or that `parse` rejects, is ignored (000 §8):
 * the defaults stand in.
 */
export interface LocalStore<T> {
  get: () => T;
  set: (update: T | ((current: T) => T)) => void;
  /** The value, re-rendering the component when it changes (here or in another tab). */
  useValue: () => T;
}

export function createLocalStore<T>(key: string, defaults: T, parse: (raw: unknown) => T): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | null = null;

  const read = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const get = (): T => {
    const raw = read();
    if (cached && cached.raw === raw) return cached.value;
    let value = defaults;
    if (raw !== null) {
      try {
        value = parse(JSON.parse(raw));
      } catch (err) {
        console.warn(`Ignoring the unreadable ${key}`, err);
      }
    }
    cached = { raw, value };
    return value;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const set = (update: T | ((current: T) => T)) => {
    const next = typeof update === 'function' ? (update as (current: T) => T)(get()) : update;
    const raw = JSON.stringify(next);
    try {
      localStorage.setItem(key, raw);
      cached = { raw, value: next };
    } catch {
      // Storage refused (private mode, full): the value lasts until the page reloads.
      cached = { raw: read(), value: next };
    }
    notify();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return { get, set, useValue: () => useSyncExternalStore(subscribe, get, () => defaults) };
}

/** The boolean at `key` of a parsed object, or `fallback` when it is not a boolean. */
export function booleanAt(raw: unknown, key: string, fallback: boolean): boolean {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined;
  return typeof value === 'boolean' ? value : fallback;
}

/** The string at `key` of a parsed object, or null when it is not a string. */
export function stringAt(raw: unknown, key: string): string | null {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : null;
}
