import type { SecurityReport } from '@rally/shared/api/site';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Send the security page's report (mailed to the operator's security contact). */
export function useSendSecurityReport() {
  return useMutation({
    mutationFn: (body: SecurityReport) => call('securityReport', { body }),
  });
}
