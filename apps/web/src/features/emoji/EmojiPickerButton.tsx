import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatest } from '../../lib/use-latest';
import type { EmojiPickerProps, PickedEmoji } from './EmojiPicker';
import styles from './EmojiPicker.module.css';

/** The picker and its data load only when first opened: they add nothing to the chat's own chunk. */
const EmojiPicker = lazy(() => import('./EmojiPicker').then((m) => ({ default: m.EmojiPicker })));

interface Props extends Pick<EmojiPickerProps, 'teamId' | 'allTeams'> {
  /** The button's accessible name (and tooltip). */
  label: string;
  children: ReactNode;
  onPick: (emoji: PickedEmoji) => void;
  className?: string;
  /** Which side of the button the picker opens towards. */
  align?: 'start' | 'end';
  /** Where the picker opens: above the button (composer) or below it. */
  placement?: 'above' | 'below';
  /** Called when the picker opens or closes (the message toolbar stays shown while it is open). */
  onOpenChange?: (open: boolean) => void;
}

/** The picker's size (EmojiPicker.module.css .picker) and its distance from the button and the window's edges. */
const PICKER = { width: 352, height: 416, gap: 6, margin: 8 };

/**
 * Where the picker goes, in the window (fixed, so that no scrolling list clips it): above or below
 * the button as asked, or wherever there is room; lined up with the button's start or end edge,
 * kept inside the window.
 */
function placeNear(r: DOMRect, align: 'start' | 'end', placement: 'above' | 'below'): CSSProperties {
  const { innerWidth: w, innerHeight: h } = window;
  const height = Math.min(PICKER.height, h * 0.6);
  const width = Math.min(PICKER.width, w - 2 * PICKER.margin);
  const roomBelow = h - r.bottom - PICKER.gap;
  const above = placement === 'above' ? r.top - PICKER.gap >= height || r.top > roomBelow : roomBelow < height && r.top > roomBelow;
  const left = Math.min(Math.max(PICKER.margin, align === 'end' ? r.right - width : r.left), w - width - PICKER.margin);
  return { position: 'fixed', left, ...(above ? { bottom: h - r.top + PICKER.gap } : { top: r.bottom + PICKER.gap }) };
}

/** A button that opens the emoji picker beside it; a pick, Escape or a click outside closes it and focus returns to the button. */
export function EmojiPickerButton({ label, children, onPick, teamId, allTeams, className, align = 'end', placement = 'below', onOpenChange }: Props) {
  const { t } = useTranslation('emoji');
  const [open, setOpenState] = useState(false);
  const [position, setPosition] = useState<CSSProperties>({});
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const setOpen = (value: boolean) => {
    setOpenState(value);
    onOpenChange?.(value);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const closeRef = useLatest(close);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) closeRef.current();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, closeRef]);

  return (
    <div className={styles.anchor} ref={root}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(e) => {
          if (!open) setPosition(placeNear(e.currentTarget.getBoundingClientRect(), align, placement));
          setOpen(!open);
        }}
      >
        {children}
      </button>
      {open && (
        <div className={styles.popover} style={position}>
          <Suspense
            fallback={
              <div className={styles.picker} role="status">
                <p className={styles.note}>{t('loading')}</p>
              </div>
            }
          >
            <EmojiPicker
              teamId={teamId}
              allTeams={allTeams}
              onClose={close}
              onPick={(emoji) => {
                close();
                onPick(emoji);
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
