// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { getLastViewedChannel, pickDefaultChannel, removeLastViewedChannel, setLastViewedChannel } from './last-viewed-channel';

const channels = [
  { id: 'v', type: 'voice', priority: 0 },
  { id: 'b', type: 'text', priority: 2 },
  { id: 'a', type: 'text', priority: 1 },
];

describe('pickDefaultChannel', () => {
  it('restores the stored channel when it still exists', () => {
    expect(pickDefaultChannel(channels, 'b')).toEqual({ target: 'b', dropStored: false });
  });
  it('drops a stale entry and opens the first text channel', () => {
    expect(pickDefaultChannel(channels, 'gone')).toEqual({ target: 'a', dropStored: true });
    expect(pickDefaultChannel(channels, 'v')).toEqual({ target: 'a', dropStored: true });
  });
  it('without an entry opens the first text channel, or nothing', () => {
    expect(pickDefaultChannel(channels, undefined)).toEqual({ target: 'a', dropStored: false });
    expect(pickDefaultChannel([{ id: 'v', type: 'voice', priority: 0 }], undefined)).toEqual({ target: undefined, dropStored: false });
  });
});

describe('lastViewedChannelByTeamId storage', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
  });
  it('stores per team and removes', () => {
    setLastViewedChannel('t1', 'c1');
    setLastViewedChannel('t2', 'c2');
    expect(getLastViewedChannel('t1')).toBe('c1');
    removeLastViewedChannel('t1');
    expect(getLastViewedChannel('t1')).toBeUndefined();
    expect(getLastViewedChannel('t2')).toBe('c2');
    expect(JSON.parse(localStorage.getItem('lastViewedChannelByTeamId')!)).toEqual({ t2: 'c2' });
  });
  it('ignores bad stored JSON', () => {
    localStorage.setItem('lastViewedChannelByTeamId', '{nope');
    const warn = console.warn;
    console.warn = () => {};
    expect(getLastViewedChannel('t1')).toBeUndefined();
    console.warn = warn;
  });
});
