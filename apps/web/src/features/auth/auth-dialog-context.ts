import { createContext, useContext } from 'react';

export type AuthDialogKind = 'login' | 'register';

export interface AuthDialogApi {
  open: (kind: AuthDialogKind) => void;
  close: () => void;
  /** Start loading the dialogs' code (on hover or focus of a button that opens them). */
  preload: () => void;
}

export const AuthDialogContext = createContext<AuthDialogApi | null>(null);

export function useAuthDialog(): AuthDialogApi {
  const ctx = useContext(AuthDialogContext);
  if (!ctx) throw new Error('useAuthDialog() needs <AuthDialogProvider>');
  return ctx;
}
