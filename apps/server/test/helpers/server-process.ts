import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A process of this repository started by a test, once it said it is ready. */
export interface StartedProcess {
  child: ChildProcess;
  /** The match of the ready line. */
  ready: RegExpExecArray;
  /** Everything the process wrote (for failure messages). */
  output: () => string;
  /** Resolves with the exit code when the process has exited. */
  exited: Promise<number | null>;
}

/**
 * Start `node --import tsx <entry>` from the repository's root with only PATH, HOME and `env`, and
 * resolve once its output matches `ready`; rejects (and kills it) when it exits first or takes
 * longer than `timeoutMs`, with what it wrote.
 */
export function startTsxProcess(entry: string, env: Record<string, string>, ready: RegExp, what: string, timeoutMs: number): Promise<StartedProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ child, ready: match, output: () => output, exited });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before listening:\n${output}`));
    });
  });
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (for failure messages). */
  output(): string;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<number | null>;
}

/** Start `node --import tsx apps/server/src/server.ts` on a free port and wait for RALLY_LISTENING. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const started = await startTsxProcess(
    'apps/server/src/server.ts',
    { PORT: '0', HOST: '127.0.0.1', WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', ...env },
    /RALLY_LISTENING port=(\d+)/,
    'server',
    timeoutMs,
  );
  const { child } = started;
  return {
    port: Number(started.ready[1]),
    child,
    output: started.output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return started.exited;
    },
  };
}
