import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import { clampCrop, cropRect, imagePlacement, initialCrop, MAX_ZOOM, MIN_ZOOM, panBy, zoomTo, type Crop, type Size } from './crop';
import styles from './ImageCropDialog.module.css';

export interface CropShape {
  /** Width / height of the result. */
  aspect: number;
  /** The result's size in pixels. */
  output: Size;
  /** A round mask over the frame (the team picture shows as a circle in places). */
  round: boolean;
}

export const PICTURE_SHAPE: CropShape = { aspect: 1, output: { width: 512, height: 512 }, round: false };
export const BANNER_SHAPE: CropShape = { aspect: 16 / 9, output: { width: 1280, height: 720 }, round: false };

interface Props {
  title: string;
  /** An object URL of the chosen file (the caller creates and revokes it). */
  src: string;
  shape: CropShape;
  onCancel: () => void;
  /** Receives the cropped PNG; the dialog stays open (busy) until it resolves, and shows the rejection's message. */
  onApply: (png: Blob) => Promise<void>;
  /** The upload's progress (0 to 1) while onApply runs, shown under the frame; null or absent: none shown. */
  progress?: number | null;
}

const STEP = 10;
const ZOOM_STEP = 0.1;

/** The cropped part of the image as a PNG of the shape's output size, drawn in a canvas. */
async function renderCrop(image: HTMLImageElement, crop: Crop, shape: CropShape): Promise<Blob> {
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const r = cropRect(crop, size, shape.aspect);
  const canvas = document.createElement('canvas');
  canvas.width = shape.output.width;
  canvas.height = shape.output.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, r.x, r.y, r.width, r.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas'))), 'image/png'));
}

/**
 * Crop a chosen image before it is uploaded: drag it (or move it with the arrow keys) inside the
 * frame, zoom with the slider (or + and −); Apply draws the framed part into a PNG.
 */
export function ImageCropDialog({ title, src, shape, onCancel, onApply, progress }: Props) {
  const { t, i18n } = useTranslation('uploads');
  const imgRef = useRef<HTMLImageElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { help: useId(), zoom: useId() };

  const frameWidth = () => frameRef.current?.getBoundingClientRect().width || 1;
  const move = (dx: number, dy: number) => {
    if (size) setCrop((c) => (c ? panBy(c, dx, dy, frameWidth(), size, shape.aspect) : c));
  };
  const zoom = (value: number) => {
    if (size) setCrop((c) => (c ? zoomTo(c, value, size, shape.aspect) : c));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      move(m[0], m[1]);
    } else if ((e.key === '+' || e.key === '=') && crop) {
      e.preventDefault();
      zoom(crop.zoom + ZOOM_STEP);
    } else if ((e.key === '-' || e.key === '_') && crop) {
      e.preventDefault();
      zoom(crop.zoom - ZOOM_STEP);
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    move(e.clientX - d.x, e.clientY - d.y);
    drag.current = { ...d, x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  const apply = async () => {
    const image = imgRef.current;
    if (!image || !crop) return;
    setBusy(true);
    setError(null);
    let png: Blob;
    try {
      png = await renderCrop(image, crop, shape);
    } catch {
      setError(t('crop.failed'));
      setBusy(false);
      return;
    }
    try {
      await onApply(png);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('errors:upload_failed'));
      setBusy(false);
    }
  };

  const placement = size && crop ? imagePlacement(crop, size, shape.aspect) : null;

  return (
    <Dialog open onClose={busy ? () => undefined : onCancel} title={title} size={shape.aspect > 1 ? 'lg' : 'md'} closeOnBackdrop={false}>
      <p id={ids.help} className={styles.help}>
        {t('crop.help')}
      </p>
      <div
        ref={frameRef}
        className={`${styles.frame} ${shape.aspect <= 1 ? styles.square : ''} ${shape.round ? styles.round : ''}`}
        style={{ aspectRatio: String(shape.aspect) }}
        role="group"
        aria-label={t('crop.area')}
        aria-describedby={ids.help}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <img
          ref={imgRef}
          src={src}
          alt=""
          draggable={false}
          className={styles.image}
          style={placement ? { width: `${placement.width}%`, left: `${placement.left}%`, top: `${placement.top}%` } : { visibility: 'hidden' }}
          onLoad={(e) => {
            const img = e.currentTarget;
            const natural = { width: img.naturalWidth, height: img.naturalHeight };
            setSize(natural);
            setCrop(clampCrop(initialCrop(natural), natural, shape.aspect));
          }}
          onError={() => setError(t('crop.failed'))}
        />
        {!placement && !error && <span className={styles.loading}>{t('crop.loading')}</span>}
      </div>
      <div className={styles.zoomRow}>
        <label htmlFor={ids.zoom} className={styles.zoomLabel}>
          {t('crop.zoom')}
        </label>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className={styles.zoomIcon}>
          <path d="M4 12h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={ids.zoom}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={crop?.zoom ?? MIN_ZOOM}
          disabled={!crop}
          aria-valuetext={new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(crop?.zoom ?? MIN_ZOOM)}
          onChange={(e) => zoom(Number(e.target.value))}
          className={styles.zoom}
        />
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className={styles.zoomIcon}>
          <path d="M4 12h16M12 4v16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      {busy && progress != null && (
        <div className={styles.progressRow}>
          <span>{t('image.uploading')}</span>
          <progress className={styles.progress} max={1} value={progress} aria-label={t('image.progress')} />
        </div>
      )}
      <FormError message={error} className={styles.error} />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button onClick={() => void apply()} loading={busy} disabled={!crop}>
          {t('crop.apply')}
        </Button>
      </div>
    </Dialog>
  );
}
