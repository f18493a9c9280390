import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { pinChanged } from './cache';

export const pinEvents = {
  CHANNEL_PINS_UPDATED: (qc, data) => pinChanged(qc, data),
} satisfies FeatureEventHandlers;
