// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { SendQueue, type PaceNotice, type QueuedSend } from './send-queue';

const item = (n: number): QueuedSend => ({ nonce: `n${n}`, content: `message ${n}`, replyTo: null, attachments: [] });

/** A server that takes `allowed` messages, then answers 429 with a Retry-After until `waited` ms have passed. */
function pacedServer(allowed: number, code = 'too_many_requests') {
  let clock = 0;
  let taken = 0;
  const sent: string[] = [];
  const notices: PaceNotice[] = [];
  const failed: string[] = [];
  let openAt = 0;
  const queue = new SendQueue({
    post: async ({ content }) => {
      if (taken >= allowed && clock < openAt) throw new ApiError(429, 'slow down', code, {}, openAt - clock);
      if (taken >= allowed && openAt === 0) {
        openAt = clock + 5_000;
        throw new ApiError(429, 'slow down', code, {}, 5_000);
      }
      if (content.includes('bad')) throw new ApiError(400, 'refused', 'message_blank');
      taken++;
      sent.push(content);
    },
    failed: (i) => failed.push(i.content),
    sleep: async (ms) => {
      clock += ms;
    },
    now: () => clock,
  });
  queue.subscribe(() => notices.push(queue.notice));
  return { queue, sent, notices, failed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SendQueue', () => {
  it('sends 12 quick messages in order, waiting out the 429 with one notice and no failure', async () => {
    const { queue, sent, notices, failed } = pacedServer(10);
    for (let n = 1; n <= 12; n++) queue.enqueue(item(n));
    await settle();
    expect(sent).toEqual(Array.from({ length: 12 }, (_, i) => `message ${i + 1}`));
    expect(failed).toEqual([]);
    expect(notices).toEqual([{ kind: 'rate', until: 5_000 }, null]);
    expect(queue.size).toBe(0);
  });

  it('says slowmode for slowmode_active', async () => {
    const { queue, notices } = pacedServer(1, 'slowmode_active');
    queue.enqueue(item(1));
    queue.enqueue(item(2));
    await settle();
    expect(notices[0]).toEqual({ kind: 'slowmode', until: 5_000 });
  });

  it('fails a message refused for another reason and goes on with the next', async () => {
    const { queue, sent, failed } = pacedServer(10);
    queue.enqueue({ nonce: 'x', content: 'bad one', replyTo: null, attachments: [] });
    queue.enqueue(item(2));
    await settle();
    expect(failed).toEqual(['bad one']);
    expect(sent).toEqual(['message 2']);
  });

  it('under slowmode, says so from the first message sent and holds the next until the cooldown ends, without a 429', async () => {
    let clock = 0;
    const posted: { content: string; at: number }[] = [];
    const timers: { at: number; fn: () => void }[] = [];
    const notices: PaceNotice[] = [];
    const queue = new SendQueue({
      post: async ({ content }) => void posted.push({ content, at: clock }),
      failed: () => {
        throw new Error('nothing fails here');
      },
      cooldownMs: () => 5_000,
      sleep: async (ms) => {
        clock += ms;
      },
      now: () => clock,
      after: (ms, fn) => void timers.push({ at: clock + ms, fn }),
    });
    queue.subscribe(() => notices.push(queue.notice));
    queue.enqueue(item(1));
    await settle();
    // Sent, and the cooldown is told at once; it stays after the queue emptied.
    expect(posted).toEqual([{ content: 'message 1', at: 0 }]);
    expect(queue.notice).toEqual({ kind: 'slowmode', until: 5_000 });
    // A message written meanwhile waits for the end of the cooldown, then starts the next one.
    queue.enqueue(item(2));
    await settle();
    expect(posted[1]).toEqual({ content: 'message 2', at: 5_000 });
    expect(queue.notice).toEqual({ kind: 'slowmode', until: 10_000 });
    // The first cooldown's timer is stale; the second's ends the notice.
    clock = 10_000;
    for (const timer of timers) timer.fn();
    expect(queue.notice).toBeNull();
    expect(notices).toEqual([{ kind: 'slowmode', until: 5_000 }, { kind: 'slowmode', until: 10_000 }, null]);
  });
});
