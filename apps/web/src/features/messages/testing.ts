import { plainMessage } from '@rally/shared/api/plain-message';
import type { Message } from '@rally/shared/api/messages';
import type { ChatMessage } from './message-cache';

/** Plain message entities for the client's unit tests (cache helpers, grouping, live event handlers); `fields` overrides. */

/** A message's author as messages carry it. */
export const author = (id = '1', username = 'ada'): Message['createdBy'] => ({ id, username, profilePicture: null, presence: 1 });

/** A text message from `author()` in channel 9, its content `m<id>`. */
export const message = (id: string, fields: Partial<Message> = {}): Message =>
  plainMessage({ id, channelId: '9', content: `m${id}`, createdAt: '2026-01-01T00:00:00.000Z', createdBy: author(), ...fields });

/** The same as the chat list holds it: 'sent' unless `fields` says otherwise. */
export const chatMessage = (id: string, fields: Partial<ChatMessage> = {}): ChatMessage => ({ ...message(id), state: 'sent', ...fields });
