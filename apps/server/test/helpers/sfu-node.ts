import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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
export function startSfuNode(env: Record<string, string>, timeoutMs = 60_000): Promise<SfuNodeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/sfu/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the SFU node did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      if (!output.includes('RALLY_SFU_LISTENING')) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        child,
        output: () => output,
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the SFU node exited with ${code} before listening:\n${output}`));
    });
  });
}
