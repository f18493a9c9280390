import { emojiNameFrom, type TeamEmoji } from '@rally/shared/api/emojis';
import type { Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import listStyles from '../team-settings/TabList.module.css';
import { TabState } from '../team-settings/TabState';
import { fullTime, relativeTime } from '../team-settings/relative-time';
import styles from './EmojiTab.module.css';
import { useDeleteEmoji, useRenameEmoji, useUploadEmojis } from './mutations';
import { useTeamEmojis } from './queries';
import { checkEmojiFiles, EMOJI_ACCEPT } from './upload-checks';

/**
 * The Emoji tab of the team settings (MANAGE_TEAM; 001 §2, §6, §7): Upload emoji (webp, png or gif,
 * several at once, checked here before they go), the team's emoji with their image, `:name:`, who
 * uploaded them and when, and their count out of LIMITS.emoji.perTeam; each renamed in place (the
 * name rule applied as it is typed) or deleted after a confirmation. TEAM_EMOJIS_UPDATED keeps the
 * list current.
 */
export function EmojiTab({ team }: { team: Team }) {
  const { t } = useTranslation('emoji');
  const toast = useToast();
  const emojis = useTeamEmojis(team.id);
  const upload = useUploadEmojis(team.id);
  const remove = useDeleteEmoji(team.id);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TeamEmoji | null>(null);
  const count = emojis.data?.length ?? 0;
  const full = count >= LIMITS.emoji.perTeam;

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // The same files may be chosen again after a refusal.
    e.target.value = '';
    if (files.length === 0) return;
    const found = checkEmojiFiles(files, count);
    if (found) {
      const text = t(`errors:${found.code}`);
      setProblem(found.file ? t('settings.fileProblem', { file: found.file, problem: text }) : text);
      return;
    }
    setProblem(null);
    upload.mutate(files, {
      onSuccess: () => toast.show(t('settings.uploaded'), 'success'),
      onError: (err) => setProblem(errorText(err, t)),
    });
  };

  return (
    <div className={listStyles.tab}>
      <h2 className={listStyles.heading}>{t('settings.heading')}</h2>
      <p className={listStyles.description}>{t('settings.description', { max: LIMITS.emoji.perUpload })}</p>
      <div className={styles.toolbar}>
        <input
          ref={input}
          type="file"
          multiple
          accept={EMOJI_ACCEPT}
          hidden
          tabIndex={-1}
          aria-label={t('settings.upload')}
          onChange={onPick}
          disabled={full || upload.isPending}
        />
        <Button size="sm" onClick={() => input.current?.click()} loading={upload.isPending} disabled={full || !emojis.isSuccess}>
          {t('settings.upload')}
        </Button>
        {emojis.isSuccess && (
          <span className={listStyles.count}>
            <span aria-hidden="true">{t('settings.count', { count, max: LIMITS.emoji.perTeam })}</span>
            <span className="visually-hidden">{t('settings.countLabel', { count, max: LIMITS.emoji.perTeam })}</span>
          </span>
        )}
      </div>
      {full && <p className={listStyles.description}>{t('errors:emoji_limit')}</p>}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <TabState query={emojis} empty={count === 0 ? t('settings.empty') : null}>
        <ul className={listStyles.list} aria-label={t('settings.listLabel')}>
          {emojis.data?.map((emoji) => (
            <EmojiRow key={emoji.id} team={team} emoji={emoji} onDelete={() => setDeleting(emoji)} />
          ))}
        </ul>
      </TabState>
      {deleting && (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={t('settings.deleteTitle', { name: deleting.name })}
          message={t('settings.deleteMessage')}
          confirmLabel={t('settings.delete')}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            toast.show(t('settings.deleted', { name: deleting.name }), 'success');
          }}
        />
      )}
    </div>
  );
}

/** A refusal's text: the errors namespace's for its code (in the UI's language), else the server's message. */
function errorText(err: unknown, t: (key: string) => string): string {
  if (err instanceof ApiError && err.code && i18next.exists(`errors:${err.code}`)) return t(`errors:${err.code}`);
  return err instanceof Error ? err.message : String(err);
}

/** One emoji: its image, `:name:` (a text box while renamed), who uploaded it and when, Rename and Delete. */
function EmojiRow({ team, emoji, onDelete }: { team: Team; emoji: TeamEmoji; onDelete: () => void }) {
  const { t, i18n } = useTranslation('emoji');
  const toast = useToast();
  const rename = useRenameEmoji(team.id);
  const [draft, setDraft] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // Set while the text box is open: Enter, Escape and the blur of the removed box finish it once.
  const open = useRef(false);
  const label = `:${emoji.name}:`;
  const editing = draft !== null;

  // The text box takes the focus with the name selected, as the name it replaces was chosen.
  useEffect(() => {
    if (editing) nameInput.current?.select();
  }, [editing]);

  /**
   * Leave the text box: save a new non-empty name (an empty one keeps the old), or cancel. Focus
   * goes back to Rename after Enter or Escape (a click elsewhere keeps it where it went).
   */
  const finish = (save: boolean, refocus: boolean) => {
    if (draft === null || !open.current) return;
    open.current = false;
    setDraft(null);
    if (refocus) requestAnimationFrame(() => renameButton.current?.focus());
    if (!save || draft === '' || draft === emoji.name) return;
    rename.mutate({ emoji, name: draft }, { onError: (err) => toast.show(errorText(err, t), 'error') });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      finish(true, true);
    } else if (e.key === 'Escape') {
      // Cancels the rename only, not the settings dialog.
      e.preventDefault();
      e.stopPropagation();
      finish(false, true);
    }
  };

  return (
    <li className={listStyles.row}>
      {/* Its name follows: the image needs none of its own. */}
      <img className={styles.image} src={emoji.url} alt="" width={40} height={40} loading="lazy" />
      <div className={listStyles.main}>
        {!editing ? (
          <span className={listStyles.title}>{label}</span>
        ) : (
          <span className={styles.nameEdit}>
            <span aria-hidden="true">:</span>
            <input
              className={styles.nameInput}
              value={draft}
              maxLength={LIMITS.emoji.nameMax * 4}
              aria-label={t('settings.nameOf', { name: emoji.name })}
              ref={nameInput}
              onChange={(e) => setDraft(emojiNameFrom(e.target.value))}
              onKeyDown={onKeyDown}
              onBlur={() => finish(true, false)}
            />
            <span aria-hidden="true">:</span>
          </span>
        )}
        <span className={listStyles.meta}>
          <span>{t('settings.uploadedBy', { user: emoji.creator?.username ?? t('settings.unknownUser') })}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={emoji.createdAt} title={fullTime(emoji.createdAt, i18n.language)}>
            {relativeTime(emoji.createdAt, i18n.language)}
          </time>
        </span>
      </div>
      <div className={listStyles.actions}>
        <Button
          ref={renameButton}
          size="sm"
          variant="secondary"
          onClick={() => {
            open.current = true;
            setDraft(emoji.name);
          }}
          disabled={editing}
          aria-label={t('settings.renameOf', { name: emoji.name })}
        >
          {t('settings.rename')}
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete} aria-label={t('settings.deleteOf', { name: emoji.name })}>
          {t('settings.delete')}
        </Button>
      </div>
    </li>
  );
}
