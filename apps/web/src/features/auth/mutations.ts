import type { LoginRequest, RegisterRequest } from '@rally/shared/api/auth';
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
