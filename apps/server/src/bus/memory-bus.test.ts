import { describe, expect, it } from 'vitest';
import { busContract } from './bus-contract';
import { MemoryBus } from './memory-bus';
import { compareBusIds } from './types';

describe('MemoryBus', () => {
  busContract(async () => {
    const bus = new MemoryBus();
    return [bus, bus];
  });

  it('says so when envelopes after a position were dropped', async () => {
    const bus = new MemoryBus({ maxEntries: 2 });
    const event = { type: 'EMAIL_CHANGED', data: { email: 'u@example.com', verified: true } } as const;
    for (let i = 0; i < 4; i++) await bus.publish({ audience: { kind: 'users', userIds: ['u'] }, event });
    expect(await bus.readAfter('0-1', 10)).toBeNull();
    expect((await bus.readAfter('0-2', 10))?.map((e) => e.id)).toEqual(['0-3', '0-4']);
  });

  it('orders ids by number, not as text', () => {
    expect(compareBusIds('0-9', '0-10')).toBeLessThan(0);
    expect(compareBusIds('1700000000000-5', '999-7')).toBeGreaterThan(0);
  });
});
