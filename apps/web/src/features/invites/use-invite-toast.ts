import { useCallback } from 'react';

export function useInviteToast(): (message: string, kind?: 'success' | 'error') => void {
  return useCallback((message: string) => console.error(message), []);
}
