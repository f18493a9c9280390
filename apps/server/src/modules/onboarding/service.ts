import { birthdateText, type Birthdate } from '@rally/shared/api/auth';
import { TOUR_STEPS, type TourState, type TourUpdate } from '@rally/shared/api/onboarding';
import { PrivateFlags } from '@rally/shared/api/users';
import { conflict, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import type { UserRow } from '../users/repository';
import { clearPrivateFlags, recordTourStep, setBirthdateOnce } from './repository';

/**
 * POST /api/v1/me/birthdate: an account without a birthdate (mustSetBirthdate) gives one, checked
 * with the registration's rules by the endpoint's schema. Once set it cannot change: 409
 * birthdate_already_set, nothing written (one conditional update, so two racing calls set it once).
 */
export async function setBirthdate(deps: ServiceDeps, user: UserRow | Omit<UserRow, 'passwordHash'>, birthdate: Birthdate): Promise<UserRow> {
  if (user.birthdate !== null) throw conflict('birthdate_already_set', { dateOfBirth: 'birthdate_already_set' });
  const row = await setBirthdateOnce(deps.db, user.id, birthdateText(birthdate));
  if (!row) throw conflict('birthdate_already_set', { dateOfBirth: 'birthdate_already_set' });
  return row;
}

/** POST /api/v1/me/policy: the user accepted the terms and privacy policy in effect; privateFlags bit 0 is cleared. */
export async function acceptPolicy(deps: ServiceDeps, userId: string): Promise<UserRow> {
  const row = await clearPrivateFlags(deps.db, userId, PrivateFlags.POLICY_REVIEW_REQUIRED);
  if (!row) throw notFound('user_not_found');
  return row;
}

/**
 * POST /api/v1/me/tour {step, status}: a step is done or skipped (the last status given counts);
 * step `tour` skipped (or done) ends the whole tour. The tour is finished when every step of
 * TOUR_STEPS has a status, and stays finished.
 */
export async function updateTour(deps: ServiceDeps, userId: string, update: TourUpdate): Promise<UserRow> {
  const change: TourState = update.step === 'tour' ? {} : { [update.step]: update.status };
  const row = await recordTourStep(deps.db, userId, change, update.step === 'tour', TOUR_STEPS);
  if (!row) throw notFound('user_not_found');
  return row;
}
