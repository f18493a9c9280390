import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '../features/auth/queries';
import { LandingPage } from '../features/landing/LandingPage';
import { ErrorScreen } from '../features/system/ErrorScreen';
import { LoadingScreen } from '../features/system/LoadingScreen';
import { lazyNamed } from './lazy';

const AppShell = lazyNamed(() => import('../features/shell/AppShell'), 'AppShell');

/**
 * "/" and every protected route. Signed out: "/" shows the landing page, anything else goes to "/".
 * Signed in: the app shell (loaded lazily) around the page.
 */
export function SessionGate() {
  const me = useMe();
  const { pathname } = useLocation();
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <ErrorScreen message={me.error.message} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  if (me.data === null) return pathname === '/' ? <LandingPage /> : <Navigate to="/" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AppShell />
    </Suspense>
  );
}
