import { describe, expect, it } from 'vitest';
import { BUS_START } from '../bus/types';
import { Session } from './session';

/** A session's replay buffer: consecutive frames after `floor`, bounded, acknowledged from the front, kept across a snapshot. */
describe("a session's unacknowledged frames", () => {
  const make = (limit: number) => new Session('s', 'u', 'hash', limit);
  const tail = (n: number) => `"type":"T","data":{"n":${n}}}`;

  it('keeps the newest frames up to its bound, numbered in order', () => {
    const session = make(3);
    for (let n = 1; n <= 5; n++) expect(session.push(tail(n))).toBe(n);
    expect(session.frames).toEqual([
      [3, tail(3)],
      [4, tail(4)],
      [5, tail(5)],
    ]);
    expect(session.floor).toBe(2);
  });

  it('forgets what the client acknowledged, and nothing twice', () => {
    const session = make(1000);
    for (let n = 1; n <= 10; n++) session.push(tail(n));
    session.ack(4);
    session.ack(2);
    expect(session.floor).toBe(4);
    expect(session.frames.map(([seq]) => seq)).toEqual([5, 6, 7, 8, 9, 10]);
    session.ack(99);
    expect(session.floor).toBe(10);
    expect(session.frames).toEqual([]);
    expect(session.push(tail(11))).toBe(11);
    expect(session.frames).toEqual([[11, tail(11)]]);
  });

  it('stays bounded and in order over many frames', () => {
    const session = make(100);
    for (let n = 1; n <= 10_000; n++) {
      session.push(tail(n));
      if (n % 7 === 0 && n < 9000) session.ack(n - 50);
    }
    const frames = session.frames;
    expect(frames).toHaveLength(100);
    expect(frames[0]).toEqual([9901, tail(9901)]);
    expect(frames.every(([seq, t], i) => seq === 9901 + i && t === tail(seq))).toBe(true);
  });

  it('comes back from its snapshot with the same frames, and numbers on from there', () => {
    const session = make(5);
    for (let n = 1; n <= 8; n++) session.push(tail(n));
    session.ack(5);
    const snapshot = JSON.parse(JSON.stringify(session.snapshot(BUS_START))) as ReturnType<Session['snapshot']>;
    expect(snapshot).toMatchObject({
      seq: 8,
      floor: 5,
      frames: [
        [6, tail(6)],
        [7, tail(7)],
        [8, tail(8)],
      ],
    });
    const resumed = Session.fromSnapshot(snapshot, 5);
    expect(resumed.frames).toEqual(session.frames);
    expect(resumed.floor).toBe(5);
    expect(resumed.push(tail(9))).toBe(9);
    expect(resumed.frames.at(-1)).toEqual([9, tail(9)]);
    const empty = Session.fromSnapshot({ ...snapshot, floor: 8, frames: [] }, 5);
    expect(empty.floor).toBe(8);
    expect(empty.push(tail(9))).toBe(9);
    expect(empty.frames).toEqual([[9, tail(9)]]);
  });
});
