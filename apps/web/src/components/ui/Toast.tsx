import { TIMING } from '@rally/shared/limits';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './Toast.module.css';
import { ToastContext, type ToastApi, type ToastKind } from './toast-context';

export { useToast } from './toast-context';
export type { ToastApi, ToastKind } from './toast-context';

interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

const MAX_VISIBLE = 4;

/**
 * Provides useToast(). Toasts last 2 s (TIMING.toastMs). The stack lives in the top layer (popover)
 * so that it shows above modal dialogs; errors are announced assertively, the rest politely.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setItems((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (message: string, kind: ToastKind = 'info') => {
      const id = nextId.current++;
      setItems((list) => [...list, { id, message, kind }].slice(-MAX_VISIBLE));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TIMING.toastMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) clearTimeout(timer);
      map.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastStack items={items} />
    </ToastContext.Provider>
  );
}

function ToastStack({ items }: { items: ToastItem[] }) {
  const ref = useRef<HTMLDivElement>(null);

  // The stack stays open in the top layer; when a toast arrives it re-enters the top layer so that it
  // sits above any modal dialog opened since. The live regions persist, so insertions are announced.
  const count = items.length;
  const lastCount = useRef(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    try {
      const open = el.matches(':popover-open');
      if (open && count > lastCount.current) el.hidePopover();
      if (!open || count > lastCount.current) el.showPopover();
    } catch {
      /* popover unsupported: the stack stays a fixed element */
    }
    lastCount.current = count;
  }, [count]);

  const polite = items.filter((t) => t.kind !== 'error');
  const urgent = items.filter((t) => t.kind === 'error');
  return (
    <div ref={ref} className={styles.stack} popover="manual">
      <div aria-live="polite" aria-atomic="false" className={styles.region}>
        {polite.map((t) => (
          <div key={t.id} className={`${styles.toast} ${styles[t.kind]}`} role="status">
            <ToastIcon kind={t.kind} />
            <span>{t.message}</span>
          </div>
        ))}
      </div>
      <div aria-live="assertive" aria-atomic="false" className={styles.region}>
        {urgent.map((t) => (
          <div key={t.id} className={`${styles.toast} ${styles.error}`} role="alert">
            <ToastIcon kind="error" />
            <span>{t.message}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function ToastIcon({ kind }: { kind: ToastKind }) {
  const path = kind === 'success' ? 'M5 12.5l4.5 4.5L19 7.5' : kind === 'error' ? 'M12 7v6m0 4h.01' : 'M12 11v6m0-10h.01';
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.18" />
      <path d={path} stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}
