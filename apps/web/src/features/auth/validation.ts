/** Field name → error code (an `errors:` key) or, for server errors, an already translated message. */
export type FieldErrors = Record<string, string>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first issue of each top-level field of a zod result, as { field: message }. Nested paths
 * (birthdate.day) belong to their top-level field (birthdate); issues without a path go to `_form`.
 */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
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
 * Split server field errors into those a form shows on its fields and the rest (shown as one
 * message above the submit button).
 */
export function partitionFieldErrors(errors: FieldErrors, known: readonly string[]): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (known.includes(field)) fields[field] = message;
    else other.push(message);
  }
  return { fields, other };
}
