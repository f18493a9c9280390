/**
 * Whether a process with this pid exists (signal 0 checks without sending anything; EPERM means it
 * exists but belongs to another user). Used by the data-directory lock (db/client.ts) and by the
 * browser tests' clean-up of old data directories (e2e/fixtures/global-setup.ts, by relative path:
 * this module imports nothing, so e2e pulls in no server code with it).
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
