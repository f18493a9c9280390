import { lazy, Suspense, useEffect, useState } from 'react';
import { setStepUpPrompt, type SecondFactor } from '../../lib/step-up';

const StepUpDialog = lazy(() => import('./StepUpDialog').then((m) => ({ default: m.StepUpDialog })));

interface Pending {
  retry: (factor: SecondFactor) => Promise<void>;
  finish: (done: boolean) => void;
}

/**
 * The global 2FA code dialog (000 §2 global dialogs, §7 two-factor retry): registered as the API
 * layer's second-factor prompt, it opens whenever a call is answered '2FA' and sends the call again
 * with the code. One at a time: a call that asks while the dialog is open fails with its own error.
 * The dialog's code loads on first use.
 */
export function StepUpHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(
    () =>
      setStepUpPrompt(
        (retry) =>
          new Promise<boolean>((resolve) => {
            const finish = (done: boolean) => {
              setPending(null);
              resolve(done);
            };
            setPending((current) => {
              if (current) {
                resolve(false);
                return current;
              }
              return { retry, finish };
            });
          }),
      ),
    [],
  );
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog retry={pending.retry} onDone={pending.finish} />
    </Suspense>
  );
}
