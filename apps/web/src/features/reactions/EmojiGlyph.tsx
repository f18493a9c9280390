import type { Reaction } from '@rally/shared/api/reactions';
import styles from './Reactions.module.css';

/** An emoji as shown in a chip or the picker: a team emoji's image (named by its alt text), or the standard character. */
export function EmojiGlyph({ emojiId, emoji, size = 18 }: { emojiId: string; emoji: Reaction['emoji']; size?: number }) {
  if (emoji) return <img className={styles.customEmoji} src={emoji.url} alt={`:${emoji.name}:`} width={size} height={size} loading="lazy" />;
  return (
    <span className={styles.standardEmoji} style={{ fontSize: size }}>
      {emojiId}
    </span>
  );
}
