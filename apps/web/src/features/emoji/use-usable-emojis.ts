import type { CustomEmoji } from '@rally/shared/api/reactions';
import { useMemo } from 'react';
import { useMeUser } from '../auth/queries';
import { isPremium } from '../messages/premium';
import { useMyEmojis } from '../reactions/queries';
import { usableEmojis } from './emoji-text';

const NONE: CustomEmoji[] = [];

/**
 * The team emoji the signed-in user may write in a chat (`teamId` null: a direct chat): the open
 * team's first, other teams' with Plus (usableEmojis). Loaded only where some may be usable.
 */
export function useUsableEmojis(teamId: string | null): CustomEmoji[] {
  const premium = isPremium(useMeUser());
  const all = useMyEmojis(teamId !== null || premium).data ?? NONE;
  return useMemo(() => usableEmojis(all, teamId, premium), [all, teamId, premium]);
}
