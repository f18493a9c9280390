import type { DispatchData, DispatchType, ReadyData } from '@rally/shared/gateway/protocol';
import type { QueryClient } from '@tanstack/react-query';

/** What one live event does to the query cache. */
export type EventHandler<K extends DispatchType> = (qc: QueryClient, data: DispatchData<K>) => void;

/** A handler for every event type: the app's table (app/live-events.ts) must name them all. */
export type EventHandlers = { [K in DispatchType]: EventHandler<K> };

/** The events one feature handles (features/<name>/events.ts). */
export type FeatureEventHandlers = Partial<EventHandlers>;

/** Everything the dispatcher applies: READY, and each dispatch event. */
export interface LiveEvents {
  ready(qc: QueryClient, data: ReadyData): void;
  events: EventHandlers;
}
