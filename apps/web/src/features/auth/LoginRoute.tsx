import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAuthDialog } from './auth-dialog-context';
import { useMe } from './queries';

/**
 * /login (where the spec sends a visitor after a password reset, or with a bad reset link): the
 * app has no login page, so it goes to "/" and opens the login dialog for a signed-out visitor; a
 * signed-in one just lands home.
 */
export function LoginRoute() {
  const me = useMe();
  const auth = useAuthDialog();
  const signedOut = me.data === null;
  useEffect(() => {
    if (signedOut) auth.open('login');
  }, [signedOut, auth]);
  if (me.isPending) return null;
  return <Navigate to="/" replace />;
}
