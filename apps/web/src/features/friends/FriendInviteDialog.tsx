import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { useCopyLink } from '../../lib/use-copy-link';
import styles from '../invites/InviteDialog.module.css';
import { friendInviteLink } from './invite-code';
import { useFriendInviteCode } from './queries';

/** The sidebar's friend-invite dialog (001 §2 Other dialogs): the user's own /friendinvite link with Copy. */
export function FriendInviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('friends');
  const code = useFriendInviteCode(open);
  const linkRef = useRef<HTMLInputElement>(null);
  const ids = { link: useId(), error: useId() };
  const link = code.data ? friendInviteLink(window.location.origin, code.data) : '';

  const copy = useCopyLink(link, linkRef, { copied: t('invite.copied'), failed: t('invite.copyFailed') });

  return (
    <Dialog open={open} onClose={onClose} title={t('invite.title')} description={t('invite.description')} initialFocusRef={linkRef}>
      <div className={styles.body}>
        <label htmlFor={ids.link} className={styles.label}>
          {t('invite.link')}
        </label>
        <div className={styles.linkRow}>
          <input
            ref={linkRef}
            id={ids.link}
            className={styles.linkInput}
            readOnly
            value={link}
            placeholder={code.isPending ? t('invite.generating') : ''}
            aria-busy={code.isPending || undefined}
            aria-invalid={code.isError ? true : undefined}
            aria-describedby={code.isError ? ids.error : undefined}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className={styles.copyButton} onClick={() => void copy()} disabled={!link}>
            {t('invite.copy')}
          </button>
        </div>
        {code.isError && (
          <p id={ids.error} className={styles.error} role="alert">
            {code.error.message || t('invite.loadFailed')}
          </p>
        )}
        <div className={styles.footer}>
          <button type="button" className={styles.closeButton} onClick={onClose}>
            {t('invite.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
