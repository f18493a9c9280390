import { z } from 'zod';

/**
 * A form's schema for useZodForm: the form's values (V) checked as the request they become.
 * `toInput` builds the request's input from the values; `request` is the endpoint's own schema (the
 * one the server checks with), so the form and the server agree; `rules` adds the form's own checks
 * as [field, message] pairs (a terms box that is not part of the request). Every issue comes at
 * once, so each field can show its own.
 */
export function requestForm<V, R extends z.ZodType>(
  request: R,
  toInput: (values: V) => z.input<R>,
  rules: (values: V) => readonly (readonly [field: string, message: string])[] = () => [],
): z.ZodType<z.output<R>, V> {
  return z.custom<V>().transform((values, ctx) => {
    const parsed = request.safeParse(toInput(values));
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', path: issue.path, message: issue.message, input: values });
    for (const [field, message] of rules(values)) ctx.issues.push({ code: 'custom', path: [field], message, input: values });
    return parsed.success ? parsed.data : z.NEVER;
  });
}
