import type { Message } from '@rally/shared/api/messages';
import { createContext, useContext } from 'react';
import type { BlockTarget } from '../friends/BlockUserDialog';
import type { ReactionToggle } from '../reactions/use-react';

/** Someone of a direct chat, as the message actions name them. */
export interface ChatPerson {
  id: string;
  username: string;
  /** The system account (of a system chat): it cannot be blocked. */
  system?: boolean;
}

/**
 * What a chat view lets its messages do (MessageActionsProvider): who the reader is and whether
 * they may delete others' messages there, the message being replied to (shown above the composer)
 * and the one being edited in place, and the dialogs (delete confirmation, report).
 */
export interface MessageActionsApi {
  /** The channel's team; null in a direct chat. */
  teamId: string | null;
  channelId: string;
  /** A direct chat's people, the reader included (who reacted, by name); empty in a team channel (its member list says). */
  chatPeople: readonly ChatPerson[];
  /** The signed-in user's id ('' while unknown). */
  myId: string;
  /** MANAGE_MESSAGES on the channel (DELETE_MESSAGES in the team brings it): others' messages may be deleted. */
  canManage: boolean;
  /** The reader may pin and unpin messages here: MANAGE_MESSAGES in a team channel, any member of a direct chat. */
  canPin: boolean;
  /** The reader may send here (the composer is shown): replying is offered. */
  canSend: boolean;
  /** The reader may react here: the picker and the chips' toggles are offered. */
  canReact: boolean;
  replyingTo: Message | null;
  /** Reply to a message: the reply bar shows above the composer, which takes the focus (replyRequest). */
  startReply: (message: Message) => void;
  /** Grows each time Reply is chosen (the toolbar's button, the message's menu): the composer then takes the focus, so typing goes into the reply. */
  replyRequest: number;
  cancelReply: () => void;
  editingId: string | null;
  startEdit: (messageId: string) => void;
  stopEdit: () => void;
  /** Edit the reader's newest loaded message (Up in an empty composer); false when there is none. */
  editLast: () => boolean;
  /** Delete after a confirmation, or at once (`skipConfirm`: Shift held, as in Discord). */
  requestDelete: (message: Message, skipConfirm: boolean) => void;
  openReport: (message: Message) => void;
  /** Mark Unread: the channel is unread again from this message (the "new" line goes above it). */
  markUnread: (message: Message) => void;
  /** Block a message's author, after the friends list's question (BlockUserDialog). */
  requestBlock: (user: BlockTarget) => void;
  /** Pin or unpin a message (canPin); a refusal (the channel's 50 pins) shows as a toast. */
  setPinned: (message: Message, pinned: boolean) => void;
  /** Reacting (chips, the picker). */
  reactions: ReactionToggle;
  /**
   * Scroll to a message and highlight it for about 2 seconds, reading the page around it first when
   * it is not loaded (the address's `?messageId=`, which the message list follows).
   */
  jumpTo: (messageId: string) => void;
}

export const MessageActionsContext = createContext<MessageActionsApi | null>(null);

/** The chat view's message actions, or null outside one (a message shown elsewhere has no actions). */
export function useMessageActions(): MessageActionsApi | null {
  return useContext(MessageActionsContext);
}
