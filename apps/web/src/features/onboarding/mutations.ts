import type { SetBirthdate, TourUpdate } from '@rally/shared/api/onboarding';
import type { SelfUser } from '@rally/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { updateMeUser } from '../auth/cache';

/** The prompts answer the user after the change: it replaces the signed-in user (the next prompt shows, or none). */
function useMeAfter<T>(request: (input: T) => Promise<{ user: SelfUser }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ user }) => updateMeUser(qc, () => user),
  });
}

/** Give the birthdate the account lacks (it cannot change afterwards). */
export function useSetBirthdate() {
  return useMeAfter((body: SetBirthdate) => call('setBirthdate', { body }));
}

/** Accept the terms and privacy policy in effect (privateFlags bit 0 is cleared). */
export function useAcceptPolicy() {
  return useMeAfter(() => call('acceptPolicy', {}));
}

/** Record a tour step as done or skipped (step `tour`: the whole tour). */
export function useUpdateTour() {
  return useMeAfter((body: TourUpdate) => call('updateTour', { body }));
}
