import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { setTwoFactorEnabled } from './cache';

/**
 * Start 2FA setup (POST /api/v1/me/2fa/setup): the pending secret's QR code and text, or
 * `data: null` ('2FA already setup') when it is on — then the user's state is set to match.
 */
export function useTwoFactorSetup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('twoFactorSetup', {}),
    onSuccess: (answer) => {
      if (answer.data === null) setTwoFactorEnabled(qc, true);
    },
  });
}

/** Confirm the setup with a code of the app (POST …/2fa/verify): 2FA is on; resolves with the backup codes. */
export function useTwoFactorVerify() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await call('twoFactorVerify', { body: { code } })).data.backupCodes,
    onSuccess: () => setTwoFactorEnabled(qc, true),
  });
}

/** Turn 2FA off (POST …/2fa/disable): a sensitive call, so the 2FA code dialog asks for a code first. */
export function useTwoFactorDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('twoFactorDisable', { body: {} }),
    onSuccess: () => setTwoFactorEnabled(qc, false),
  });
}
