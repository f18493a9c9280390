import { useLocation, useNavigate } from 'react-router';

/** Public pages that a visitor signs in from to act on them: they stay there after signing in. */
const STAY_PREFIXES = ['/invite/', '/template/', '/friendinvite'];

export function staysAfterSignIn(pathname: string): boolean {
  return STAY_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Where to go once signed in: the home page, unless the visitor came from an invite-like page. */
export function useAfterSignIn(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    if (!staysAfterSignIn(pathname)) void navigate('/');
  };
}
