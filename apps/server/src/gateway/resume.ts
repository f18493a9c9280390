import type { EventBus, BusId } from '../bus/types';
import { dispatchTail } from './frames';
import { audienceIncludes, deliver } from './router';
import type { Session, SessionSnapshot } from './session';

const PAGE = 1000;

/** Whether the snapshot may be resumed by this sign-in from this position. */
export function canResume(snapshot: SessionSnapshot | null, who: { userId: string; tokenHash: string }, clientSeq: number): snapshot is SessionSnapshot {
  return (
    snapshot !== null &&
    snapshot.userId === who.userId &&
    snapshot.tokenHash === who.tokenHash &&
    clientSeq >= snapshot.floor &&
    clientSeq <= snapshot.seq
  );
}

/**
 * Bring a resumed session up to date: every envelope published after its snapshot's cursor that
 * is for the session (by its subscriptions, which USER_JOINED_TEAM extends on the way) is numbered
 * into its buffer. Returns the position reached, or null when the session cannot be resumed: the bus
 * no longer holds everything since the cursor, or more than the buffer bound arrived, so that the
 * client's position `clientSeq` fell out of it.
 */
export async function catchUp(session: Session, bus: EventBus, cursor: BusId, clientSeq: number, stillWanted: () => boolean): Promise<BusId | null> {
  for (;;) {
    const page = await bus.readAfter(cursor, PAGE);
    if (!page || !stillWanted()) return null;
    for (const { id, envelope } of page) {
      cursor = id;
      if (audienceIncludes(envelope.audience, session)) deliver(session, envelope, dispatchTail(envelope.event), null);
    }
    if (session.floor > clientSeq) return null;
    if (page.length < PAGE) return cursor;
  }
}
