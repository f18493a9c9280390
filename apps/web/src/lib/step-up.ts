/**
 * The global second-factor step (spec 000 §7 "two-factor retry"): a call answered 401
 * two_factor_required (message '2FA') is handed to the registered prompt — the 2FA code dialog of
 * features/two-factor — which sends it again with the code the user typed (`retry`), as often as
 * the user tries. The prompt resolves true once a retry succeeded, false when the user gave up;
 * then the call fails with its first error. Without a prompt (none mounted), the call fails at once.
 */
export interface SecondFactor {
  twoFactorCode: string;
  twoFactorType: 'app' | 'backup';
}

export type StepUpPrompt = (retry: (factor: SecondFactor) => Promise<void>) => Promise<boolean>;

let prompt: StepUpPrompt | null = null;

/** Register the prompt (one at a time); returns the function that removes it. */
export function setStepUpPrompt(next: StepUpPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** Whether a failed call asks for the second factor (the server's two_factor_required). */
export const asksForSecondFactor = (err: unknown): boolean => typeof err === 'object' && err !== null && 'code' in err && err.code === 'two_factor_required';

/**
 * Send a call; when it asks for the second factor, ask the user and send it again with the code
 * (`send(factor)` adds it to the body). Resolves with the answer of the retry that succeeded.
 */
export async function withSecondFactor<T>(send: (factor?: SecondFactor) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const ask = prompt;
    if (!asksForSecondFactor(err) || !ask) throw err;
    let answer: { value: T } | null = null;
    const done = await ask(async (factor) => {
      answer = { value: await send(factor) };
    });
    if (!done || !answer) throw err;
    return (answer as { value: T }).value;
  }
}
