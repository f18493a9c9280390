import { beforeEach, expect, it } from 'vitest';
import type { VoiceStates } from './states';

const HOUR = 3_600_000;

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));

/**
 * What every VoiceStates does (the in-process one and the Redis one): one place per user, per-node
 * reports, the team's lists in joining order, a node's participants swept, rooms pinned to one node.
 * `open` gives fresh, empty states for each test.
 */
export function voiceStatesContract(open: () => Promise<VoiceStates>): void {
  let states: VoiceStates;
  const lounge = { teamId: 't1', channelId: 'lounge' };
  const stage = { teamId: 't1', channelId: 'stage' };
  const other = { teamId: 't2', channelId: 'elsewhere' };

  beforeEach(async () => {
    states = await open();
  });

  it('keeps one place per user: joining another channel takes them out of the first', async () => {
    const first = await states.join(lounge, 'u1', 'n1', at(1));
    expect(first).toEqual({
      participant: { userId: 'u1', muted: false, deafened: false, sources: [], joinedAt: at(1).toISOString() },
      previous: null,
      previousNode: null,
    });
    await states.join(lounge, 'u2', 'n1', at(2));
    const moved = await states.join(stage, 'u1', 'n1', at(3));
    expect(moved.previous).toEqual(lounge);
    expect(moved.previousNode).toBeNull();
    expect(await states.placeOf('u1')).toEqual(stage);
    expect(await states.count('lounge')).toBe(1);
    expect(await states.count('stage')).toBe(1);
    expect(await states.placeOf('nobody')).toBeNull();
  });

  it('lists a team’s channels in joining order, with each participant’s state, and no other team’s', async () => {
    await states.join(lounge, 'u2', 'n1', at(1));
    await states.join(lounge, 'u1', 'n1', at(2));
    await states.join(other, 'u3', 'n1', at(3));
    const changed = await states.change(lounge, 'u1', 'n1', { muted: true, deafened: false, sources: ['microphone'] });
    expect(changed).toEqual({ userId: 'u1', muted: true, deafened: false, sources: ['microphone'], joinedAt: at(2).toISOString() });
    // Rejoining the same channel keeps the state and the joining time.
    expect((await states.join(lounge, 'u1', 'n1', at(9))).participant).toEqual(changed);
    expect(await states.ofTeam('t1')).toEqual({
      lounge: [
        { userId: 'u2', muted: false, deafened: false, sources: [], joinedAt: at(1).toISOString() },
        { userId: 'u1', muted: true, deafened: false, sources: ['microphone'], joinedAt: at(2).toISOString() },
      ],
    });
    expect(Object.keys(await states.ofTeam('t2'))).toEqual(['elsewhere']);
    expect(await states.ofTeam('t3')).toEqual({});
  });

  it('ignores a leave or change from a channel or node the user is no longer on', async () => {
    await states.join(lounge, 'u1', 'n1', at(1));
    const rejoined = await states.join(lounge, 'u1', 'n2', at(2));
    expect(rejoined.previous).toBeNull();
    expect(rejoined.previousNode).toBe('n1');
    expect(await states.leave(lounge, 'u1', 'n1')).toBe(false);
    expect(await states.change(lounge, 'u1', 'n1', { muted: true, deafened: true, sources: [] })).toBeNull();
    expect(await states.leave(stage, 'u1', 'n2')).toBe(false);
    expect(await states.count('lounge')).toBe(1);
    expect(await states.leave(lounge, 'u1', 'n2')).toBe(true);
    expect(await states.leave(lounge, 'u1', 'n2')).toBe(false);
    expect(await states.placeOf('u1')).toBeNull();
    expect(await states.ofTeam('t1')).toEqual({});
  });

  it('lists and sweeps the participants of one node, leaving the others', async () => {
    await states.join(lounge, 'u1', 'n1', at(1));
    await states.join(stage, 'u2', 'n1', at(2));
    await states.join(other, 'u3', 'n2', at(3));
    await states.join(lounge, 'u4', 'n2', at(4));
    // u4 moved from n2 to n1: n2 no longer holds them.
    await states.join(stage, 'u4', 'n1', at(5));
    const byUser = (list: { userId: string }[]) => [...list].sort((a, b) => a.userId.localeCompare(b.userId));
    expect(byUser(await states.onNode('n2'))).toEqual([{ place: other, userId: 'u3' }]);
    expect(byUser(await states.clearNode('n1'))).toEqual([
      { place: lounge, userId: 'u1' },
      { place: stage, userId: 'u2' },
      { place: stage, userId: 'u4' },
    ]);
    expect(await states.clearNode('n1')).toEqual([]);
    expect(await states.ofTeam('t1')).toEqual({});
    expect(await states.placeOf('u3')).toEqual(other);
  });

  it('pins a room to the node of its first join until it is empty, and lets a gone node’s pin be replaced', async () => {
    expect(await states.roomNode('lounge')).toBeNull();
    expect(await states.pinRoom('lounge', 'n1', null, HOUR)).toBe('n1');
    expect(await states.pinRoom('lounge', 'n2', null, HOUR)).toBe('n1');
    await states.join(lounge, 'u1', 'n1', at(1));
    await states.join(lounge, 'u2', 'n1', at(2));
    await states.leave(lounge, 'u1', 'n1');
    expect(await states.roomNode('lounge')).toBe('n1');
    await states.leave(lounge, 'u2', 'n1');
    expect(await states.roomNode('lounge')).toBeNull();
    // A join reported without a pin (the pin went meanwhile) pins the room to the reporting node.
    await states.join(stage, 'u3', 'n2', at(3));
    expect(await states.roomNode('stage')).toBe('n2');
    expect(await states.pinRoom('stage', 'n3', 'n1', HOUR)).toBe('n2');
    expect(await states.pinRoom('stage', 'n3', 'n2', HOUR)).toBe('n3');
  });

  it('lets the pin of a room nobody came to expire, but not once someone is in it', async () => {
    expect(await states.pinRoom('lounge', 'n1', null, 50)).toBe('n1');
    expect(await states.pinRoom('stage', 'n1', null, 50)).toBe('n1');
    await states.join(stage, 'u1', 'n1', at(1));
    await until(async () => (await states.roomNode('lounge')) === null, 'the unused pin expired');
    expect(await states.roomNode('stage')).toBe('n1');
    expect(await states.pinRoom('lounge', 'n2', null, HOUR)).toBe('n2');
  });
}
