import type { Attachment } from '@rally/shared/api/attachments';
import { isBlankMessage, messageLimit } from '@rally/shared/api/messages';
import { LIMITS } from '@rally/shared/limits';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Composer.module.css';
import { useMeUser } from '../auth/queries';
import { isPremium } from './premium';
import type { PickedEmoji } from '../emoji/EmojiPicker';
import { EmojiPickerButton } from '../emoji/EmojiPickerButton';
import { useMessageActions } from '../message-actions/actions-context';
import { ReplyBar } from '../message-actions/ReplyBar';
import { SmileIcon } from '../reactions/ReactionBar';
import { useMentionAutocomplete } from './content/MentionAutocomplete';
import { placeText, type ChatPlace } from './place';
import { ClockIcon } from '../scheduled/ClockIcon';
import { ScheduleDialog } from '../scheduled/ScheduleDialog';
import { AttachButton } from '../attachments/AttachButton';
import { PendingAttachments } from '../attachments/PendingAttachments';
import type { AttachmentsApi } from '../attachments/use-attachment-draft';

interface Props {
  place: ChatPlace;
  /** The channel's team (its emoji are offered first); null in a direct chat. */
  teamId: string | null;
  /** Send the text and the uploaded attachments; `replyTo`: the message being replied to (the reply bar above the box). */
  onSend: (content: string, replyTo: string | null, attachments: Attachment[]) => void;
  /** The files attached to the message (the attach button, pasting, and the chat's drop zone feed it). */
  attachments: AttachmentsApi;
  /** The draft was edited and is not blank (the channel hears that the user is typing). */
  onTyping?: () => void;
  /** Schedule the text and attachments for an instant (ISO) instead of sending them now: the clock button and its dialog (absent: no scheduling). */
  onSchedule?: (content: string, replyTo: string | null, scheduledAt: string, attachments: Attachment[]) => Promise<unknown>;
  /** Why the next message must wait (the channel's slowmode): Send is disabled and says so; the text stays. */
  held?: string | null;
}

const MAX_HEIGHT_PX = 240;

/**
 * The message box: Enter sends, Shift+Enter adds a line; a counter shows from 1500 characters; the
 * limit is 2000, or 5000 with the PREMIUM flag. Files come with the paperclip or by pasting them,
 * and upload at once (their row above the box); a message needs text or an attachment, and waits
 * while a file still uploads (001 §4). The clock button schedules the message instead (under the same rules).
 */
export function Composer({ place, teamId, onSend, onTyping, onSchedule, attachments, held = null }: Props) {
  const { t } = useTranslation('chat');
  const { t: tAttachments } = useTranslation('attachments');
  const me = useMeUser();
  const premium = isPremium(me);
  const limit = messageLimit(premium);
  const [content, setContent] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  // In a chat view: the reply bar, Up to edit one's last message, Escape to stop replying.
  const actions = useMessageActions();
  const { t: tEmoji } = useTranslation('emoji');
  const { t: tScheduled } = useTranslation('scheduled');
  // Suggestions while typing @name or #channel.
  const autocomplete = useMentionAutocomplete(content, setContent, textarea);
  const [scheduling, setScheduling] = useState(false);

  // Reply was chosen on a message: typing goes into the reply (after a menu's own refocus of its trigger).
  const replyRequest = actions?.replyRequest ?? 0;
  useEffect(() => {
    if (replyRequest > 0) textarea.current?.focus();
  }, [replyRequest]);

  const length = content.length;
  const over = length > limit;
  const blank = isBlankMessage(content);
  // Sending waits for every upload; a failed one must be retried or removed first.
  const filesBlock = attachments.uploading ? tAttachments('sendUploading') : attachments.failed ? tAttachments('sendFailed') : null;
  const canSend = !over && !held && !filesBlock && (!blank || attachments.ready > 0);
  const sendLabel = held ?? filesBlock ?? t('send');
  const showCounter = length >= LIMITS.message.counterFrom;

  // Grow with the text up to a maximum height.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [content]);

  /** The text went out (or was scheduled): the box starts over. */
  const clear = () => {
    actions?.cancelReply();
    setContent('');
    textarea.current?.focus();
  };

  const submit = () => {
    if (!canSend) return;
    onSend(content, actions?.replyingTo?.id ?? null, attachments.take());
    attachments.dismissErrors();
    clear();
  };

  /**
   * Put an emoji from the picker where the cursor was: a standard one as its character, a team one
   * as `:name:` (sent as `<:name:id>`), set apart from the words around it so that it is read as one.
   */
  const insert = (picked: PickedEmoji) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? content.length;
    const end = el?.selectionEnd ?? start;
    const space = (c: string | undefined) => c !== undefined && /\s/.test(c);
    const before = start > 0 && !space(content[start - 1]) ? ' ' : '';
    const after = space(content[end]) ? '' : ' ';
    const text = picked.kind === 'standard' ? picked.emoji : `${before}:${picked.emoji.name}:${after}`;
    setContent(content.slice(0, start) + text + content.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (autocomplete.onKeyDown(e)) return;
    if (e.key === 'Escape' && actions?.replyingTo) {
      e.preventDefault();
      actions.cancelReply();
      return;
    }
    if (e.key === 'ArrowUp' && content === '' && actions?.editLast()) {
      e.preventDefault();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const label = placeText(t, place, 'composerLabel');
  return (
    <>
      <form className={styles.composer} onSubmit={onSubmit}>
        <ReplyBar />
        {autocomplete.list}
        <PendingAttachments attachments={attachments} />
        <div className={`${styles.box}${over ? ` ${styles.over}` : ''}`}>
          <AttachButton attachments={attachments} className={`${styles.emojiButton} ${styles.attach}`} />
          <textarea
            ref={textarea}
            className={styles.textarea}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              if (!isBlankMessage(e.target.value)) onTyping?.();
            }}
            onKeyDown={onKeyDown}
            onPaste={(e) => {
              // Files pasted into the box are attached (images copied from elsewhere, files copied from a folder).
              const files = Array.from(e.clipboardData.files);
              if (files.length === 0) return;
              e.preventDefault();
              attachments.add(files, 'paste');
            }}
            {...autocomplete.textareaProps}
            rows={1}
            aria-label={label}
            placeholder={label}
            aria-invalid={over || undefined}
            aria-describedby={showCounter ? counterId : undefined}
            enterKeyHint="send"
          />
          {showCounter && (
            <span id={counterId} className={`${styles.counter}${over ? ` ${styles.counterOver}` : ''}`} aria-live="polite">
              <span aria-hidden="true">
                {length}/{limit}
              </span>
              <span className="visually-hidden">
                {over ? t('counterOver', { count: length - limit, max: limit }) : t('counterLeft', { count: limit - length, max: limit })}
              </span>
            </span>
          )}
          <EmojiPickerButton
            label={tEmoji('composerButton')}
            className={styles.emojiButton}
            placement="above"
            teamId={teamId ?? undefined}
            allTeams={teamId === null && premium}
            onPick={insert}
          >
            <SmileIcon />
          </EmojiPickerButton>
          {onSchedule && (
            <button
              type="button"
              className={styles.emojiButton}
              disabled={!canSend}
              aria-label={tScheduled('button')}
              title={tScheduled('button')}
              onClick={() => setScheduling(true)}
            >
              <ClockIcon />
            </button>
          )}
          <button type="submit" className={styles.send} disabled={!canSend} aria-label={sendLabel} title={sendLabel}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M3.4 20.4 21.85 12.5a.55.55 0 0 0 0-1L3.4 3.6a.5.5 0 0 0-.69.6L5 11l9 1-9 1-2.29 6.8a.5.5 0 0 0 .69.6Z" />
            </svg>
          </button>
        </div>
      </form>
      {/* Beside the box's form, not in it: the dialog's own form submits nothing of the box's. */}
      {scheduling && onSchedule && (
        <ScheduleDialog
          content={content.trim()}
          attachmentCount={attachments.uploaded.length}
          onClose={() => setScheduling(false)}
          onSubmit={async (scheduledAt) => {
            await onSchedule(content, actions?.replyingTo?.id ?? null, scheduledAt, attachments.uploaded);
            setScheduling(false);
            // Scheduled: the files went with it (kept while the schedule could still fail).
            attachments.take();
            attachments.dismissErrors();
            clear();
          }}
        />
      )}
    </>
  );
}
