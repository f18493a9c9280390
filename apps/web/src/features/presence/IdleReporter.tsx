import { useIdleReporter } from './use-idle-reporter';

/** Reports this tab's activity over the live connection (inside the GatewayProvider); renders nothing. */
export function IdleReporter() {
  useIdleReporter();
  return null;
}
