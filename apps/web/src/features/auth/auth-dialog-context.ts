import { createContext, useContext } from 'react';

/** `forgot`: the password reset request, reached from the login dialog. */
export type AuthDialogKind = 'login' | 'register' | 'forgot';

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
