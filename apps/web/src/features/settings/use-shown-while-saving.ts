import { useState } from 'react';

/**
 * What a control shows while its change is being saved. The `me` cache takes a change a moment
 * after the click (the query cache notifies on a later tick), so a controlled radio or switch would
 * spring back for that moment; the change is held here from the click until the save settles.
 */
export function useShownWhileSaving<T extends object>(saved: T) {
  const [pending, setPending] = useState<Partial<T> | null>(null);
  return {
    shown: pending ? { ...saved, ...pending } : saved,
    hold: (change: Partial<T>) => setPending(change),
    release: () => setPending(null),
  };
}
