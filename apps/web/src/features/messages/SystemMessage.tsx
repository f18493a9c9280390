import { systemMessageKind } from '@rally/shared/api/messages';
import { Trans, useTranslation } from 'react-i18next';
import { PinIcon } from '../pins/PinIcon';
import { formatFull, formatTime } from './format';
import type { ChatMessage } from './message-cache';
import { useRequestJump } from './use-linked-message';
import styles from './SystemMessage.module.css';

/**
 * A system message (type 'system'): a centred line with an icon and its time, not a user's message:
 * "<name> joined the team.", or "<name> pinned a message." whose "a message" jumps to the pinned
 * one (its `replyTo`) with the jump of the message list (`?messageId=`).
 */
export function SystemMessage({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation('chat-live');
  const jump = useRequestJump();
  const date = new Date(message.createdAt);
  const name = message.createdBy.username;
  const pinnedId = systemMessageKind(message) === 'pinned' ? message.replyTo : null;
  return (
    <div className={styles.system} role="article" aria-label={t(pinnedId ? 'system.pinnedLabel' : 'system.joinedLabel', { name })}>
      {pinnedId ? (
        <PinIcon className={styles.pinIcon} />
      ) : (
        <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 12h13M12 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      <span className={styles.text}>
        {pinnedId ? (
          <Trans
            t={t}
            i18nKey="system.pinned"
            values={{ name }}
            components={{
              name: <strong className={styles.name} />,
              jump: <button type="button" className={styles.jump} title={t('system.pinnedJump')} onClick={() => jump(pinnedId)} />,
            }}
          />
        ) : (
          <Trans t={t} i18nKey="system.joined" values={{ name }} components={{ name: <strong className={styles.name} /> }} />
        )}
      </span>
      <time className={styles.time} dateTime={message.createdAt} title={formatFull(date, i18n.language)}>
        {formatTime(date, i18n.language)}
      </time>
    </div>
  );
}
