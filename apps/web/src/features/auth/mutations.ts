import type { LoginRequest, RegisterRequest } from '@rally/shared/api/auth';
import type { RequestPasswordReset, ResetPassword } from '@rally/shared/api/password-reset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { forgetSession, refreshMe } from './cache';

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => call('login', { body }),
    onSuccess: () => refreshMe(qc),
  });
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => call('register', { body }),
    onSuccess: () => refreshMe(qc),
  });
}

/** Ends the session, then forgets every cached query and marks the visitor signed out. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('logout', {}),
    onSuccess: () => forgetSession(qc),
  });
}

/** Ask for a password reset mail (the answer is the same whether or not the e-mail has an account). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RequestPasswordReset) => call('requestPasswordReset', { body }),
  });
}

/**
 * Check a reset link's token (POST /api/resetpassword/find, as the spec has it: a token belongs in
 * a body, not in a URL that proxies log). A mutation because it is a POST; it changes nothing.
 */
export function useCheckPasswordResetToken() {
  return useMutation({
    mutationFn: (token: string) => call('findPasswordReset', { body: { token } }),
  });
}

/** Set a new password with a reset token: every session of the account ends, this browser's too. */
export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPassword) => call('resetPassword', { body }),
    onSuccess: () => forgetSession(qc),
  });
}
