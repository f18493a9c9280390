import type { Member, Role } from '@rally/shared/api/teams';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';
import type { TeamChannelsData } from '../../teams/channel-queries';
import type { MentionNames } from './encode-mentions';
import { mentionQueryAt, suggestionsFor, type Suggestion } from './mention-query';
import styles from './MentionAutocomplete.module.css';

const NO_NAMES: MentionNames = { users: [], roles: [], channels: [] };

export interface MentionAutocomplete {
  /** Handle the key first: true when the list used it (arrows, Enter or Tab to pick, Escape to close). */
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** Props for the textarea: the list it controls, the active option, caret tracking. */
  textareaProps: {
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    onSelect: (e: SyntheticEvent<HTMLTextAreaElement>) => void;
  };
  /** The suggestion list (null when closed), to render above the box. */
  list: ReactNode;
}

/**
 * Suggestions while typing `@name` or `#channel` in a team: its members, roles, @everyone/@here,
 * and its channels, from what the team's screen has loaded. Arrow keys move, Enter or Tab picks
 * (the name goes in the text; encodeMentions turns it into mention syntax on send), Escape closes.
 */
export function useMentionAutocomplete(
  content: string,
  setContent: (text: string) => void,
  textarea: RefObject<HTMLTextAreaElement | null>,
): MentionAutocomplete {
  const { t } = useTranslation('message-content');
  const { teamId } = useParams();
  const queryClient = useQueryClient();
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const query = mentionQueryAt(content, Math.min(caret, content.length));
  const names: MentionNames = teamId
    ? {
        users: queryClient.getQueryData<Member[]>(queryKeys.teamMembers(teamId)) ?? [],
        roles: (queryClient.getQueryData<Role[]>(queryKeys.teamRoles(teamId)) ?? []).filter((r) => r.id !== teamId),
        channels: (queryClient.getQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId))?.channels ?? []).filter((c) => c.type !== 'category'),
      }
    : NO_NAMES;
  const suggestions = query && query.start !== dismissedAt ? suggestionsFor(query, names) : [];
  const open = suggestions.length > 0;
  const index = Math.min(active, suggestions.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;

  const pick = (s: Suggestion) => {
    if (!query) return;
    const before = content.slice(0, query.start + 1) + s.name + ' ';
    setContent(before + content.slice(caret));
    setCaret(before.length);
    setActive(0);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(before.length, before.length);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || !query) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      setActive((index + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
    } else if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      pick(suggestions[index]!);
    } else if (e.key === 'Escape') {
      setDismissedAt(query.start);
    } else return false;
    e.preventDefault();
    return true;
  };

  const list = open ? (
    <ul id={listId} role="listbox" className={styles.list} aria-label={t(query?.trigger === '#' ? 'autocomplete.channels' : 'autocomplete.members')}>
      {suggestions.map((s, i) => (
        <li
          key={`${s.kind}-${s.id}`}
          id={optionId(i)}
          role="option"
          aria-selected={i === index}
          className={`${styles.option} ${i === index ? styles.active : ''}`}
          onMouseDown={(e) => {
            // Keep the focus in the textarea.
            e.preventDefault();
            pick(s);
          }}
        >
          <span className={styles.name}>
            {query?.trigger}
            {s.name}
          </span>
          <span className={styles.kind}>{t(`autocomplete.${s.kind}`)}</span>
        </li>
      ))}
    </ul>
  ) : null;

  return {
    onKeyDown,
    textareaProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(index) : undefined,
      onSelect: (e) => setCaret(e.currentTarget.selectionStart),
    },
    list,
  };
}
