import type { MeResponse } from '@rally/shared/api/users';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../lib/gateway/event-handlers';
import { queryKeys } from '../../lib/query-keys';
import { applyServerMessage } from './message-cache';
import { applyMessageEdit, applyReactionAdded, applyReactionRemoved, removeMessage } from './update-cache';

/** The signed-in user's id, as the cache holds it (their own reactions are marked as theirs). */
const myId = (qc: QueryClient) => qc.getQueryData<MeResponse | null>(queryKeys.me)?.user.id;

export const messageEvents = {
  MESSAGE_SEND: (qc, message) => applyServerMessage(qc, message),
  MESSAGE_UPDATED: (qc, message) => applyMessageEdit(qc, message),
  MESSAGE_DELETED: (qc, { channelId, id }) => removeMessage(qc, channelId, id),
  MESSAGE_REACTION_ADDED: (qc, data) => applyReactionAdded(qc, data, myId(qc)),
  MESSAGE_REACTION_REMOVED: (qc, data) => applyReactionRemoved(qc, data, myId(qc)),
} satisfies FeatureEventHandlers;
