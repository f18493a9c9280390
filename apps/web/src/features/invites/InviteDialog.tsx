import type { Team } from '@rally/shared/api/teams';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useCopyLink } from '../../lib/use-copy-link';
import { DEFAULT_INVITE_OPTIONS, EXPIRY_OPTIONS, inviteOptionsSchema, MAX_USES_OPTIONS, type Expiry, type MaxUses } from './invite-form';
import { HIDDEN_TEXT, useStreamerHides } from '../streamer-mode/streamer-mode';
import { useCreateInvite } from './mutations';
import styles from './InviteDialog.module.css';
import { ExpiryCountdown } from './ExpiryCountdown';

interface Props {
  team: Team;
  open: boolean;
  onClose: () => void;
}

/**
 * The team invite dialog: a new invite is generated when it opens and whenever max uses or expiry
 * change (spec 001 §4); the full link can be copied. A failure shows the server's message in red and
 * clears the link.
 */
export function InviteDialog({ team, open, onClose }: Props) {
  const { t } = useTranslation(['invites', 'streamer-mode']);
  const hideLink = useStreamerHides().inviteLinks;
  const form = useZodForm({ schema: inviteOptionsSchema, initialValues: DEFAULT_INVITE_OPTIONS, fields: ['maxUses', 'expiry'] });
  const create = useCreateInvite(team.id);
  // The latest call's answer: a change of option while one is on its way supersedes it.
  const invite = create.data;
  const busy = create.isPending;
  // An answer about the invite as a whole shows under the link; one about an option, under that option.
  const error = form.formError;
  const linkRef = useRef<HTMLInputElement>(null);
  const ids = { link: useId(), error: useId() };

  const options = form.data;
  const { mutate } = create;
  const { clearServerErrors, showServerError } = form;
  useEffect(() => {
    if (!open || !options) return;
    clearServerErrors();
    mutate(options, { onError: showServerError });
  }, [open, options, mutate, clearServerErrors, showServerError]);

  const link = invite ? `${window.location.origin}/invite/${invite.code}` : '';

  const copy = useCopyLink(link, linkRef, { copied: t('dialog.copied'), failed: t('dialog.copyFailed') });

  return (
    <Dialog open={open} onClose={onClose} title={t('dialog.title', { team: team.name })} description={t('dialog.description')} initialFocusRef={linkRef}>
      <div className={styles.body}>
        <label htmlFor={ids.link} className={styles.label}>
          {t('dialog.link')}
        </label>
        <div className={styles.linkRow}>
          <input
            ref={linkRef}
            id={ids.link}
            className={styles.linkInput}
            readOnly
            value={hideLink && link ? `${window.location.origin}/invite/${HIDDEN_TEXT}` : link}
            placeholder={busy ? t('dialog.generating') : ''}
            aria-busy={busy || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className={styles.copyButton} onClick={() => void copy()} disabled={!link || busy}>
            {t('dialog.copy')}
          </button>
        </div>
        {hideLink && <p className={styles.hiddenNote}>{t('streamer-mode:hidden.invite')}</p>}
        {error && (
          <p id={ids.error} className={styles.error} role="alert">
            {error}
          </p>
        )}
        {invite && !error && <ExpiryCountdown expiresAt={invite.expiresAt} className={styles.expiry} />}
        <div className={styles.options}>
          <OptionSelect
            label={t('dialog.maxUses')}
            value={form.values.maxUses === null ? '' : String(form.values.maxUses)}
            onChange={(v) => form.set({ maxUses: (v === '' ? null : Number(v)) as MaxUses }, { touch: true })}
            options={MAX_USES_OPTIONS.map((n) => ({
              value: n === null ? '' : String(n),
              label: n === null ? t('dialog.unlimited') : t('dialog.uses', { count: n }),
            }))}
            error={form.errorFor('maxUses')}
          />
          <OptionSelect
            label={t('dialog.expiry')}
            value={form.values.expiry}
            onChange={(v) => form.set({ expiry: v as Expiry }, { touch: true })}
            options={EXPIRY_OPTIONS.map((x) => ({ value: x, label: t(`dialog.options.${x}`) }))}
            error={form.errorFor('expiry')}
          />
        </div>
        <div className={styles.footer}>
          <button type="button" className={styles.closeButton} onClick={onClose}>
            {t('dialog.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

interface OptionSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error: string | null;
}

/** One of the dialog's options, with the server's error about it underneath. */
function OptionSelect({ label, value, onChange, options, error }: OptionSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
