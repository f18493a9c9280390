import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleNameStyle } from '../members/member-groups';
import { useProfileCard } from '../members/profile-card-context';
import { Avatar } from './Avatar';
import { MessageContent } from './content/MessageContent';
import { useMessageActions } from '../message-actions/actions-context';
import { EditedMark } from '../message-actions/EditedMark';
import { EditMessageForm } from '../message-actions/EditMessageForm';
import { messageElementId } from '../message-actions/jump';
import { MessageToolbar } from '../message-actions/MessageToolbar';
import { ReplyPreview } from '../message-actions/ReplyPreview';
import { ReactionBar } from '../reactions/ReactionBar';
import { useIsBlocked } from '../friends/queries';
import { BlockedMessage } from './BlockedMessage';
import { useMentionsMe } from './content/mentions-me';
import { formatFull, formatTime } from './format';
import type { ChatMessage } from './message-cache';
import styles from './MessageItem.module.css';
import { ScheduledMark } from '../scheduled/ScheduledMark';
import { PinnedMark } from '../pins/PinnedMark';
import { MessageAttachments } from '../attachments/MessageAttachments';

interface Props {
  message: ChatMessage;
  /** Follows a message of the same author within 5 minutes: no avatar and header. */
  grouped: boolean;
  onRetry: (nonce: string) => void;
  onDiscard: (nonce: string) => void;
}

/** One message. Its text is formatted by MessageContent (React elements, never HTML); a mention of the reader highlights it. */
export const MessageItem = memo(function MessageItem({ message, grouped, onRetry, onDiscard }: Props) {
  const { t, i18n } = useTranslation('chat');
  // Inside a team: the author's name in their top displayed role's colour, name and avatar open their profile card.
  const card = useProfileCard();
  const date = new Date(message.createdAt);
  const time = formatTime(date, i18n.language);
  const full = formatFull(date, i18n.language);
  const mentioned = useMentionsMe(message.mentions);
  // In a chat view: the toolbar and menu, replies, editing in place and reactions.
  const actions = useMessageActions();
  const editing = actions?.editingId === message.id;
  const sent = message.state === 'sent';
  // A blocked author's message is collapsed until shown (001 §6).
  const blocked = useIsBlocked(message.createdBy.id);
  const [revealed, setRevealed] = useState(false);
  // "Show" holds while the block lasts: after an unblock, a new block collapses the message again.
  if (revealed && !blocked) setRevealed(false);
  if (blocked && !revealed)
    return <BlockedMessage authorId={message.createdBy.id} authorName={message.createdBy.username} onReveal={() => setRevealed(true)} />;
  const className = [
    styles.message,
    grouped ? styles.grouped : styles.first,
    mentioned && styles.mentioned,
    message.state === 'sending' && styles.sending,
    message.state === 'failed' && styles.failed,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <article
      id={sent ? messageElementId(message.id) : undefined}
      className={className}
      data-state={message.state}
      aria-busy={message.state === 'sending' || undefined}
      tabIndex={sent ? -1 : undefined}
      onContextMenu={(e) => {
        // Right-click opens the message's menu (the toolbar's More), unless on a link or in the editor.
        const more = e.currentTarget.querySelector<HTMLButtonElement>('[data-message-menu] button');
        if (!more || editing || (e.target as HTMLElement).closest('a, textarea')) return;
        e.preventDefault();
        more.click();
      }}
    >
      <div className={styles.gutter}>
        {grouped ? (
          <time className={styles.hoverTime} dateTime={message.createdAt} title={full} aria-hidden="true">
            {time}
          </time>
        ) : card ? (
          <button
            type="button"
            className={styles.avatarButton}
            aria-label={message.createdBy.username}
            onClick={(e) => card.open(message.createdBy.id, e.currentTarget)}
          >
            <Avatar id={message.createdBy.id} name={message.createdBy.username} src={message.createdBy.profilePicture} />
          </button>
        ) : (
          <Avatar id={message.createdBy.id} name={message.createdBy.username} src={message.createdBy.profilePicture} />
        )}
      </div>
      <div className={styles.body}>
        {message.replyTo && <ReplyPreview channelId={message.channelId} messageId={message.replyTo} />}
        {grouped ? (
          <span className="visually-hidden">
            {message.createdBy.username} {time}
          </span>
        ) : (
          <header className={styles.header}>
            {card ? (
              <button
                type="button"
                className={`${styles.author} ${styles.authorButton}`}
                style={roleNameStyle(card.displayRoleOf(message.createdBy.id))}
                onClick={(e) => card.open(message.createdBy.id, e.currentTarget)}
              >
                {message.createdBy.username}
              </button>
            ) : (
              <span className={styles.author}>{message.createdBy.username}</span>
            )}
            <time className={styles.time} dateTime={message.createdAt} title={full}>
              {time}
            </time>
            {message.type === 'scheduled' && sent && <ScheduledMark message={message} />}
            {message.pinned && <PinnedMark />}
          </header>
        )}
        {editing && actions ? (
          <EditMessageForm message={message} onDone={actions.stopEdit} />
        ) : (
          <div className={styles.content}>
            <MessageContent content={message.content} mentions={message.mentions} embeds={message.embeds} />
            {message.editedAt && <EditedMark editedAt={message.editedAt} />}
            {message.pinned && grouped && <PinnedMark />}
          </div>
        )}
        {message.attachments.length > 0 && <MessageAttachments attachments={message.attachments} />}
        {actions && sent && (
          <ReactionBar message={message} teamId={actions.teamId} people={actions.chatPeople} toggle={actions.reactions} readOnly={!actions.canReact} />
        )}
        {message.state === 'sending' && <span className="visually-hidden">{t('state.sending')}</span>}
        {message.state === 'failed' && message.nonce && (
          <div className={styles.failure}>
            <span
              className={styles.failedMark}
              role="img"
              aria-label={t('state.failed')}
              title={message.error ? `${t('state.failed')}: ${message.error}` : t('state.failed')}
            >
              !
            </span>
            <span className={styles.failedText}>{t('state.failed')}</span>
            <button type="button" className={styles.linkButton} onClick={() => onRetry(message.nonce!)}>
              {t('retry')}
            </button>
            <button type="button" className={styles.linkButton} onClick={() => onDiscard(message.nonce!)}>
              {t('discard')}
            </button>
          </div>
        )}
      </div>
      {actions && sent && !editing && <MessageToolbar message={message} actions={actions} />}
    </article>
  );
});
