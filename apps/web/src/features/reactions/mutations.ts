import type { Reaction } from '@rally/shared/api/reactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { applyReactionAdded, applyReactionRemoved } from '../messages/update-cache';

interface ToggleVariables {
  messageId: string;
  emojiId: string;
  /** Add (true) or take back (false). */
  add: boolean;
  /** A team emoji's name and image, to show it at once. */
  emoji?: Reaction['emoji'];
}

/**
 * React or take a reaction back, optimistically: the chip changes at once; a refusal undoes it and
 * is passed to `onError` (the server's message). The live event that follows changes nothing more.
 */
export function useToggleReaction(channelId: string, onError: (err: unknown) => void) {
  const qc = useQueryClient();
  const myId = useMeUser()?.id;
  return useMutation({
    mutationFn: ({ messageId, emojiId, add }: ToggleVariables) =>
      call(add ? 'addReaction' : 'removeReaction', { params: { channelId, messageId, emoji: emojiId } }),
    onMutate: ({ messageId, emojiId, add, emoji = null }) => {
      if (!myId) return;
      const data = { channelId, messageId, emojiId, userId: myId };
      if (add) applyReactionAdded(qc, { ...data, emoji }, myId);
      else applyReactionRemoved(qc, data, myId);
    },
    onError: (err, { messageId, emojiId, add, emoji = null }) => {
      if (myId) {
        const data = { channelId, messageId, emojiId, userId: myId };
        if (add) applyReactionRemoved(qc, data, myId);
        else applyReactionAdded(qc, { ...data, emoji }, myId);
      }
      onError(err);
    },
  });
}
