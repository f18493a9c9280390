import { useEffect } from 'react';
import { useGateway } from '../../lib/gateway/gateway-context';
import { IdleTracker } from './idle-tracker';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focus'] as const;

/** Report this tab's activity over the live connection (idle after inactivity, online again), anew for every session. */
export function useIdleReporter(): void {
  const { state, send } = useGateway();
  useEffect(() => {
    if (state !== 'ready') return;
    const tracker = new IdleTracker((presence) => send({ type: 'PRESENCE_UPDATE', data: { presence } }));
    const onActivity = () => tracker.activity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      tracker.stop();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [state, send]);
}
