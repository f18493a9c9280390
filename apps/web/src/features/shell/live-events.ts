import { applyDmsReady, dmEvents } from '../dms/events';
import { emojiEvents } from '../emoji/events';
import { dmMessageArrived, dmMessageChanged } from '../dms/cache';
import { applyFriendsReady, friendEvents } from '../friends/events';
import { messageEvents } from '../messages/events';
import { applyTeamsReady, teamEvents } from '../teams/events';
import { applyMeReady, userEvents } from '../users/events';
import { applyUnreadReady, countAndNotify, unreadEvents } from '../unread/events';
import { typingEvents } from '../typing/events';
import { clearTyping } from '../typing/typing-cache';
import { scheduledMessageSent } from '../scheduled/cache';
import { settingsEvents } from '../settings/events';
import { applyVoiceReady, voiceEvents } from '../voice/events';
import { connectionEvents } from '../connections/events';
import { sessionEvents } from '../sessions/events';
import { pinEvents } from '../pins/events';
import { pinnedMessageDeleted } from '../pins/cache';
import type { EventHandlers, LiveEvents } from '../../lib/gateway/event-handlers';

/**
 * Every live event's handler, from the feature that owns the data it changes. `satisfies
 * EventHandlers` makes a new event type in packages/shared a compile error here until a feature
 * handles it.
 */
export const liveEvents: LiveEvents = {
  ready(qc, data) {
    applyTeamsReady(qc, data);
    applyMeReady(qc, data);
    applyUnreadReady(qc);
    applyFriendsReady(qc);
    applyDmsReady(qc);
    applyVoiceReady(qc);
  },
  events: {
    ...friendEvents,
    ...messageEvents,
    ...teamEvents,
    ...userEvents,
    ...unreadEvents,
    ...typingEvents,
    ...dmEvents,
    ...emojiEvents,
    ...settingsEvents,
    ...voiceEvents,
    ...connectionEvents,
    ...sessionEvents,
    ...pinEvents,
    // A new message is history (messages), counters and a notification (unread), its author no longer typing (typing),
    // a direct chat's newest (dms), and, when it is one of the user's scheduled messages, no longer waiting (scheduled).
    MESSAGE_SEND: (qc, message) => {
      messageEvents.MESSAGE_SEND(qc, message);
      countAndNotify(qc, message);
      clearTyping(qc, message.channelId, message.createdBy.id);
      dmMessageArrived(qc, message);
      scheduledMessageSent(qc, message);
    },
    MESSAGE_UPDATED: (qc, message) => {
      messageEvents.MESSAGE_UPDATED(qc, message);
      dmMessageChanged(qc, message.channelId, message.id, { content: message.content });
    },
    // A deleted message leaves the history, a chat's preview and the pins list.
    MESSAGE_DELETED: (qc, data) => {
      messageEvents.MESSAGE_DELETED(qc, data);
      dmMessageChanged(qc, data.channelId, data.id, { deleted: true });
      pinnedMessageDeleted(qc, data.channelId, data.id);
    },
  } satisfies EventHandlers,
};
