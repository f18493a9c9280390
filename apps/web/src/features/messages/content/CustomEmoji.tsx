import { customEmojiPath } from '@rally/shared/api/emojis';
import { useState } from 'react';
import { useEmojiDeleted } from '../../emoji/queries';
import styles from './MessageContent.module.css';

/**
 * A team emoji in a message (`<:name:id>`): its image at text size (large when the message is only
 * emoji), named `:name:`. When it cannot be shown — deleted during this session, or the image
 * fails to load (deleted before) — the text `:name:` stands in its place.
 */
export function CustomEmoji({ id, name, jumbo }: { id: string; name: string; jumbo: boolean }) {
  const deleted = useEmojiDeleted(id);
  const [failed, setFailed] = useState(false);
  const label = `:${name}:`;
  if (deleted || failed) return label;
  return (
    <img
      className={jumbo ? `${styles.customEmoji} ${styles.jumboEmoji}` : styles.customEmoji}
      src={customEmojiPath(id)}
      alt={label}
      title={label}
      onError={() => setFailed(true)}
    />
  );
}
