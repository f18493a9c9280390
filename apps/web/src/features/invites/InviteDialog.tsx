import type { Team } from '@rally/shared/api/teams';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { createInvite, EXPIRY_OPTIONS, MAX_USES_OPTIONS, type CreatedInvite, type Expiry, type MaxUses } from './invite-queries';
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
  const { t } = useTranslation('invites');
  const toast = useToast();
  const [maxUses, setMaxUses] = useState<MaxUses>(null);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);
  const linkRef = useRef<HTMLInputElement>(null);
  const ids = { link: useId(), uses: useId(), expiry: useId(), error: useId() };

  // A new request starts whenever the dialog opens or an option changes: it is busy and shows no
  // error from then on (state adjusted while rendering, as React's docs do it for a changed prop);
  // the effect below sends it.
  const requestKey = open ? JSON.stringify([team.id, maxUses, expiry]) : null;
  const [startedKey, setStartedKey] = useState<string | null>(null);
  if (startedKey !== requestKey) {
    setStartedKey(requestKey);
    if (requestKey !== null) {
      setBusy(true);
      setError(null);
    }
  }

  useEffect(() => {
    if (!open) return;
    const mine = ++request.current;
    createInvite(team.id, maxUses, expiry)
      .then((inv) => {
        if (request.current !== mine) return;
        setInvite(inv);
      })
      .catch((err: unknown) => {
        if (request.current !== mine) return;
        setInvite(null);
        setError(err instanceof ApiError ? err.message : String(err));
      })
      .finally(() => {
        if (request.current === mine) setBusy(false);
      });
  }, [open, team.id, maxUses, expiry]);

  const link = invite ? `${window.location.origin}/invite/${invite.code}` : '';

  const copy = useCallback(async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.show(t('dialog.copied'), 'success');
    } catch {
      // Clipboard API refused (insecure context, permissions): fall back to a selection copy.
      const el = linkRef.current;
      el?.select();
      const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
      toast.show(ok ? t('dialog.copied') : t('dialog.copyFailed'), ok ? 'success' : 'error');
    }
  }, [link, toast, t]);

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
            value={link}
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
        {error && (
          <p id={ids.error} className={styles.error} role="alert">
            {error}
          </p>
        )}
        {invite && !error && <ExpiryCountdown expiresAt={invite.expiresAt} className={styles.expiry} />}
        <div className={styles.options}>
          <div className={styles.field}>
            <label htmlFor={ids.uses} className={styles.label}>
              {t('dialog.maxUses')}
            </label>
            <select
              id={ids.uses}
              className={styles.select}
              value={maxUses === null ? '' : String(maxUses)}
              onChange={(e) => setMaxUses((e.target.value === '' ? null : Number(e.target.value)) as MaxUses)}
            >
              {MAX_USES_OPTIONS.map((n) => (
                <option key={n ?? 'unlimited'} value={n === null ? '' : String(n)}>
                  {n === null ? t('dialog.unlimited') : t('dialog.uses', { count: n })}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.expiry} className={styles.label}>
              {t('dialog.expiry')}
            </label>
            <select id={ids.expiry} className={styles.select} value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)}>
              {EXPIRY_OPTIONS.map((x) => (
                <option key={x} value={x}>
                  {t(`dialog.options.${x}`)}
                </option>
              ))}
            </select>
          </div>
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
