import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setVoiceMoveNavigator } from './voice-move';

/** Let a moderator's move open the target channel with the app's router (the shell calls this once). */
export function useVoiceMoveNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setVoiceMoveNavigator((path) => void navigate(path));
    return () => setVoiceMoveNavigator(null);
  }, [navigate]);
}
