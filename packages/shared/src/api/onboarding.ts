import { z } from 'zod';
import { birthdateSchema } from './auth';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { selfUserSchema, TOUR_STATUSES, TOUR_STEPS } from './users';

export { TOUR_STATUSES, TOUR_STEPS, tourStateSchema, type TourState, type TourStatus, type TourStep } from './users';

/**
 * The global prompts of a signed-in user (spec 000 §2 global dialogs, §3 mustSetBirthdate,
 * appTourIsFinished, privateFlags): the birthdate an older account never gave, the review of the
 * policy that took effect on POLICY_EFFECTIVE_DATE, and the app tour.
 */

/** The date the terms and privacy policy took effect (000 §9); accounts older than it review them once. */
export const POLICY_EFFECTIVE_DATE = '2025-03-29';

/** POST /api/v1/me/birthdate {dateOfBirth:{day, month, year}} (000 §7): the registration's rules; once set it cannot change. */
export const setBirthdateSchema = z.object({ dateOfBirth: birthdateSchema });
export type SetBirthdate = z.infer<typeof setBirthdateSchema>;

/** POST /api/v1/me/tour {step, status}: step `tour` stands for the whole tour (skip it all). */
export const tourUpdateSchema = z.object({
  step: z.enum([...TOUR_STEPS, 'tour'], { error: 'tour_step_invalid' }),
  status: z.enum(TOUR_STATUSES, { error: 'tour_status_invalid' }),
});
export type TourUpdate = z.infer<typeof tourUpdateSchema>;

/** The answer of the three: the user after the change (mustSetBirthdate, privateFlags, appTour, appTourIsFinished). */
export const promptResponseSchema = z.object({ success: z.literal(true), user: selfUserSchema });

export const setBirthdateEndpoint = defineEndpoint({
  ...ROUTES.setBirthdate,
  summary: "Set the caller's birthdate when their account has none (409 birthdate_already_set once set: it cannot change)",
  body: setBirthdateSchema,
  response: promptResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const acceptPolicyEndpoint = defineEndpoint({
  ...ROUTES.acceptPolicy,
  summary: 'Accept the terms and privacy policy in effect (clears privateFlags bit 0, policy review required)',
  response: promptResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});

export const updateTourEndpoint = defineEndpoint({
  ...ROUTES.updateTour,
  summary: 'Record a step of the app tour as done or skipped; the tour is finished when every step has a status or it is skipped',
  body: tourUpdateSchema,
  response: promptResponseSchema,
  bodyLimit: BODY_LIMIT.SMALL,
});
