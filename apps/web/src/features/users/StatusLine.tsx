import { isCustomEmojiId } from '@rally/shared/api/reactions';
import type { Activity, UserStatus } from '@rally/shared/api/users';
import { useTranslation } from 'react-i18next';
import { EmojiGlyph } from '../reactions/EmojiGlyph';
import styles from './StatusLine.module.css';

/** A custom status's emoji (a team emoji deleted since shows nothing) and text. */
export function StatusContent({ status, emojiSize = 16 }: { status: UserStatus; emojiSize?: number }) {
  const showEmoji = status.emojiId !== null && (status.emoji !== null || !isCustomEmojiId(status.emojiId));
  return (
    <>
      {showEmoji && status.emojiId && (
        <span className={styles.emoji}>
          <EmojiGlyph emojiId={status.emojiId} emoji={status.emoji} size={emojiSize} />
        </span>
      )}
      {status.content && <span className={styles.text}>{status.content}</span>}
    </>
  );
}

/**
 * The line under a member's name: their custom status, or else what they are doing ("Playing
 * Valorant"); nothing when they have neither.
 */
export function StatusLine({ status, activity, className }: { status: UserStatus | null; activity: Activity | null; className?: string }) {
  const { t } = useTranslation('users');
  if (!status && !activity) return null;
  return (
    <span className={`${styles.line} ${className ?? ''}`}>
      {status ? (
        <StatusContent status={status} emojiSize={14} />
      ) : (
        activity && <span className={styles.text}>{t(`activity.${activity.type}`, { name: activity.name })}</span>
      )}
    </span>
  );
}
