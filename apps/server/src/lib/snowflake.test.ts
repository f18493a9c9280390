import { describe, expect, it } from 'vitest';
import { compareSnowflakes, snowflakeFromTimestamp, snowflakeTimestamp } from '@rally/shared/ids';
import { Snowflake } from './snowflake';

describe('snowflake ids', () => {
  it('are strictly increasing within a process, even past 4096 ids in one millisecond', () => {
    const gen = new Snowflake(7);
    const ids = Array.from({ length: 20_000 }, () => gen.next());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort(compareSnowflakes)).toEqual(ids);
  });

  it('carry their creation time', () => {
    const before = Date.now();
    const id = new Snowflake(1).next();
    const t = snowflakeTimestamp(id);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now() + 4096);
    expect(compareSnowflakes(snowflakeFromTimestamp(before), id)).toBeLessThanOrEqual(0);
  });

  it('differ between workers made in the same millisecond', () => {
    expect(new Snowflake(1).next()).not.toBe(new Snowflake(2).next());
  });
});
