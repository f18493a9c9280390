import type { Attachment } from '@rally/shared/api/attachments';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from './file-size';
import { DownloadIcon, FileTypeIcon } from './icons';
import { ImageLightbox } from './ImageLightbox';
import styles from './MessageAttachments.module.css';
import { previewBox } from './preview-box';

/** Only addresses of our own server or a web address (never javascript: or data:) become links and sources. */
function servable(url: string): boolean {
  return url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\//i.test(url);
}

/**
 * A message's attachments under its text (001 §3): images and videos in a box of their own size
 * scaled to fit 400×300, reserved before they load (no layout jump), an image opening full size in
 * a dialog; audio as a card with its player; other files as a card with the name, the size and a
 * download link.
 */
export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  const { t } = useTranslation('attachments');
  const [open, setOpen] = useState<Attachment | null>(null);
  const shown = attachments.filter((a) => servable(a.url));
  if (shown.length === 0) return null;
  return (
    <>
      <ul className={styles.attachments} aria-label={t('listLabel', { count: shown.length })}>
        {shown.map((a) => (
          <li key={a.id} className={styles.item}>
            {a.type === 'image' ? (
              <ImageTile attachment={a} onOpen={() => setOpen(a)} />
            ) : a.type === 'video' ? (
              <VideoTile attachment={a} />
            ) : (
              <FileCard attachment={a} />
            )}
          </li>
        ))}
      </ul>
      {open && <ImageLightbox attachment={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The reserved box of a preview: its width (at most the message's), and its height by the aspect ratio. */
function boxStyle(a: Attachment): { style: CSSProperties; width: number; height: number } {
  const { width, height } = previewBox(a.width, a.height);
  return { style: { width: `${width}px`, aspectRatio: `${width} / ${height}` }, width, height };
}

function ImageTile({ attachment: a, onOpen }: { attachment: Attachment; onOpen: () => void }) {
  const { t } = useTranslation('attachments');
  const [broken, setBroken] = useState(false);
  const box = boxStyle(a);
  if (broken) {
    return (
      <div className={`${styles.media} ${styles.broken}`} style={box.style}>
        <FileTypeIcon type="image" />
        <span>{t('imageMissing')}</span>
      </div>
    );
  }
  return (
    <button type="button" className={`${styles.media} ${styles.imageButton}`} style={box.style} onClick={onOpen} aria-label={t('openImage', { name: a.name })}>
      <img
        src={a.url}
        alt={a.name}
        width={box.width}
        height={box.height}
        loading="lazy"
        decoding="async"
        className={styles.mediaContent}
        onError={() => setBroken(true)}
      />
    </button>
  );
}

function VideoTile({ attachment: a }: { attachment: Attachment }) {
  const box = boxStyle(a);
  return (
    <div className={styles.media} style={box.style}>
      <video src={a.url} controls preload="metadata" width={box.width} height={box.height} className={styles.mediaContent} aria-label={a.name} />
    </div>
  );
}

/** Audio (with its player) and any other file (with its download link). */
function FileCard({ attachment: a }: { attachment: Attachment }) {
  const { t, i18n } = useTranslation('attachments');
  return (
    <div className={`${styles.card} ${a.type === 'audio' ? styles.audioCard : ''}`}>
      <div className={styles.cardRow}>
        <span className={styles.cardIcon}>
          <FileTypeIcon type={a.type} />
        </span>
        <span className={styles.cardText}>
          <span className={styles.cardName} title={a.name}>
            {a.name}
          </span>
          <span className={styles.cardSize}>{formatFileSize(a.fileSizeBytes, i18n.language)}</span>
        </span>
        <a className={styles.download} href={a.url} download={a.name} aria-label={t('download', { name: a.name })} title={t('download', { name: a.name })}>
          <DownloadIcon />
        </a>
      </div>
      {a.type === 'audio' && <audio className={styles.audio} src={a.url} controls preload="metadata" aria-label={a.name} />}
    </div>
  );
}
