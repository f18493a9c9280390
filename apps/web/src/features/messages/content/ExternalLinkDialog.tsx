import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { trustHost } from './trusted-domains';
import styles from './MessageContent.module.css';

/** Open an external URL in a new tab, with no access back to Rally. */
export function openExternal(url: URL): void {
  window.open(url.href, '_blank', 'noopener,noreferrer');
}

/**
 * "Leaving Rally" (spec 001 §2 external link confirmation): the full address, Cancel, Visit site, and
 * "trust this domain" so that its links open without asking next time.
 */
export function ExternalLinkDialog({ url, onClose }: { url: URL; onClose: () => void }) {
  const { t } = useTranslation('message-content');
  const [trust, setTrust] = useState(false);
  const visit = () => {
    if (trust) trustHost(url.hostname);
    openExternal(url);
    onClose();
  };
  return createPortal(
    <Dialog open onClose={onClose} title={t('leaving.title')} description={t('leaving.text')} size="sm">
      <p className={styles.leavingUrl}>{url.href}</p>
      <label className={styles.trustRow}>
        <input type="checkbox" checked={trust} onChange={(e) => setTrust(e.target.checked)} />
        {t('leaving.trust', { host: url.hostname })}
      </label>
      <div className={styles.dialogActions}>
        <Button variant="ghost" onClick={onClose}>
          {t('leaving.cancel')}
        </Button>
        <Button variant="primary" onClick={visit}>
          {t('leaving.visit')}
        </Button>
      </div>
    </Dialog>,
    document.body,
  );
}
