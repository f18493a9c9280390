import { afterAll, assert, beforeAll, expect, it } from 'vitest';
import type { BusEnvelope, BusId, BusMessage, EventBus } from './types';
import { compareBusIds, isGap } from './types';

const presence = (userId: string, presence: 0 | 1 | 2 | 3): BusEnvelope => ({
  audience: { kind: 'circles', circles: [{ teamIds: [], userIds: [userId] }] },
  event: { type: 'PRESENCE_UPDATE', data: { presences: [{ userId, presence }] } },
});

/** The user of a presence envelope (what these tests publish), or the gap's audience kind. */
const userOf = (message: BusMessage): string =>
  isGap(message) ? message.gap.audience.kind : (message.event.data as unknown as { presences: [{ userId: string }] }).presences[0].userId;

/** Wait until `condition` holds (polled every 5 ms), or fail after 5 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * What every EventBus does, for two instances that stand for two processes (the same instance
 * twice for the in-process bus): delivery to both in one order, increasing ids, readAfter.
 */
export function busContract(open: () => Promise<[EventBus, EventBus]>): void {
  let one: EventBus;
  let two: EventBus;
  beforeAll(async () => {
    [one, two] = await open();
  });
  afterAll(async () => {
    await one?.close();
    if (two !== one) await two?.close();
  });

  it('delivers what either instance publishes to the subscribers of both, in one order, with increasing ids', async () => {
    const seenOne: [string, BusId][] = [];
    const seenTwo: [string, BusId][] = [];
    const offOne = one.subscribe((m, id) => seenOne.push([userOf(m), id]));
    const offTwo = two.subscribe((m, id) => seenTwo.push([userOf(m), id]));
    await one.publish(presence('a', 1));
    await two.publish(presence('b', 2));
    await one.publish(presence('c', 3));
    await until(() => seenOne.length === 3 && seenTwo.length === 3, 'three deliveries on each');
    offOne();
    offTwo();
    expect(seenOne.map(([u]) => u)).toEqual(['a', 'b', 'c']);
    expect(seenTwo).toEqual(seenOne);
    // Ids rise strictly in delivery order, and the last one is the bus's position.
    const ids = seenOne.map(([, id]) => id);
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort(compareBusIds)).toEqual(ids);
    expect(one.lastId()).toBe(ids.at(-1));
  });

  it('reads back what came after a position, from either instance', async () => {
    const ids: BusId[] = [];
    const off = one.subscribe((_e, id) => ids.push(id));
    await one.publish(presence('d', 0));
    await two.publish(presence('e', 1));
    await until(() => ids.length === 2, 'two deliveries');
    off();
    const [firstId, secondId] = ids;
    assert(firstId && secondId);
    const after = await two.readAfter(firstId, 10);
    expect(after?.map((e) => [e.id, userOf(e.message)])).toEqual([[secondId, 'e']]);
    expect(await one.readAfter(secondId, 10)).toEqual([]);
    const page = await one.readAfter('0-0', 1);
    expect(page === null || page.length === 1).toBe(true);
  });

  it('carries a gap like an event: to both instances, in order, and kept for readAfter', async () => {
    const seen: [string, BusId][] = [];
    const off = two.subscribe((m, id) => seen.push([userOf(m), id]));
    await one.publish(presence('f', 1));
    await one.publish({ gap: { audience: { kind: 'team', teamId: 't' }, type: 'MESSAGE_SEND' } });
    await until(() => seen.length === 2, 'two deliveries');
    off();
    expect(seen.map(([what]) => what)).toEqual(['f', 'team']);
    const [firstSeen] = seen;
    assert(firstSeen);
    const after = await two.readAfter(firstSeen[1], 10);
    expect(after?.map((e) => e.message)).toEqual([{ gap: { audience: { kind: 'team', teamId: 't' }, type: 'MESSAGE_SEND' } }]);
  });
}
