import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthDialogProvider } from '../features/auth/AuthDialogProvider';
import { isRegionBlocked, useMe } from '../features/auth/queries';
import { RegionUnavailablePage } from '../features/system/RegionUnavailablePage';
import { StepUpHost } from '../features/two-factor/StepUpHost';

/** Every route: the region gate (451 from /me), the login / registration dialogs and the 2FA code dialog. */
export function RootLayout() {
  const me = useMe();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  if (me.isError && isRegionBlocked(me.error)) return <RegionUnavailablePage />;
  return (
    <AuthDialogProvider>
      <Outlet />
      <StepUpHost />
    </AuthDialogProvider>
  );
}
