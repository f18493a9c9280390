import { setStatusRequestSchema } from '@rally/shared/api/profile';
import type { UserStatus } from '@rally/shared/api/users';
import { LIMITS } from '@rally/shared/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { requestForm } from '../../lib/form/request-form';
import { useZodForm } from '../../lib/form/use-zod-form';
import { EmojiPickerButton } from '../emoji/EmojiPickerButton';
import { EmojiGlyph } from '../reactions/EmojiGlyph';
import { useClearStatus, useSetStatus } from '../users/mutations';
import styles from './StatusEditor.module.css';
import { StatusSuggestions } from './StatusSuggestions';

/** The editor's values: the text as typed, and the emoji (a standard emoji's character(s) or a team emoji's id), or none. */
interface StatusValues {
  content: string;
  emojiId: string | null;
}

const statusForm = requestForm(setStatusRequestSchema, (values: StatusValues) => values);

interface Props {
  /** The status the user has now (the fields start with it), or null. */
  current: UserStatus | null;
  onClose: () => void;
}

/**
 * The custom status editor (spec 001 §2 Status editor, §4, §8): an emoji from the picker (standard,
 * or any of the user's teams'), a line of text, the rotating suggestions, and a button that empties
 * both. Saving with both empty deletes the status. Success and failure are toasts ('Status updated',
 * 'Status deleted', the server's message).
 */
export function StatusEditor({ current, onClose }: Props) {
  const { t } = useTranslation(['presence', 'common']);
  const toast = useToast();
  const setStatus = useSetStatus();
  const clearStatus = useClearStatus();
  // A team emoji's name and image, to show it (its id is the form's value).
  const [picked, setPicked] = useState<UserStatus['emoji']>(current?.emoji ?? null);
  const form = useZodForm({
    schema: statusForm,
    initialValues: { content: current?.content ?? '', emojiId: current?.emojiId ?? null },
    fields: ['content', 'emojiId'],
  });
  const { content, emojiId } = form.values;
  const length = [...content.trim()].length;
  const empty = length === 0 && !emojiId;

  const submit = form.handleSubmit(
    async (body) => {
      if (!body.content && !body.emojiId) {
        await clearStatus.mutateAsync();
        toast.show(t('custom.deleted'), 'success');
      } else {
        await setStatus.mutateAsync(body);
        toast.show(t('custom.updated'), 'success');
      }
      onClose();
    },
    (err) => toast.show(err instanceof Error && err.message ? err.message : t('failed'), 'error'),
  );

  return (
    <Dialog open onClose={onClose} title={t('custom.title')} description={t('custom.description')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.row}>
          <EmojiPickerButton
            label={t('custom.emoji')}
            className={styles.emojiButton}
            allTeams
            align="start"
            onPick={(emoji) => {
              if (emoji.kind === 'custom') {
                form.set({ emojiId: emoji.emoji.id }, { touch: true });
                setPicked({ name: emoji.emoji.name, url: emoji.emoji.url });
              } else {
                form.set({ emojiId: emoji.emoji }, { touch: true });
                setPicked(null);
              }
            }}
          >
            {emojiId ? (
              <EmojiGlyph emojiId={emojiId} emoji={picked} size={22} />
            ) : (
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
                <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                <circle cx="9" cy="10" r="1.2" fill="currentColor" />
                <circle cx="15" cy="10" r="1.2" fill="currentColor" />
              </svg>
            )}
          </EmojiPickerButton>
          <TextField
            className={styles.text}
            label={t('custom.text')}
            placeholder={t('custom.placeholder')}
            autoComplete="off"
            maxLength={LIMITS.status.contentMax + 20}
            {...form.text('content', { live: true })}
            labelAside={
              <span className={length > LIMITS.status.contentMax ? styles.over : undefined} aria-hidden="true">
                {length}/{LIMITS.status.contentMax}
              </span>
            }
          />
          <button
            type="button"
            className={styles.clear}
            aria-label={t('custom.clearFields')}
            title={t('custom.clearFields')}
            disabled={empty}
            onClick={() => {
              form.set({ content: '', emojiId: null }, { touch: true });
              setPicked(null);
            }}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {form.errorFor('emojiId') && (
          <p className={styles.error} role="alert">
            {form.errorFor('emojiId')}
          </p>
        )}
        <StatusSuggestions
          onPick={(suggestion, text) => {
            form.set({ content: text, emojiId: suggestion.emoji }, { touch: true });
            setPicked(null);
          }}
        />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!form.data} loading={setStatus.isPending || clearStatus.isPending}>
            {t('custom.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
