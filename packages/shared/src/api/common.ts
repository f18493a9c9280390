import { z } from 'zod';
import { snowflakeSchemaPattern } from '../ids';

/** Every failure has this shape. `errors` maps a request field to a message for that field. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** The catalogue code of `message` when it has one (see i18n/errors). */
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const snowflakeSchema = z.string().regex(snowflakeSchemaPattern, 'invalid_request');

export { CSRF_HEADER } from './headers';
