import { z } from 'zod';
import type { ErrorCode } from '../i18n/errors';

/**
 * Every text field of every request is built here, so that untrusted input is bounded before it
 * is matched or stored (design brief, convention 9):
 * - the length is checked first and stops the schema (`abort`): no pattern, refinement or
 *   transform ever runs on an oversized value;
 * - control characters are refused with `text_invalid_characters`: NUL, which PostgreSQL can store
 *   neither in text nor in jsonb (it answered 500), and the other C0 controls and DEL; multi-line
 *   fields keep tab, line feed and carriage return; one-line fields refuse C1 controls too;
 * - a lone UTF-16 surrogate (half of a pair without the other half) is refused the same way: UTF-8
 *   cannot encode it, and jsonb (the audit log's changes) refuses its escape;
 * - names lose bidirectional embedding, override and isolate characters (U+202A–U+202E,
 *   U+2066–U+2069), which can make a name read as something else ("gnp.exe" shown as "exe.png").
 */

/** Control characters no text may hold (C0 but tab, LF, CR; DEL). */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
export const CONTROL_CHARACTERS = /[\0-\x08\v\f\x0E-\x1F\x7F]/;
/** Control characters no one-line value may hold (all of C0, DEL, C1). */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
export const LINE_CONTROL_CHARACTERS = /[\0-\x1F\x7F-\x9F]/;
/** A UTF-16 surrogate without its other half. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Bidirectional formatting characters that reorder the text around them. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export interface TextOptions {
  /** The longest value accepted, in UTF-16 code units; checked before anything else. */
  max: number;
  /** Message code for a missing or non-string value (and for a too long one without `tooLong`). */
  error?: ErrorCode;
  /** Message code for a value over `max`; the error carries `{max}`. */
  tooLong?: ErrorCode;
  /** Message code for control characters (a field with a format message may prefer its own). */
  invalidCharacters?: ErrorCode;
  /** Tab, line feed and carriage return are allowed (message content, descriptions). */
  multiline?: boolean;
}

/** A bounded string without control characters or lone surrogates. Chain further checks after it: they run only on bounded, clean text. */
export function text(options: TextOptions): z.ZodString {
  const forbidden = options.multiline ? CONTROL_CHARACTERS : LINE_CONTROL_CHARACTERS;
  return z
    .string({ error: options.error ?? 'invalid_request' })
    .max(options.max, { message: options.tooLong ?? options.error ?? 'invalid_request', abort: true })
    .refine((v) => !forbidden.test(v) && !LONE_SURROGATE.test(v), { message: options.invalidCharacters ?? 'text_invalid_characters', abort: true });
}

/** Remove bidirectional formatting characters. */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/** A one-line name (team, channel, role…): bounded, no control characters, bidi controls removed, trimmed. */
export function nameText(options: TextOptions): z.ZodString {
  return text({ ...options, multiline: false })
    .overwrite(stripBidiControls)
    .trim();
}
