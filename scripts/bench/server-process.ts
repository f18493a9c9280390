import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  pid: number;
  port: number;
  url: string;
  /** SIGTERM, then wait for the exit (SIGKILL after 20 s). */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (so that PUBLIC_URL can name it before the server starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
/** Stop every server this process started when it exits early (Ctrl-C, error). */
function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}
process.once('exit', killAll);

/**
 * Where the server under test runs from: this tree, or BENCH_SERVER_ROOT (another checkout, e.g. an
 * older commit exported with `git archive`, to compare; its database schema must be this tree's,
 * which seeds it).
 */
export const SERVER_ROOT = process.env.BENCH_SERVER_ROOT || ROOT;

/**
 * Start `node --import tsx apps/server/src/server.ts` with the given environment and wait for its
 * RALLY_LISTENING line.
 */
export async function startServer(env: Record<string, string>, label: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS: extra node options for the server under test, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('exit', () => running.delete(child));

  const pid = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: the server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /RALLY_LISTENING port=\d+ pid=(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 20_000) output = output.slice(-20_000);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${label}: the server exited with code ${code} before listening:\n${output}`));
    });
  });
  // Keep draining its output, and show warnings and errors (LOG_LEVEL=warn).
  child.stdout.removeAllListeners('data');
  child.stdout.on('data', (chunk: Buffer) => process.stderr.write(`[${label}] ${chunk.toString()}`));
  child.stderr.removeAllListeners('data');
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[${label}] ${chunk.toString()}`));

  return {
    pid,
    port,
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
