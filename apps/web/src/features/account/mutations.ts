import type { ChangeEmail, ChangePassword, ChangeSlug, ChangeUsername, DeleteAccount, VerifyEmail, ViewEmail } from '@rally/shared/api/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { forgetSession, updateMeUser } from '../auth/cache';
import { applyUsernameChange } from '../users/cache';

/** Change the username (000 §5); the user's own caches follow at once (the live event tells the others). */
export function useChangeUsername(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeUsername) => call('changeUsername', { body }),
    onSuccess: ({ username }) => applyUsernameChange(qc, userId, username),
  });
}

/** Change the slug with the password. */
export function useChangeSlug() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeSlug) => call('changeSlug', { body }),
    onSuccess: ({ slug }) => updateMeUser(qc, (user) => ({ ...user, slug })),
  });
}

/** The e-mail address unmasked, for the password (kept by the caller, never cached). */
export function useViewEmail() {
  return useMutation({ mutationFn: async (body: ViewEmail) => (await call('viewEmail', { body })).email });
}

/** Change the e-mail address with the password; it may need verifying then. */
export function useChangeEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmail) => call('changeEmail', { body }),
    onSuccess: ({ email, verified }) => updateMeUser(qc, (user) => ({ ...user, email, verified })),
  });
}

/** Change the password (the other sessions end; this one stays). */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePassword) => call('changePassword', { body }) });
}

/** Delete the account: signed out here once it is gone. */
export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccount) => call('deleteAccount', { body }),
    onSuccess: () => forgetSession(qc),
  });
}

/** Mail (again) a verification link to the user's address. */
export function useRequestEmailVerification() {
  return useMutation({ mutationFn: () => call('requestEmailVerification', {}) });
}

/** Verify an address with a mailed link's key (signed in or not); a signed-in user of that address shows verified at once. */
export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: VerifyEmail) => (await call('verifyEmail', { body })).message,
    onSuccess: (_message, { email }) => updateMeUser(qc, (user) => (user.email.toLowerCase() === email.toLowerCase() ? { ...user, verified: true } : user)),
  });
}
