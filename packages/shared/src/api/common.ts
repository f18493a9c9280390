import { z } from 'zod';
import { isSnowflake, MAX_SNOWFLAKE } from '../ids';

/** Every failure has this shape. `errors` maps a request field to a message for that field. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** The catalogue code of `message` when it has one (see i18n/errors). */
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** An id in a path, query or body: a canonical decimal within the 64-bit range, else 400 invalid_id. */
export const snowflakeSchema = z
  .string({ error: 'invalid_id' })
  .max(MAX_SNOWFLAKE.length, { message: 'invalid_id', abort: true })
  .refine(isSnowflake, 'invalid_id');

/** The `:channelId` of a channel's (or a direct chat's) routes. */
export const channelParamsSchema = z.object({ channelId: snowflakeSchema });

export { CSRF_HEADER } from './headers';
