import type { DirectChat } from '@rally/shared/api/dms';
import { LIMITS } from '@rally/shared/limits';
import { emojiTokensAsText } from '../emoji/emoji-text';

/** What a chat is called: the other person's name, or a group's people's names. */
export function dmName(dm: Pick<DirectChat, 'users'>): string {
  return dm.users.map((u) => u.username).join(', ');
}

/** How the composer and the history name the chat: '@name' for one person, the names of a group. */
export function dmPlaceName(dm: Pick<DirectChat, 'users' | 'group'>): string {
  return dm.group ? dmName(dm) : `@${dmName(dm)}`;
}

/** The list's preview of the newest message: team emoji as `:name:`, cut at LIMITS.dm.previewLength characters (001 §9), with an ellipsis when cut. */
export function previewText(content: string): string {
  const chars = Array.from(emojiTokensAsText(content).replace(/\s+/g, ' ').trim());
  return chars.length > LIMITS.dm.previewLength ? `${chars.slice(0, LIMITS.dm.previewLength).join('')}…` : chars.join('');
}
