import type { FormEvent } from 'react';
import { useToast } from '../../components/ui/toast-context';

/**
 * The two handlers of an account dialog whose form sends one call: `close` empties the form and
 * the call's error, then closes; `submit` sends the form's valid values and, once the call
 * succeeded, shows the toast `done` gives for its answer and closes (a failure stays in the form).
 */
export function useDialogSubmit<Body, Answer>(
  form: { reset(): void; handleSubmit(onValid: (data: Body) => Promise<unknown>): (e?: FormEvent) => void },
  call: { reset(): void; mutateAsync(body: Body): Promise<Answer> },
  done: (answer: Answer) => string,
  onClose: () => void,
): { close: () => void; submit: (e?: FormEvent) => void } {
  const toast = useToast();
  const close = () => {
    form.reset();
    call.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    const answer = await call.mutateAsync(body);
    toast.show(done(answer), 'success');
    close();
  });
  return { close, submit };
}
