import { describe, expect, it } from 'vitest';
import { GapQueue } from './gaps';
import type { BusEnvelope, BusGap } from './types';

const message = (channelId: string): BusEnvelope => ({
  audience: { kind: 'channel', channelId },
  event: { type: 'CHANNEL_DELETED', data: { id: channelId, teamId: '1' } },
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A queue over a bus that refuses every publish while `down` (or for its first `failures` publishes). */
function queueOver(options: { down?: boolean; failures?: number } = {}) {
  const bus = { down: options.down ?? false, failuresLeft: options.failures ?? 0, published: [] as BusGap[] };
  const queue = new GapQueue(async (gap) => {
    if (bus.down || bus.failuresLeft-- > 0) throw new Error('unreachable');
    bus.published.push(gap);
  });
  return { bus, queue };
}

describe('GapQueue', () => {
  it('publishes one gap per audience, retrying until the bus takes it', async () => {
    const { bus, queue } = queueOver({ failures: 2 });
    queue.add(message('5'));
    queue.add(message('5'));
    queue.add(message('6'));
    await until(() => queue.size === 0);
    expect(bus.published).toEqual([
      { gap: { audience: { kind: 'channel', channelId: '5' }, type: 'CHANNEL_DELETED' } },
      { gap: { audience: { kind: 'channel', channelId: '6' }, type: 'CHANNEL_DELETED' } },
    ]);
    queue.stop();
  });

  it('replaces too many audiences by one gap for every session, and forgets everything when stopped', async () => {
    const { bus, queue } = queueOver({ down: true });
    for (let i = 0; i < 1001; i++) queue.add(message(String(i)));
    queue.add(message('x'));
    expect(queue.size).toBe(1);
    bus.down = false;
    await until(() => queue.size === 0);
    expect(bus.published).toEqual([{ gap: { audience: { kind: 'all' }, type: 'CHANNEL_DELETED' } }]);

    bus.down = true;
    queue.add(message('y'));
    queue.stop();
    expect(queue.size).toBe(0);
  });

  it('tries what still waits once more when the bus closes', async () => {
    const { bus, queue } = queueOver({ down: true });
    queue.add(message('7'));
    bus.down = false;
    await queue.close();
    expect(bus.published).toEqual([{ gap: { audience: { kind: 'channel', channelId: '7' }, type: 'CHANNEL_DELETED' } }]);
    queue.add(message('8'));
    expect(queue.size).toBe(0);
  });
});
