import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Summary } from './stats';

/**
 * A bench script of this directory running in a child process, driven over IPC: each command is
 * answered by one message whose `type` names the reply.
 */
export class BenchChild {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, (message: never) => void>();

  constructor(scriptName: string) {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), scriptName);
    this.child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: { type: string }) => {
      const resolve = this.waiting.get(message.type);
      if (resolve) {
        this.waiting.delete(message.type);
        resolve(message as never);
      }
    });
    this.child.once('exit', (code) => {
      for (const [type] of this.waiting) console.error(`${scriptName} exited (code ${code}) while waiting for ${type}`);
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  protected request<T>(command: { type: string } & Record<string, unknown>, reply: string, timeoutMs = 120_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(reply);
        reject(new Error(`bench child: no ${reply} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(reply, (message: never) => {
        clearTimeout(timer);
        resolve(message);
      });
      this.child.send(command);
    });
  }

  /** Ask the child to close (`close` -> `closed`, then it exits); SIGKILL when it does not answer. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.request({ type: 'close' }, 'closed', 10_000).catch(() => this.child.kill('SIGKILL'));
    await exited;
  }
}

/** The parent's handle on gateway-clients.ts running in a child process. */
export class ClientProcess extends BenchChild {
  constructor() {
    super('gateway-clients.ts');
  }

  /** Open a socket per cookie; the first `readers` to get READY read the channel as it gets messages (MESSAGE_READ). */
  connect(url: string, origin: string, cookies: string[], concurrency = 50, readers = 0) {
    return this.request<{ ready: number; failed: number; ms: number; errors: string[] }>(
      { type: 'connect', url, origin, cookies, concurrency, readers },
      'connected',
      300_000,
    );
  }

  reset() {
    return this.request<unknown>({ type: 'reset' }, 'reset');
  }

  count() {
    return this.request<{ deliveries: number }>({ type: 'count' }, 'count');
  }

  report() {
    return this.request<{ deliveries: number; latency: Summary; firstAt: number; lastAt: number; unexpectedCloses: number; readsSent: number }>(
      { type: 'report' },
      'report',
    );
  }
}
