import type { TeamAccess } from '../modules/permissions/access';
import { compareBusIds, type BusId } from '../bus/types';

/** What some members of a team may do there, read after every bus entry up to `covers` was published. */
export interface LoadedTeam {
  teamId: string;
  covers: BusId;
  /** The users it was read for; one of them missing from `accesses` is not a member. */
  users: ReadonlySet<string>;
  accesses: ReadonlyMap<string, TeamAccess>;
}

/** Reads the access of some users to one team (one round trip for them all). */
export type LoadTeamAccess = (teamId: string, userIds: string[]) => Promise<Map<string, TeamAccess>>;

type Waiter = (result: LoadedTeam | Error) => void;

/**
 * Loads of what sessions may view after a change of who sees what, batched: the requests for one
 * team made in one turn of the event loop (all of a team's sessions, when one event concerns them)
 * share one load. A load started after an entry was received covers it: the entry was published
 * after its write had committed.
 */
export class AccessLoads {
  private queued = new Map<string, { users: Set<string>; covers: BusId; waiters: Waiter[] }>();
  private scheduled = false;
  /** Loads started so far (tests count them). */
  started = 0;

  constructor(
    private readonly load: LoadTeamAccess,
    /** The position of the last entry this process has received. */
    private readonly position: () => BusId,
  ) {}

  /** Load the user's access to the team, covering at least the entry at `after`; `then` gets it (or the error). */
  request(teamId: string, userId: string, after: BusId, then: Waiter): void {
    let queued = this.queued.get(teamId);
    if (!queued) this.queued.set(teamId, (queued = { users: new Set(), covers: after, waiters: [] }));
    queued.users.add(userId);
    if (compareBusIds(after, queued.covers) > 0) queued.covers = after;
    queued.waiters.push(then);
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.flush());
  }

  /** request() as a promise. */
  get(teamId: string, userId: string, after: BusId): Promise<LoadedTeam> {
    return new Promise((resolve, reject) => this.request(teamId, userId, after, (result) => (result instanceof Error ? reject(result) : resolve(result))));
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queued;
    this.queued = new Map();
    const position = this.position();
    for (const [teamId, { users, covers, waiters }] of batch) {
      const loaded = { teamId, users, covers: compareBusIds(position, covers) > 0 ? position : covers };
      this.started++;
      this.load(teamId, [...users]).then(
        (accesses) => settle(waiters, { ...loaded, accesses }),
        (err: unknown) => settle(waiters, err instanceof Error ? err : new Error(String(err))),
      );
    }
  }
}

function settle(waiters: Waiter[], result: LoadedTeam | Error): void {
  for (const waiter of waiters) {
    try {
      waiter(result);
    } catch (err) {
      console.error('gateway: applying a loaded access failed', err);
    }
  }
}
