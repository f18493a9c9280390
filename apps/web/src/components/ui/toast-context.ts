import { createContext, useContext } from 'react';

export type ToastKind = 'error' | 'success' | 'info';

export interface ToastApi {
  /** Show a short message for 2 seconds (announced to screen readers). */
  show: (message: string, kind?: ToastKind) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Toasts: `const toast = useToast(); toast.show(t('…'), 'success')`. Needs ToastProvider (mounted in the app providers). */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast() needs <ToastProvider> above it');
  return ctx;
}
