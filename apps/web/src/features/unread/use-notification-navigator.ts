import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNotificationNavigator } from './notify';

/** Let a clicked notification open its channel with the app's router (the shell calls this once). */
export function useNotificationNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setNotificationNavigator((path) => void navigate(path));
    return () => setNotificationNavigator(null);
  }, [navigate]);
}
