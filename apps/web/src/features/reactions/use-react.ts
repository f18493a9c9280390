import type { Message } from '@rally/shared/api/messages';
import type { Reaction } from '@rally/shared/api/reactions';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import type { PickedEmoji } from '../emoji/EmojiPicker';
import { useToggleReaction } from './mutations';

/** Reacting in one channel: toggle a chip, or react with an emoji from the picker. */
export interface ReactionToggle {
  myId: string;
  toggle: (messageId: string, emojiId: string, add: boolean, emoji: Reaction['emoji']) => void;
  /** React with a picked emoji (takes it back when the reader had already reacted with it). */
  pick: (message: Message, picked: PickedEmoji) => void;
}

/** The reactions of one chat view, with the server's refusals shown as toasts. */
export function useReact(channelId: string): ReactionToggle {
  const { t } = useTranslation('message-actions');
  const toast = useToast();
  const myId = useMeUser()?.id ?? '';
  const { mutate } = useToggleReaction(channelId, (err) => toast.show(err instanceof ApiError ? err.message : t('reactions.failed'), 'error'));
  return useMemo(() => {
    const toggle: ReactionToggle['toggle'] = (messageId, emojiId, add, emoji) => mutate({ messageId, emojiId, add, emoji });
    return {
      myId,
      toggle,
      pick: (message, picked) => {
        const emojiId = picked.kind === 'standard' ? picked.emoji : picked.emoji.id;
        const emoji = picked.kind === 'custom' ? { name: picked.emoji.name, url: picked.emoji.url } : null;
        const mine = message.reactions.find((r) => r.emojiId === emojiId)?.me ?? false;
        toggle(message.id, emojiId, !mine, emoji);
      },
    };
  }, [mutate, myId]);
}
