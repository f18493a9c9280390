import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  applyServerError,
  checkValues,
  failingFields,
  initialFormState,
  setValues,
  touchFields,
  visibleError,
  type FormConfig,
  type FormState,
  type SetOptions,
} from './state';

export interface ZodFormOptions<V, Out> extends FormConfig<V> {
  /**
   * From the form's values to what it submits; its messages are error codes (`errors:` keys) or
   * full i18n keys. A shared request schema as it is, or requestForm(…) (request-form.ts).
   */
  schema: z.ZodType<Out, V>;
  initialValues: V;
}

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/**
 * Every form of the client, one way: values in state, checked by a zod schema on every render;
 * a field's own error shows once it was touched (left, or changed for boxes and selects), the
 * server's field errors replace it until the field changes, and a failed submit is mapped onto the
 * fields the same way for every form (state.ts applyServerError). Submit runs only with valid
 * values, once at a time; writes go through a useMutation (`mutateAsync`) inside `onValid`.
 */
export function useZodForm<V extends object, Out>(options: ZodFormOptions<V, Out>) {
  const { schema, initialValues, ...config } = options;
  const { t } = useTranslation();
  const [state, setState] = useState<FormState<V>>(() => initialFormState(initialValues));
  // The latest config and translator, for the callbacks that stay the same from render to render
  // (they run in event handlers and effects, after this effect has run).
  const configRef = useRef<FormConfig<V>>(config);
  const tRef = useRef(t);
  useEffect(() => {
    configRef.current = config;
    tRef.current = t;
  });
  const submitting = useRef(false);
  const check = useMemo(() => checkValues(schema, state.values), [schema, state.values]);

  const set = useCallback((values: Partial<V>, opts?: SetOptions) => setState((s) => setValues(s, configRef.current, values, opts)), []);
  const touch = useCallback((...fields: string[]) => setState((s) => touchFields(s, configRef.current, fields)), []);
  // A message the form's own check gives without a text of its own still says something.
  const translate = (key: string) => t(key, { defaultValue: t('errors:invalid_request') });
  const errorFor = (field: string) => visibleError(state, config, check.errors, field, translate);

  /** Props for a TextField bound to a string value; `live` shows its check while typing, not only after leaving it. */
  const text = (name: KeysOf<V, string>, opts: { live?: boolean } = {}) => ({
    name,
    value: state.values[name] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [name]: e.target.value } as Partial<V>, { touch: opts.live }),
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  /** Props for a CheckboxField bound to a boolean value. */
  const checkbox = (name: KeysOf<V, boolean>) => ({
    name,
    checked: state.values[name] as boolean,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [name]: e.target.checked } as Partial<V>, { touch: true }),
    error: errorFor(name),
  });

  /** Show a failed write that was not a submit (options that save on change) the same way as a failed submit. */
  const showServerError = useCallback((err: unknown) => setState((s) => applyServerError(s, configRef.current, err, tRef.current)), []);
  const clearServerErrors = useCallback(
    () => setState((s) => (s.formError === null && Object.keys(s.serverErrors).length === 0 ? s : { ...s, serverErrors: {}, formError: null })),
    [],
  );

  /** The form's onSubmit: with valid values runs `onValid` (once at a time); a failure is shown on the form, then passed to `onFailure`. */
  const handleSubmit = (onValid: (data: Out) => Promise<unknown>, onFailure?: (err: unknown) => void) => (e?: FormEvent) => {
    e?.preventDefault();
    if (submitting.current) return;
    const data = check.data;
    if (data === null) {
      touch(...Object.keys(check.errors));
      return;
    }
    submitting.current = true;
    setState((s) => (s.formError === null ? s : { ...s, formError: null }));
    void onValid(data)
      .catch((err: unknown) => {
        showServerError(err);
        onFailure?.(err);
      })
      .finally(() => {
        submitting.current = false;
      });
  };

  const reset = () => setState(initialFormState(initialValues));

  return {
    values: state.values,
    /** What a submit would send, or null while a check fails. */
    data: check.data,
    /** The fields (of `fields`) whose check fails now, touched or not, in their order: what a disabled submit waits for. */
    failing: failingFields(config, check.errors),
    formError: state.formError,
    set,
    touch,
    errorFor,
    text,
    checkbox,
    handleSubmit,
    showServerError,
    clearServerErrors,
    reset,
  };
}
