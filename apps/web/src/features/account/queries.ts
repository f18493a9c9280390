import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Whether the account may be deleted (not while it owns a team), read afresh each time the delete section asks. */
export function useAccountDeletion(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.accountDeletion,
    queryFn: async () => (await call('accountDeletion', {})).canDelete,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
