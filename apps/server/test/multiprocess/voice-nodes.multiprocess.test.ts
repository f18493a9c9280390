import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../../src/gateway/testing';
import { RedisNodeDirectory, type NodeKick, type VoiceNode } from '../../src/modules/voice/nodes';
import { dropRedisKeys } from '../helpers/multiprocess';

const { REDIS_URL } = process.env;
if (!REDIS_URL) throw new Error('The node directory test needs Redis: set REDIS_URL, e.g. REDIS_URL=redis://127.0.0.1:6379');

/** Two RedisNodeDirectory instances on one prefix stand for two API processes. */
describe('RedisNodeDirectory', () => {
  const prefix = `rally-test:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(REDIS_URL);
  const seen = { kicks: [] as [string, NodeKick][], gone: [] as [string, string][], lapsed: [] as [string, string][] };
  const open = (name: string) =>
    new RedisNodeDirectory(
      redis,
      prefix,
      300,
      {
        kick: (order) => seen.kicks.push([name, order]),
        gone: async (nodeId) => void seen.gone.push([name, nodeId]),
        lapsed: (nodeId) => seen.lapsed.push([name, nodeId]),
      },
      (err) => {
        throw err;
      },
    );
  const one = open('one');
  const two = open('two');
  const node: VoiceNode = { id: 'n1', region: 'us-east-1', endpoint: '/api/v1/voice/sfu?node=n1', internal: { host: '127.0.0.1', port: 4000 } };

  afterAll(async () => {
    await one.close();
    await two.close();
    redis.disconnect();
    await dropRedisKeys(REDIS_URL, prefix);
  });

  it('lists a held node for every process, and carries a kick to its holder only', async () => {
    await one.hold(node);
    expect(await two.get('n1')).toEqual(node);
    expect(await two.get('n2')).toBeNull();
    const order = { nodeId: 'n1', roomId: 'room', userId: 'u1', reason: 'voice_disconnected' };
    await two.kick(order);
    await until(() => seen.kicks.length > 0, 'the kick reached the holder');
    expect(seen.kicks).toEqual([['one', order]]);
  });

  it('tells the holder when its entry had expired (it stalled), and registers it again', async () => {
    // The other process may sweep it meanwhile: that is why the holder is told (it has its node report again).
    await redis.del(`${prefix}voice:node:n1`);
    await until(() => seen.lapsed.length > 0, 'the lapse was noticed');
    expect(seen.lapsed[0]).toEqual(['one', 'n1']);
    expect(await two.get('n1')).toEqual(node);
  });

  it('has one process sweep a node once its holder stopped renewing it', async () => {
    await one.hold({ ...node, id: 'n2' });
    await until(async () => (await two.get('n2')) !== null, 'n2 listed');
    one.release('n2');
    await until(async () => !(await redis.sismember(`${prefix}voice:nodes`, 'n2')), 'the node was swept');
    expect(seen.gone.filter(([, id]) => id === 'n2')).toHaveLength(1);
    expect(await two.get('n2')).toBeNull();
    // Both processes beat on after the sweep: neither sweeps it again.
    const beats = seen.lapsed.length;
    await one.hold({ ...node, id: 'n3' });
    await redis.del(`${prefix}voice:node:n3`);
    await until(() => seen.lapsed.length > beats, 'a later beat of the holder');
    expect(seen.gone.filter(([, id]) => id === 'n2')).toHaveLength(1);
  });
});
