import { isBlankMessage, messageLimit } from '@rally/shared/api/messages';
import type { Message } from '@rally/shared/api/messages';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { decodeCustomEmoji, encodeCustomEmoji } from '../emoji/emoji-text';
import { useUsableEmojis } from '../emoji/use-usable-emojis';
import { isPremium } from '../messages/premium';
import { useMessageActions } from './actions-context';
import styles from './MessageActions.module.css';
import { useEditMessage } from './mutations';

interface Props {
  message: Message;
  onDone: () => void;
}

const MAX_HEIGHT_PX = 320;

/**
 * Editing a message in place (spec 001 §5): Enter saves, Shift+Enter adds a line, Escape cancels.
 * The same limits as the composer (blank or heading-only without attachments, or over the author's limit, cannot be saved).
 * Saving unchanged text just closes; the new text shows at once and a refusal puts the old one back
 * with the server's message. Team emoji show as `:name:` and are written back as `<:name:id>`: the
 * message's own first (so that each keeps its team), then those the user may write here.
 */
export function EditMessageForm({ message, onDone }: Props) {
  const { t } = useTranslation('message-actions');
  const toast = useToast();
  const limit = messageLimit(isPremium(useMeUser()));
  const decoded = useMemo(() => decodeCustomEmoji(message.content), [message.content]);
  const [content, setContent] = useState(decoded.text);
  const usable = useUsableEmojis(useMessageActions()?.teamId ?? null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const edit = useEditMessage(message.channelId);
  const over = content.length > limit;
  // A message with files may lose its text (the server allows it too).
  const invalid = over || (isBlankMessage(content) && message.attachments.length === 0);

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [content]);

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = () => {
    if (invalid) return;
    const encoded = encodeCustomEmoji(content, [...decoded.emojis, ...usable]);
    if (encoded.trim() === message.content) {
      onDone();
      return;
    }
    edit.mutate(
      { messageId: message.id, content: encoded },
      { onError: (err) => toast.show(err instanceof ApiError ? err.message : t('editFailed'), 'error') },
    );
    onDone();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      save();
    }
  };

  return (
    <div className={styles.editor}>
      <textarea
        ref={textarea}
        className={`${styles.editBox}${over ? ` ${styles.editOver}` : ''}`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        aria-label={t('edit.label')}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
      />
      <p id={hintId} className={styles.editHint}>
        {over && <span className={styles.editCount}>{t('edit.over', { count: content.length - limit, max: limit })} · </span>}
        {t('edit.escapeTo')}{' '}
        <button type="button" className={styles.linkButton} onClick={onDone}>
          {t('edit.cancel')}
        </button>{' '}
        · {t('edit.enterTo')}{' '}
        <button type="button" className={styles.linkButton} onClick={save} disabled={invalid}>
          {t('edit.save')}
        </button>
      </p>
    </div>
  );
}
