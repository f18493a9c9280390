import type { ReactNode } from 'react';

export function GatewayProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
