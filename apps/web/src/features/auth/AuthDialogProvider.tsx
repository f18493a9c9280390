import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { AuthDialogContext, type AuthDialogApi, type AuthDialogKind } from './auth-dialog-context';

const loadDialogs = () => import('./AuthDialogs');
const AuthDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.AuthDialogs })));

/** Login and registration dialogs for anonymous visitors; their code loads on first use. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [kind, setKind] = useState<AuthDialogKind | null>(null);
  const api = useMemo<AuthDialogApi>(
    () => ({
      open: (k) => setKind(k),
      close: () => setKind(null),
      preload: () => void loadDialogs(),
    }),
    [],
  );
  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      {kind && (
        <Suspense fallback={null}>
          <AuthDialogs kind={kind} onClose={() => setKind(null)} onSwitch={setKind} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
