import type { Member, Role } from '@rally/shared/api/teams';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';
import { loadEmojiCategories, type StandardEmoji } from '../../emoji/emoji-data';
import { useUsableEmojis } from '../../emoji/use-usable-emojis';
import type { TeamChannelsData } from '../../teams/channel-queries';
import type { MentionNames } from './encode-mentions';
import { emojiSuggestionsFor, mentionQueryAt, suggestionsFor, type Suggestion } from './mention-query';
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
    onInput: (e: SyntheticEvent<HTMLTextAreaElement>) => void;
  };
  /** The suggestion list (null when closed), to render above the box. */
  list: ReactNode;
}

/**
 * Suggestions while typing `@name` or `#channel` in a team: its members, roles, @everyone/@here,
 * and its channels, from what the team's screen has loaded; and while typing `:em` anywhere: the
 * team emoji the user may write here, then standard emoji (loaded when first needed). Arrow keys
 * move, Enter or Tab picks (the name goes in the text, which encodeMentions and encodeCustomEmoji
 * turn into mention and emoji syntax on send; a standard emoji goes in as its character), Escape
 * closes.
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
  const emojiQuery = query?.trigger === ':';
  const customEmojis = useUsableEmojis(teamId ?? null);
  const standardEmojis = useStandardEmojis(emojiQuery);
  const names: MentionNames = teamId
    ? {
        users: queryClient.getQueryData<Member[]>(queryKeys.teamMembers(teamId)) ?? [],
        roles: (queryClient.getQueryData<Role[]>(queryKeys.teamRoles(teamId)) ?? []).filter((r) => r.id !== teamId),
        channels: (queryClient.getQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId))?.channels ?? []).filter((c) => c.type !== 'category'),
      }
    : NO_NAMES;
  const suggestions =
    !query || query.start === dismissedAt ? [] : emojiQuery ? emojiSuggestionsFor(query.query, customEmojis, standardEmojis) : suggestionsFor(query, names);
  const open = suggestions.length > 0;
  const index = Math.min(active, suggestions.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;
  const listRef = useRef<HTMLUListElement>(null);

  // The active option stays in view as the arrow keys move through a list that scrolls (16 emoji).
  useEffect(() => {
    if (open) listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [open, index]);

  // Where the caret goes once a pick's text is in the box: set as that render commits, before the next key is handled.
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    textarea.current?.focus();
    textarea.current?.setSelectionRange(at, at);
  }, [content, textarea]);

  const pick = (s: Suggestion) => {
    if (!query) return;
    const before = content.slice(0, query.start) + s.text + ' ';
    caretAfterPick.current = before.length;
    setContent(before + content.slice(caret));
    setCaret(before.length);
    setActive(0);
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
    <ul
      ref={listRef}
      id={listId}
      role="listbox"
      className={styles.list}
      aria-label={t(emojiQuery ? 'autocomplete.emojiList' : query?.trigger === '#' ? 'autocomplete.channels' : 'autocomplete.members')}
    >
      {suggestions.map((s, i) => (
        <li
          key={`${s.kind}-${s.id}`}
          id={optionId(i)}
          role="option"
          // Focusable from script (never a tab stop): the list is the textarea's popup, moved through with its arrow keys.
          tabIndex={-1}
          aria-selected={i === index}
          className={`${styles.option} ${i === index ? styles.active : ''}`}
          onMouseDown={(e) => {
            // Keep the focus in the textarea.
            e.preventDefault();
            pick(s);
          }}
        >
          <span className={styles.name}>
            {s.glyph && <Glyph glyph={s.glyph} />}
            {s.kind === 'emoji' || s.kind === 'standard' ? s.name : `${query?.trigger}${s.name}`}
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
      // A list closed with Escape opens again once its trigger is gone (deleted, or the caret left it) and is typed anew.
      onInput: (e) => {
        const { value, selectionStart } = e.currentTarget;
        if (dismissedAt !== null && mentionQueryAt(value, selectionStart)?.start !== dismissedAt) setDismissedAt(null);
      },
    },
    list,
  };
}

/** A suggested emoji before its name: a team emoji's image or a standard one's character (the name says what it is). */
function Glyph({ glyph }: { glyph: NonNullable<Suggestion['glyph']> }) {
  if ('image' in glyph) return <img className={styles.glyph} src={glyph.image} alt="" width={22} height={22} loading="lazy" />;
  return (
    <span className={styles.glyph} aria-hidden="true">
      {glyph.emoji}
    </span>
  );
}

/** The standard emoji (every category), loaded when `wanted` first becomes true; null until then. */
function useStandardEmojis(wanted: boolean): StandardEmoji[] | null {
  const [emojis, setEmojis] = useState<StandardEmoji[] | null>(null);
  useEffect(() => {
    if (!wanted || emojis) return;
    let live = true;
    loadEmojiCategories().then(
      (categories) => live && setEmojis(categories.flatMap((c) => c.emojis)),
      // Without them, team emoji are still suggested; the next `:` tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, emojis]);
  return emojis;
}
