import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { booleanAt, createLocalStore } from './local-store';

/** localStorage as the browser has it, over a Map (the tests run in Node). */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('createLocalStore', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', fakeStorage());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const make = () => createLocalStore('test.flag', { on: false }, (raw) => ({ on: booleanAt(raw, 'on', false) }));

  it('reads the defaults, then what was set, as JSON under its key', () => {
    const store = make();
    expect(store.get()).toEqual({ on: false });
    store.set({ on: true });
    expect(store.get()).toEqual({ on: true });
    expect(localStorage.getItem('test.flag')).toBe('{"on":true}');
    store.set((current) => ({ on: !current.on }));
    expect(make().get()).toEqual({ on: false });
  });

  it('ignores stored JSON that does not parse (000 §8): the defaults stand in', () => {
    localStorage.setItem('test.flag', '{"on": tru');
    expect(make().get()).toEqual({ on: false });
    expect(console.warn).toHaveBeenCalled();
  });
});
