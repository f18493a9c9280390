import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looksLikeImage } from './checks';
import type { PendingAttachment } from './draft';
import { formatFileSize } from './file-size';
import { FileTypeIcon } from './icons';
import styles from './PendingAttachments.module.css';
import type { AttachmentsApi } from './use-attachment-draft';

/**
 * The files attached to the message being written, above the box: a thumbnail of an image (or the
 * file's icon), its name and size, a progress bar while it uploads, the server's message and Retry
 * when it failed, and × to take it off. Then why the last files were refused, if any were.
 */
export function PendingAttachments({ attachments }: { attachments: AttachmentsApi }) {
  const { t } = useTranslation('attachments');
  const { items, errors } = attachments;
  if (items.length === 0 && errors.length === 0) return null;
  return (
    <div className={styles.pending}>
      {items.length > 0 && (
        <ul className={styles.list} aria-label={t('pendingLabel')}>
          {items.map((item) => (
            <PendingItem key={item.key} item={item} onRemove={() => attachments.remove(item.key)} onRetry={() => attachments.retry(item.key)} />
          ))}
        </ul>
      )}
      {errors.length > 0 && (
        <div className={styles.errors} role="alert">
          <ul className={styles.errorList}>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <button type="button" className={styles.dismiss} onClick={attachments.dismissErrors} aria-label={t('dismiss')} title={t('dismiss')}>
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}

function PendingItem({ item, onRemove, onRetry }: { item: PendingAttachment; onRemove: () => void; onRetry: () => void }) {
  const { t, i18n } = useTranslation('attachments');
  const name = item.file.name;
  const percent = Math.round(item.progress * 100);
  const thumbnail = useImageThumbnail(item.file, item.previewUrl);
  return (
    <li className={`${styles.item} ${item.status === 'failed' ? styles.itemFailed : ''}`} data-status={item.status}>
      <div className={styles.thumb}>{thumbnail ? <img src={thumbnail} alt="" className={styles.thumbImage} /> : <FileTypeIcon type={item.type} />}</div>
      <div className={styles.info}>
        <span className={styles.name} title={name}>
          {name}
        </span>
        <span className={styles.meta}>
          {formatFileSize(item.file.size, i18n.language)}
          {item.status === 'done' && <span className="visually-hidden"> — {t('uploaded')}</span>}
        </span>
        {item.status === 'uploading' && (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('uploading', { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('percent', { percent })}
          >
            <div className={styles.progressFill} style={{ width: `${percent}%` }} />
          </div>
        )}
        {item.status === 'failed' && (
          <span className={styles.error}>
            <span className={styles.errorText} title={item.error ?? undefined}>
              {item.error}
            </span>
            <button type="button" className={styles.retry} onClick={onRetry} aria-label={t('retryName', { name })}>
              {t('retry')}
            </button>
          </span>
        )}
      </div>
      <button type="button" className={styles.remove} onClick={onRemove} aria-label={t('remove', { name })} title={t('remove', { name })}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/**
 * The image's URL once its bytes are known to be an image and the browser has decoded it, else
 * null: a file named like an image that is none keeps the file icon (it is never loaded as one).
 */
function useImageThumbnail(file: File, url: string | null): string | null {
  const [decoded, setDecoded] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    void (async () => {
      try {
        if (!looksLikeImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return;
        const image = new Image();
        image.src = url;
        await image.decode();
        if (current) setDecoded(url);
      } catch {
        // Not decodable: the file icon stays.
      }
    })();
    return () => {
      current = false;
    };
  }, [file, url]);
  return decoded === url ? decoded : null;
}
