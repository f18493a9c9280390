import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { startTsxProcess } from './server-process';

/** A free TCP port of 127.0.0.1 (for a process whose address must be configured before it starts). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SfuNodeProcess {
  child: ChildProcess;
  output(): string;
  /** SIGKILL (no goodbye of any kind), and wait for the exit. */
  kill(): Promise<void>;
}

/** A standalone SFU node (`node --import tsx apps/server/src/sfu/main.ts`), resolved once it listens. */
export async function startSfuNode(env: Record<string, string>, timeoutMs = 60_000): Promise<SfuNodeProcess> {
  const started = await startTsxProcess('apps/server/src/sfu/main.ts', env, /RALLY_SFU_LISTENING/, 'the SFU node', timeoutMs);
  const { child } = started;
  return {
    child,
    output: started.output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await started.exited;
    },
  };
}
