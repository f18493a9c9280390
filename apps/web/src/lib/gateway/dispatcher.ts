import { CloseCode, dispatchEvents, isDispatchType, readySchema, type DispatchEvent, type DispatchType, type ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import type { EventHandler, LiveEvents } from './event-handlers';

/**
 * The one place where live events change client state: each event is validated and handed to its
 * feature's handler (app/live-events.ts), which writes TanStack Query caches on the keys that the
 * screens read (DESIGN.md convention 4, no second store).
 */
export interface Dispatcher {
  ready(data: ReadyData): void;
  dispatch(event: DispatchEvent): void;
  /** Events were lost (the session could not be resumed): refetch everything. */
  sessionLost(): void;
  /** The server ended the connection for good; 4003 means we are not signed in any more. */
  terminated(code: number): void;
}

/** Payloads are validated on the way in; the original object is kept so fields not in the schema survive. */
function valid(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, data: unknown, what: string): boolean {
  const r = schema.safeParse(data);
  if (!r.success) console.warn(`gateway: ignoring invalid ${what}`, r.error);
  return r.success;
}

export function createDispatcher(qc: QueryClient, live: LiveEvents): Dispatcher {
  return {
    ready(data) {
      if (valid(readySchema, data, 'READY')) live.ready(qc, data);
    },

    dispatch(event) {
      if (!isDispatchType(event.type)) return; // an event this client does not handle yet
      if (!valid(dispatchEvents[event.type].schema, event.data, event.type)) return;
      // The union of handlers cannot be called with the union of payloads; the type and its payload were checked together above.
      (live.events[event.type] as EventHandler<DispatchType>)(qc, event.data);
    },

    sessionLost() {
      // Local-only keys (pending messages) have no server copy to refetch.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'local' });
    },

    terminated(code) {
      if (code === CloseCode.NOT_AUTHENTICATED) void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  };
}
