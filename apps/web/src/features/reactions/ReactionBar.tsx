import type { Message } from '@rally/shared/api/messages';
import type { Reaction } from '@rally/shared/api/reactions';
import { useTranslation } from 'react-i18next';
import { useTeamMembers } from '../teams/members-queries';
import { EmojiPickerButton } from '../emoji/EmojiPickerButton';
import { EmojiGlyph } from './EmojiGlyph';
import styles from './Reactions.module.css';
import type { ReactionToggle } from './use-react';
import type { ChatPerson } from '../message-actions/actions-context';

interface Props {
  message: Message;
  /** Null in a direct chat, whose people `people` names. */
  teamId: string | null;
  people?: readonly ChatPerson[];
  toggle: ReactionToggle;
  /** The reader may not react here: the chips only show who reacted, and there is no picker. */
  readOnly?: boolean;
}

/** Names of those who reacted, as far as the reader knows them (members of the team, or the chat's people). */
function namesOf(reaction: Reaction, members: readonly ChatPerson[] | undefined, myId: string, you: string): string[] {
  return reaction.users.map((id) => (id === myId ? you : (members?.find((m) => m.id === id)?.username ?? null))).filter((n): n is string => n !== null);
}

/**
 * The reactions under a message: one chip per emoji with its count, pressed when the reader is
 * among those who reacted; a click adds or takes back theirs (shown at once). The tooltip and the
 * accessible name say who reacted. A last button opens the picker to add another.
 */
export function ReactionBar({ message, teamId, people, toggle, readOnly = false }: Props) {
  const { t } = useTranslation('message-actions');
  const members = useTeamMembers(teamId ?? '', teamId !== null).data ?? people;
  if (message.reactions.length === 0) return null;
  return (
    <div className={styles.bar} role="group" aria-label={t('reactions.label')}>
      {message.reactions.map((r) => {
        const emojiName = r.emoji ? `:${r.emoji.name}:` : r.emojiId;
        const names = namesOf(r, members, toggle.myId, t('reactions.you'));
        const others = r.count - names.length;
        const who = others > 0 ? t('reactions.whoAndOthers', { names: names.join(', '), count: others }) : names.join(', ');
        const title = t('reactions.tooltip', { who: who || t('reactions.someone', { count: r.count }), emoji: emojiName });
        return (
          <button
            key={r.emojiId}
            type="button"
            className={`${styles.chip}${r.me ? ` ${styles.mine}` : ''}`}
            aria-pressed={r.me}
            aria-disabled={readOnly || undefined}
            aria-label={t('reactions.chip', { emoji: emojiName, count: r.count })}
            title={title}
            onClick={() => !readOnly && toggle.toggle(message.id, r.emojiId, !r.me, r.emoji)}
          >
            <EmojiGlyph emojiId={r.emojiId} emoji={r.emoji} />
            <span className={styles.count}>{r.count}</span>
          </button>
        );
      })}
      {!readOnly && (
        <EmojiPickerButton
          label={t('toolbar.react')}
          className={styles.addChip}
          teamId={teamId ?? undefined}
          align="start"
          onPick={(picked) => toggle.pick(message, picked)}
        >
          <SmileIcon />
        </EmojiPickerButton>
      )}
    </div>
  );
}

export function SmileIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm-3.5-9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm7 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM12 17.5a5.5 5.5 0 0 0 5-3.2 1 1 0 0 0-1.8-.8 3.5 3.5 0 0 1-6.4 0 1 1 0 1 0-1.8.8 5.5 5.5 0 0 0 5 3.2Z"
      />
    </svg>
  );
}
