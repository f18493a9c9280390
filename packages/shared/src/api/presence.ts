import { z } from 'zod';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { presenceSchema } from './users';

/** POST /api/v1/me/presence: the status the user picks (spec 000 §4): 0 invisible, 1 online, 2 idle, 3 do not disturb. */
export const setPresenceRequestSchema = z.object({ status: presenceSchema });
export type SetPresenceRequest = z.infer<typeof setPresenceRequestSchema>;

export const setPresenceEndpoint = defineEndpoint({
  ...ROUTES.setPresence,
  userRateLimit: 'circle',
  summary:
    "Choose the caller's status (kept in their settings): online (idle by itself after inactivity), idle, do not disturb or invisible; their circle gets PRESENCE_UPDATE when what they show changes",
  body: setPresenceRequestSchema,
  response: z.object({ success: z.literal(true) }),
  bodyLimit: BODY_LIMIT.SMALL,
});
