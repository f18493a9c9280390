import type { Executor } from '../../db/client';
import type { Publisher } from '../../lib/events';
import { readStateRepository, type MovedMarker, type ReadRequest, type ReadStateRepository } from './repository';
import { publishRead } from './service';

/** A read from a gateway frame: the user read a channel they may view (the gateway checked that). */
export interface ChannelRead extends ReadRequest {
  /** The channel's team; null for a direct chat. */
  teamId: string | null;
}

/** The further of two reads of one channel: no `upTo` is the newest message, the furthest there is. */
function further(a: ChannelRead, b: ChannelRead): ChannelRead {
  if (a.upTo === undefined || b.upTo === undefined) return a.upTo === undefined ? a : b;
  return BigInt(a.upTo) >= BigInt(b.upTo) ? a : b;
}

/**
 * The gateway's read markers, written by group commit. Every socket that looks at a busy channel
 * sends MESSAGE_READ after the messages it shows, so the reads come in bursts: a hundred readers
 * answer one message within milliseconds. A read is written at once when no write is in flight;
 * reads that arrive while one is are gathered (per user and channel, the furthest wins) and
 * written together, in one statement, when it ends. A quiet server writes each read alone, as
 * before; a busy one writes one statement per burst instead of one per reader, which on the
 * embedded database (one connection, queries in turn) kept message sends waiting behind a queue
 * of single upserts. Each user whose marker moved hears MESSAGE_READ, as before.
 */
export class ReadMarkWriter {
  private pending = new Map<string, ChannelRead>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: Publisher & { db: Executor },
    private readonly onError: (err: unknown) => void,
    private readonly repo: Pick<ReadStateRepository, 'markReads'> = readStateRepository,
  ) {}

  mark(read: ChannelRead): void {
    const key = read.userId + ':' + read.channelId;
    const earlier = this.pending.get(key);
    this.pending.set(key, earlier ? further(earlier, read) : read);
    this.running ??= this.run();
  }

  /** Resolves when every read handed in so far is written (tests, shutdown). */
  drain(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    try {
      // Reads handed in during this turn of the event loop join the first write.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.pending.size > 0) {
        const batch = [...this.pending.values()];
        this.pending = new Map();
        await this.write(batch);
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.running = null;
    }
  }

  /** One statement for the batch; if it fails (a channel deleted meanwhile), each read alone, so one bad read loses only itself. */
  private async write(batch: ChannelRead[]): Promise<void> {
    let moved: MovedMarker[];
    try {
      moved = await this.repo.markReads(this.deps.db, batch);
    } catch (err) {
      if (batch.length === 1) return this.onError(err);
      for (const read of batch) await this.write([read]);
      return;
    }
    await this.publish(batch, moved);
  }

  /** MESSAGE_READ to each user whose markers moved, one event per user and team. */
  private async publish(batch: ChannelRead[], moved: MovedMarker[]): Promise<void> {
    const teamOf = new Map(batch.map((read) => [read.userId + ':' + read.channelId, read.teamId]));
    const events = new Map<string, { userId: string; teamId: string | null; reads: { channelId: string; lastReadId: string }[] }>();
    for (const { userId, channelId, lastReadId } of moved) {
      const teamId = teamOf.get(userId + ':' + channelId) ?? null;
      const key = userId + ':' + (teamId ?? '');
      let event = events.get(key);
      if (!event) events.set(key, (event = { userId, teamId, reads: [] }));
      event.reads.push({ channelId, lastReadId });
    }
    await Promise.all([...events.values()].map(({ userId, teamId, reads }) => publishRead(this.deps, userId, teamId, reads)));
  }
}
