import type { DispatchData } from '@rally/shared/gateway/protocol';
import { Coalescer } from '../../lib/coalescer';
import { publishEvent, type Publisher } from '../../lib/events';
import type { Executor } from '../../db/client';
import { presenceCircleOf } from '../presence/repository';

export type ProfileChange = DispatchData<'USER_PROFILE_UPDATED'>;

/**
 * What each user's circle (their teams, their friends and themselves) hears of their profile:
 * USER_PROFILE_UPDATED, coalesced per user (lib/coalescer.ts). A lone change (username,
 * custom status, activity, avatar, banner) is told at once; the changes that follow it within
 * PROFILE_COALESCE_MS are told together once the window ends, each field's latest value, so that a
 * user who changes their status a thousand times a second makes their teammates' sockets a frame
 * per window, not a thousand. One per app (`app.profileUpdates`); with several processes, each
 * coalesces the changes made through it (the per-user rate limit `circle` counts them all).
 */
export class ProfileUpdates {
  private readonly coalescer: Coalescer<ProfileChange>;

  constructor(
    private readonly deps: Publisher & { db: Executor; log: NonNullable<Publisher['log']> },
    delayMs: number,
  ) {
    this.coalescer = new Coalescer((_userId, change) => this.publish(change), { delayMs, merge: (pending, next) => ({ ...pending, ...next }) });
  }

  /** The user's profile changed (written and committed): resolves once it is published, or at once when it waits for the window's end. */
  changed(change: ProfileChange): Promise<void> {
    return this.coalescer.changed(change.userId, change);
  }

  /** Publish the changes still waiting (shutdown, tests). */
  drain(): Promise<void> {
    return this.coalescer.drain();
  }

  private async publish(change: ProfileChange): Promise<void> {
    try {
      const circle = await presenceCircleOf(this.deps.db, change.userId);
      await publishEvent(this.deps, {
        audience: { kind: 'circle', teamIds: circle.teamIds, userIds: [change.userId, ...circle.friendIds] },
        event: { type: 'USER_PROFILE_UPDATED', data: change },
      });
    } catch (err) {
      this.deps.log.error({ err, userId: change.userId }, 'profiles: telling a profile change failed');
    }
  }
}
