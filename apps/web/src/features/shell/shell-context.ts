import { createContext, useContext } from 'react';

export interface ShellApi {
  /** Open the create-team dialog. */
  openCreateTeam: () => void;
}

export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const ctx = useContext(ShellContext);
  if (!ctx) throw new Error('useShell() needs the signed-in shell');
  return ctx;
}
