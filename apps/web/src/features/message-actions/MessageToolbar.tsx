import type { Message } from '@rally/shared/api/messages';
import { forwardRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, type MenuItem } from '../../components/ui/Menu';
import { useToast } from '../../components/ui/toast-context';
import { EmojiPickerButton } from '../emoji/EmojiPickerButton';
import { useIsBlocked } from '../friends/queries';
import { useUnblock } from '../friends/use-unblock';
import { PinIcon } from '../pins/PinIcon';
import { SmileIcon } from '../reactions/ReactionBar';
import { useDeveloperMode } from '../settings/settings-state';
import type { MessageActionsApi } from './actions-context';
import { copyText, messageLink } from './copy';
import styles from './MessageActions.module.css';

interface Props {
  message: Message;
  actions: MessageActionsApi;
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={d} />
  </svg>
);
const REPLY = 'M10 9V5l-7 7 7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11Z';
const EDIT = 'M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25Zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83Z';
const TRASH = 'M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12ZM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4Z';
const MORE = 'M6 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm6 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm6 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z';

/**
 * The actions of one message: react, reply, edit (own), delete (own, or with MANAGE_MESSAGES;
 * Shift-click skips the confirmation) and a menu with the rest (pin or unpin where the reader may, copy link and text, the ID in
 * developer mode, report, and block or unblock the author for others' messages). Shown while the message is hovered or holds focus, so it is reached with
 * Tab from the message; the same menu opens on a right-click of the message.
 */
export const MessageToolbar = forwardRef<HTMLDivElement, Props>(function MessageToolbar({ message, actions }, ref) {
  const { t } = useTranslation(['message-actions', 'friends']);
  const toast = useToast();
  const [pickerOpen, setPickerOpen] = useState(false);
  const own = message.createdBy.id === actions.myId;
  const canDelete = own || actions.canManage;
  const developerMode = useDeveloperMode();
  // Block or Unblock the author of another's message; never the system account (001 §6).
  const author = message.createdBy;
  const blockable = !own && actions.myId !== '' && !actions.chatPeople.some((p) => p.id === author.id && p.system);
  const blocked = useIsBlocked(author.id);
  const { unblock } = useUnblock();

  const copy = async (text: string, done: string) => {
    const copied = await copyText(text);
    toast.show(copied ? done : t('copy.failed'), copied ? 'success' : 'error');
  };
  const items: (MenuItem | null)[] = [
    actions.canSend ? { id: 'reply', label: t('toolbar.reply'), icon: icon(REPLY), onSelect: () => actions.startReply(message) } : null,
    own ? { id: 'edit', label: t('toolbar.edit'), icon: icon(EDIT), onSelect: () => actions.startEdit(message.id) } : null,
    actions.canPin
      ? {
          id: message.pinned ? 'unpin' : 'pin',
          label: t(message.pinned ? 'toolbar.unpin' : 'toolbar.pin'),
          icon: <PinIcon />,
          onSelect: () => actions.setPinned(message, !message.pinned),
        }
      : null,
    { id: 'mark-unread', label: t('toolbar.markUnread'), onSelect: () => actions.markUnread(message) },
    null,
    { id: 'copy-link', label: t('copy.link'), onSelect: () => void copy(messageLink(actions.teamId, actions.channelId, message.id), t('copy.linkDone')) },
    { id: 'copy-text', label: t('copy.text'), onSelect: () => void copy(message.content, t('copy.textDone')) },
    ...(developerMode ? [{ id: 'copy-id', label: t('copy.id'), onSelect: () => void copy(message.id, t('copy.idDone')) }] : []),
    own ? null : { id: 'report', label: t('toolbar.report'), danger: true, onSelect: () => actions.openReport(message) },
    !blockable
      ? null
      : blocked
        ? { id: 'unblock', label: t('friends:actions.unblockLabel', { name: author.username }), onSelect: () => unblock(author) }
        : { id: 'block', label: t('friends:actions.blockLabel', { name: author.username }), danger: true, onSelect: () => actions.requestBlock(author) },
    canDelete ? { id: 'delete', label: t('toolbar.delete'), danger: true, icon: icon(TRASH), onSelect: () => actions.requestDelete(message, false) } : null,
  ];
  // No two separators in a row, none at the end.
  const shown = items.filter((item, i) => item !== null || (items[i - 1] !== null && items.slice(i + 1).some((next) => next !== null)));

  return (
    <div
      ref={ref}
      className={`${styles.toolbar}${pickerOpen ? ` ${styles.toolbarOpen}` : ''}`}
      role="toolbar"
      aria-label={t('toolbar.label', { name: message.createdBy.username })}
    >
      {actions.canReact && (
        <EmojiPickerButton
          label={t('toolbar.react')}
          className={styles.toolButton}
          teamId={actions.teamId ?? undefined}
          onOpenChange={setPickerOpen}
          onPick={(picked) => actions.reactions.pick(message, picked)}
        >
          <SmileIcon />
        </EmojiPickerButton>
      )}
      {actions.canSend && (
        <button
          type="button"
          className={styles.toolButton}
          aria-label={t('toolbar.reply')}
          title={t('toolbar.reply')}
          onClick={() => actions.startReply(message)}
        >
          {icon(REPLY)}
        </button>
      )}
      {own && (
        <button
          type="button"
          className={styles.toolButton}
          aria-label={t('toolbar.edit')}
          title={t('toolbar.edit')}
          onClick={() => actions.startEdit(message.id)}
        >
          {icon(EDIT)}
        </button>
      )}
      {canDelete && (
        <button
          type="button"
          className={`${styles.toolButton} ${styles.toolDanger}`}
          aria-label={t('toolbar.delete')}
          title={t('toolbar.deleteHint')}
          onClick={(e: MouseEvent) => actions.requestDelete(message, e.shiftKey)}
        >
          {icon(TRASH)}
        </button>
      )}
      <span data-message-menu="">
        <Menu label={t('toolbar.more')} trigger={icon(MORE)} items={shown} align="end" triggerClassName={styles.toolButton} />
      </span>
    </div>
  );
});
