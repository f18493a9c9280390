import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** The router's navigate, for code outside React (a clicked notification, a moderator's voice move); set by the shell. */
let navigateTo: ((path: string) => void) | null = null;

/** Open an in-app path with the app's router (nothing before the shell has mounted). */
export function openAppPath(path: string): void {
  navigateTo?.(path);
}

/** Hand the router's navigate to openAppPath (the shell calls this once). */
export function useAppNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (path) => void navigate(path);
    return () => {
      navigateTo = null;
    };
  }, [navigate]);
}
