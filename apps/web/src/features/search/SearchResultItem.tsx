import type { SearchResult } from '@rally/shared/api/search';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../messages/Avatar';
import { emojiTokensAsText } from '../emoji/emoji-text';
import { formatDay, formatTime } from '../messages/format';
import { highlightParts } from './search-input';
import styles from './Search.module.css';

/** Characters of a result's text shown (the rest is in the channel). */
const PREVIEW = 300;

interface SearchResultItemProps {
  id: string;
  result: SearchResult;
  words: readonly string[];
  active: boolean;
  onOpen: () => void;
  onHover: () => void;
}

/** One found message: author, time, channel and the text with the searched words marked. */
export function SearchResultItem({ id, result, words, active, onOpen, onHover }: SearchResultItemProps) {
  const { t, i18n } = useTranslation('search');
  const { message, channel } = result;
  const date = new Date(message.createdAt);
  const when = `${formatDay(date, i18n.language)} ${formatTime(date, i18n.language)}`;
  const plain = emojiTokensAsText(message.content);
  const content = plain.length > PREVIEW ? `${plain.slice(0, PREVIEW)}…` : plain;
  const channelName = result.teamId ? `#${channel.name}` : t('result.direct');
  return (
    <li id={id} role="option" aria-selected={active} className={`${styles.result} ${active ? styles.active : ''}`} onClick={onOpen} onMouseMove={onHover}>
      <div className={styles.resultChannel}>{channelName}</div>
      <div className={styles.resultRow}>
        <Avatar id={message.createdBy.id} name={message.createdBy.username} size={32} src={message.createdBy.profilePicture} />
        <div className={styles.resultMain}>
          <div className={styles.resultMeta}>
            <span className={styles.author}>{message.createdBy.username}</span>
            <time className={styles.time} dateTime={message.createdAt}>
              {when}
            </time>
          </div>
          <p className={styles.content}>
            {highlightParts(content, words).map((part, i) =>
              part.match ? (
                <mark key={i} className={styles.mark}>
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </p>
        </div>
      </div>
    </li>
  );
}
