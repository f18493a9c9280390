import type { BusId, EventBus } from '../bus/types';
import type { Router } from './router';
import type { Session, SessionSnapshot } from './session';

const PAGE = 1000;

/** Whether the snapshot may be resumed by this sign-in from this position. */
export function canResume(snapshot: SessionSnapshot | null, who: { userId: string; tokenHash: string }, clientSeq: number): snapshot is SessionSnapshot {
  return (
    snapshot !== null && snapshot.userId === who.userId && snapshot.tokenHash === who.tokenHash && clientSeq >= snapshot.floor && clientSeq <= snapshot.seq
  );
}

/**
 * Bring a resumed session up to date: every envelope published after its snapshot's cursor is
 * applied to it in bus order, as the router applies them to a live session (router.apply): its
 * subscriptions change at the events of the visibility table (a `recompute` loads the access it
 * needs, one load per team for a stretch of entries), and each event is numbered into its buffer
 * when it is for the session as its subscriptions stood at that position. Returns the position
 * reached, or null when the session cannot be resumed: the bus no longer holds everything since
 * the cursor, an event for the session was lost (a gap), its access could not be loaded, or more
 * than the buffer bound arrived, so that the client's position `clientSeq` fell out of it.
 */
export async function catchUp(
  session: Session,
  bus: EventBus,
  router: Router,
  cursor: BusId,
  clientSeq: number,
  stillWanted: () => boolean,
): Promise<BusId | null> {
  for (;;) {
    const page = await bus.readAfter(cursor, PAGE);
    if (!page || !stillWanted()) return null;
    const last = page.at(-1)?.id ?? cursor;
    for (const entry of page) {
      for (;;) {
        const applied = router.apply(session, entry);
        if (applied === 'done') break;
        if (applied === 'lost') return null;
        // Every entry of the page was published before this load starts: it covers them all.
        if (!(await router.loadFor(session, applied.load, last)) || !stillWanted()) return null;
      }
      cursor = entry.id;
    }
    if (session.floor > clientSeq) return null;
    if (page.length < PAGE) return cursor;
  }
}
