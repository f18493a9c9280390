import type { z } from 'zod';
import { ApiError } from '../api';

/**
 * The state and rules behind useZodForm (use-zod-form.ts), kept free of React so that they can
 * be tested as they are, and free of zod at run time (the schema is the caller's).
 */

/** Field → message: an i18n key for the form's own checks, the server's (translated) text for its answers. */
export type FieldErrors = Record<string, string>;

export interface FormState<V> {
  values: V;
  /** Fields whose own check shows: left once, changed (boxes, selects) or submitted. */
  touched: Record<string, true>;
  /** The server's field errors of the last submit, each until its field changes. */
  serverErrors: FieldErrors;
  /** The server's message for the whole form (not tied to a field shown), until the next submit. */
  formError: string | null;
}

export interface FormConfig<V> {
  /** The fields that show their own error; a server error about any other field joins the form's message. */
  fields: readonly string[];
  /** A value shown under another field's error (day, month, year → birthdate). */
  errorField?: Partial<Record<keyof V & string, string>>;
  /** Fields that say nothing while empty (an empty password needs filling in, not "too short"). */
  quietWhenEmpty?: readonly (keyof V & string)[];
}

export function initialFormState<V>(values: V): FormState<V> {
  return { values, touched: {}, serverErrors: {}, formError: null };
}

function without(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  if (!fields.some((f) => f in errors)) return errors;
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
}

function fieldOf<V>(config: FormConfig<V>, key: string): string {
  return config.errorField?.[key as keyof V & string] ?? key;
}

export interface SetOptions {
  /** The field's own check shows from now on (boxes and selects, or a field checked while typing). */
  touch?: boolean;
  /** Not the user's answer (a captcha reset after a failure): the server's error about it stays. */
  keepServerError?: boolean;
}

/** New values: the server's error about each changed field goes (the user is answering it). */
export function setValues<V>(state: FormState<V>, config: FormConfig<V>, values: Partial<V>, options: SetOptions = {}): FormState<V> {
  const fields = Object.keys(values).map((key) => fieldOf(config, key));
  return {
    ...state,
    values: { ...state.values, ...values },
    serverErrors: options.keepServerError ? state.serverErrors : without(state.serverErrors, fields),
    touched: options.touch ? touchedWith(state.touched, fields) : state.touched,
  };
}

function touchedWith(touched: Record<string, true>, fields: readonly string[]): Record<string, true> {
  if (fields.every((f) => touched[f])) return touched;
  const next = { ...touched };
  for (const f of fields) next[f] = true;
  return next;
}

/** Fields (or values, shown under their field) whose own check now shows. */
export function touchFields<V>(state: FormState<V>, config: FormConfig<V>, fields: readonly string[]): FormState<V> {
  const touched = touchedWith(
    state.touched,
    fields.map((f) => fieldOf(config, f)),
  );
  return touched === state.touched ? state : { ...state, touched };
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first issue of each top-level field, as { field: message }. Nested paths (birthdate.day)
 * belong to their top-level field (birthdate); issues without a path go to `_form`.
 */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/**
 * The i18n key of a client-side message: the shared schemas' messages are error codes (`errors:`
 * namespace), a form's own rules name their key in full (`auth:register.termsRequired`).
 */
export function messageKey(message: string): string {
  return message.includes(':') ? message : `errors:${message}`;
}

/** The schema's verdict on the values: what to submit (null while invalid) and each field's i18n key. */
export function checkValues<V, Out>(schema: z.ZodType<Out, V>, values: V): { data: Out | null; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors = issuesToFieldErrors(parsed.error.issues);
  for (const [field, message] of Object.entries(errors)) errors[field] = messageKey(message);
  return { data: null, errors };
}

/** The shown fields whose own check fails now (touched or not), in the order of `config.fields`: what still keeps the form from submitting. */
export function failingFields<V>(config: FormConfig<V>, clientErrors: FieldErrors): string[] {
  const failing = new Set(Object.keys(clientErrors).map((key) => fieldOf(config, key)));
  return config.fields.filter((field) => failing.has(field));
}

/** The error a field shows: the server's text first, then the form's own check once the field was touched. */
export function visibleError<V>(
  state: FormState<V>,
  config: FormConfig<V>,
  clientErrors: FieldErrors,
  field: string,
  t: (key: string) => string,
): string | null {
  const server = state.serverErrors[field];
  if (server) return server;
  if (!state.touched[field] || !clientErrors[field]) return null;
  const value = (state.values as Record<string, unknown>)[field];
  if (value === '' && config.quietWhenEmpty?.includes(field as keyof V & string)) return null;
  return t(clientErrors[field]);
}

/** Server field errors ({ 'birthdate.year': msg }) keyed by top-level field, first message wins. */
export function normalizeServerFieldErrors(errors: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field = key.split(/[.[]/)[0] || '_form';
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/**
 * A failed submit, the same way for every form: the server's field errors go under the fields the
 * form shows (which count as touched), the others join the form's message; an answer without field
 * errors is the form's message; a failure that is not an API answer says errors:internal.
 */
export function applyServerError<V>(state: FormState<V>, config: FormConfig<V>, err: unknown, t: (key: string) => string): FormState<V> {
  if (!(err instanceof ApiError)) return { ...state, serverErrors: {}, formError: t('errors:internal') };
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(normalizeServerFieldErrors(err.fieldErrors))) {
    if (config.fields.includes(field)) fields[field] = message;
    else other.push(message);
  }
  const shown = Object.keys(fields);
  return {
    ...state,
    serverErrors: fields,
    touched: touchedWith(state.touched, shown),
    formError: other.length > 0 ? other.join(' ') : shown.length === 0 ? err.message || t('errors:internal') : null,
  };
}
