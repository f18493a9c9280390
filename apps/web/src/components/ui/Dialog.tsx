import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatest } from '../../lib/use-latest';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Optional line under the title, linked with aria-describedby. */
  description?: ReactNode;
  children: ReactNode;
  /** `xl`: a settings dialog (wide, tall, its own layout inside). */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Element to focus when the dialog opens; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Close when the backdrop is clicked (default true). Escape closes unless `dismissible` is false. */
  closeOnBackdrop?: boolean;
  /** False for a dialog that must be answered (no close button; Escape and the backdrop do nothing). */
  dismissible?: boolean;
  className?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Focusable descendants in tab order, including those inside open shadow roots (web components). */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0);
}

/**
 * A modal dialog on the native <dialog> element (top layer, inert background), with a focus trap,
 * Escape to close, aria-labelledby/aria-describedby, and focus returned to the opener on close.
 * Unmounts its content while closed.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  dismissible = true,
  className,
}: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useLatest(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const target = initialFocusRef?.current ?? focusables(dialog).find((el) => !el.dataset.dialogClose) ?? dialog;
    target.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener && document.contains(opener)) opener.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]} ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      aria-modal="true"
      onCancel={(e) => {
        // React passes a nested dialog's cancel (Escape) up its tree: only the dialog that Escape closes closes.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        if (dismissible) onCloseRef.current();
      }}
      onKeyDown={(e) => {
        // A nested dialog's own trap has moved focus already.
        if (e.key !== 'Tab' || !ref.current || e.defaultPrevented) return;
        const items = focusables(ref.current);
        const first = items.at(0);
        const last = items.at(-1);
        if (!first || !last) return;
        const active = document.activeElement;
        if (e.shiftKey && (active === first || active === ref.current)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && active === last) {
          e.preventDefault();
          first.focus();
        }
      }}
      onMouseDown={(e) => {
        if (closeOnBackdrop && dismissible && e.target === ref.current) {
          const r = ref.current.getBoundingClientRect();
          const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
          if (!inside) onCloseRef.current();
        }
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {dismissible && (
            <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label={t('close')} data-dialog-close="true">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </header>
        {description && (
          <p id={descId} className={styles.description}>
            {description}
          </p>
        )}
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
