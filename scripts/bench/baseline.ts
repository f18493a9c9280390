/**
 * `BENCH_BASELINE=<commit-ish> npm run bench` (or `BENCH_BASELINE_ROOT=<checkout>`): the bench of a
 * baseline commit and this tree's bench, one after the other on this machine, then the ratio
 * current / baseline of every figure both printed (compare.ts). Each tree runs its OWN
 * scripts/bench/run.ts with the same environment and arguments, so an old commit is measured by the
 * bench it had. See docs/performance.md, "How to run".
 *
 * BENCH_BASELINE: a temporary `git worktree add --detach` of that commit under the system's temporary
 * directory, with its own packages (a copy of this tree's node_modules when the two package-lock.json
 * are the same, `npm ci` otherwise), removed afterwards (also on an error or a signal).
 * BENCH_ROUNDS (1): baseline then current, this many times; each figure is the median of the rounds.
 * BENCH_REGRESSION (1.10): the factor beyond which a figure counts as a regression.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareTables, comparisonReport, medianTables, parseTables } from './compare';
import { ROOT } from './server-process';

/** The knobs of the comparison itself: not passed on to the two benches. */
export const COMPARISON_KNOBS = ['BENCH_BASELINE', 'BENCH_BASELINE_ROOT', 'BENCH_ROUNDS', 'BENCH_REGRESSION'];

export interface BaselineOptions {
  /** BENCH_BASELINE: a commit-ish of this repository. */
  ref: string | null;
  /** BENCH_BASELINE_ROOT: a checkout with its packages installed. */
  root: string | null;
  rounds: number;
  threshold: number;
}

/** The comparison BENCH_BASELINE / BENCH_BASELINE_ROOT ask for, or null for a plain bench. */
export function baselineOptions(env: NodeJS.ProcessEnv): BaselineOptions | null {
  const ref = env.BENCH_BASELINE?.trim() || null;
  const root = env.BENCH_BASELINE_ROOT?.trim() || null;
  if (!ref && !root) return null;
  if (ref && root) throw new Error('BENCH_BASELINE and BENCH_BASELINE_ROOT: set one of them');
  if (env.BENCH_SERVER_ROOT) {
    throw new Error('BENCH_SERVER_ROOT cannot be combined with BENCH_BASELINE(_ROOT): there each tree runs its own bench and server; unset it');
  }
  const rounds = Number(env.BENCH_ROUNDS || 1);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_ROUNDS: a whole number of at least 1, not ${env.BENCH_ROUNDS}`);
  const threshold = Number(env.BENCH_REGRESSION || 1.1);
  if (!Number.isFinite(threshold) || threshold <= 1) throw new Error(`BENCH_REGRESSION: a factor above 1 (e.g. 1.10), not ${env.BENCH_REGRESSION}`);
  return { ref, root: root && path.resolve(root), rounds, threshold };
}

/** The environment of both benches: this one's, without the comparison's own knobs. */
export function benchEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of COMPARISON_KNOBS) delete copy[name];
  return copy;
}

/** BENCH_* variables set here that the baseline's bench never reads (its workload differs from this tree's there). */
export function unknownKnobs(env: NodeJS.ProcessEnv, baselineSources: string): string[] {
  return Object.keys(benchEnv(env))
    .filter((name) => name.startsWith('BENCH_') && !baselineSources.includes(name))
    .sort();
}

export type Side = 'baseline' | 'current';

/** `rounds` times the baseline's bench, then the current tree's; their stdouts in order. */
export async function alternate(rounds: number, run: (side: Side, round: number) => Promise<string>): Promise<Record<Side, string[]>> {
  const outputs: Record<Side, string[]> = { baseline: [], current: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const side of ['baseline', 'current'] as const) outputs[side].push(await run(side, round));
  }
  return outputs;
}

/** The node_modules directories npm installed for a lockfile (the root's, and a workspace's own where it has one). */
export function nodeModulesDirs(lockfile: string): string[] {
  const { packages = {} } = JSON.parse(lockfile) as { packages?: Record<string, unknown> };
  const dirs = new Set<string>();
  for (const key of Object.keys(packages)) {
    const at = key.indexOf('node_modules/');
    if (at === 0 || key[at - 1] === '/') dirs.add(key.slice(0, at + 'node_modules'.length));
  }
  return [...dirs].sort();
}

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const git = (args: string[], cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** A commit's hash and subject, cut to fit a line. */
const short = (line: string) => (line.length > 80 ? `${line.slice(0, 79)}…` : line);

const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

/** The child processes of a comparison, and the signal that stopped it. */
class Children {
  private child: ChildProcess | null = null;
  stoppedBy: NodeJS.Signals | null = null;

  /** A signal stops the running step and, through the `finally` of the caller, removes the worktree. */
  readonly onSignal = (signal: NodeJS.Signals) => {
    this.stoppedBy = signal;
    this.signalGroup(signal);
  };

  /**
   * Run a command in its own process group (so that a signal reaches the servers a bench started,
   * too); with `capture`, its stdout is shown and returned.
   */
  run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, capture: boolean): Promise<string> {
    if (this.stoppedBy) return Promise.reject(new Error(`stopped by ${this.stoppedBy}`));
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
      this.child = child;
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        process.stdout.write(chunk);
      });
      child.once('error', reject);
      child.once('close', (code, signal) => {
        this.child = null;
        if (code === 0) resolve(output);
        else reject(new Error(`${[command, ...args].join(' ')} in ${cwd} ${signal ? `stopped by ${signal}` : `exited with code ${code}`}`));
      });
    });
  }

  /** Stop what still runs (on the way out). */
  stop(): void {
    this.signalGroup('SIGTERM');
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (!this.child?.pid) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // The group has already gone.
    }
  }
}

/** A worktree of `ref` with its packages installed; `remove` deletes it and prunes git's record of it. */
async function baselineWorktree(ref: string, children: Children): Promise<{ dir: string; label: string; remove: () => void }> {
  let sha: string;
  try {
    sha = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`BENCH_BASELINE: ${ref} is not a commit of this repository`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-baseline-'));
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      // Not registered (the add failed) or already gone: the directory goes below all the same.
    }
    fs.rmSync(dir, { recursive: true, force: true });
    git(['worktree', 'prune']);
  };
  try {
    log(`baseline: git worktree add --detach ${dir} ${sha.slice(0, 10)}`);
    git(['worktree', 'add', '--detach', dir, sha]);
    const lock = readIfThere(path.join(dir, 'package-lock.json'));
    if (lock !== null && lock === readIfThere(path.join(ROOT, 'package-lock.json')) && fs.existsSync(path.join(ROOT, 'node_modules'))) {
      // The same packages: a copy of this tree's (not a link: the workspace packages are relative
      // links inside node_modules, so the copy's point at the baseline's own packages/shared and apps).
      log('baseline: package-lock.json as in this tree; copying its node_modules');
      for (const sub of nodeModulesDirs(lock)) {
        const from = path.join(ROOT, sub);
        if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, sub), { recursive: true, verbatimSymlinks: true, mode: fs.constants.COPYFILE_FICLONE });
      }
    } else {
      log('baseline: npm ci (its package-lock.json differs from this tree’s)');
      await children.run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], dir, process.env, false);
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, label: `${ref} (${short(git(['log', '-1', '--format=%h %s', sha]))})`, remove };
}

function checkoutLabel(dir: string): string {
  try {
    return `${dir} (${short(git(['log', '-1', '--format=%h %s'], dir))})`;
  } catch {
    return dir;
  }
}

function currentLabel(): string {
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return `this tree (HEAD ${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ', with uncommitted changes' : ''})`;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The whole comparison: baseline tree, both benches in turn, the report. */
export async function runAgainstBaseline(options: BaselineOptions, args: string[]): Promise<void> {
  const children = new Children();
  for (const signal of SIGNALS) process.on(signal, children.onSignal);
  let removeWorktree: (() => void) | null = null;
  try {
    let baselineRoot: string;
    let baselineLabel: string;
    if (options.ref) {
      const worktree = await baselineWorktree(options.ref, children);
      removeWorktree = worktree.remove;
      baselineRoot = worktree.dir;
      baselineLabel = worktree.label;
    } else {
      baselineRoot = options.root!; // baselineOptions gives a ref or a root
      if (!fs.existsSync(path.join(baselineRoot, 'node_modules')))
        throw new Error(`BENCH_BASELINE_ROOT: no node_modules in ${baselineRoot} (run npm ci there)`);
      baselineLabel = checkoutLabel(baselineRoot);
    }
    const benchDir = path.join(baselineRoot, 'scripts/bench');
    if (!fs.existsSync(path.join(benchDir, 'run.ts'))) throw new Error(`the baseline has no scripts/bench/run.ts (${baselineRoot})`);
    const sources = fs
      .readdirSync(benchDir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => fs.readFileSync(path.join(benchDir, name), 'utf8'))
      .join('\n');
    const ignored = unknownKnobs(process.env, sources);
    if (ignored.length) log(`warning: the baseline's bench does not read ${ignored.join(', ')}: its workload differs from this tree's there`);
    const current = currentLabel();
    const env = benchEnv(process.env);
    const roots: Record<Side, string> = { baseline: baselineRoot, current: ROOT };
    const outputs = await alternate(options.rounds, (side, round) => {
      log(`${side} (round ${round} of ${options.rounds}): ${side === 'baseline' ? baselineLabel : current}`);
      return children.run(process.execPath, ['--import', 'tsx', 'scripts/bench/run.ts', ...args], roots[side], env, true);
    });
    const comparison = compareTables(medianTables(outputs.baseline.map(parseTables)), medianTables(outputs.current.map(parseTables)), options.threshold);
    const rounds = options.rounds > 1 ? ` (each figure the median of ${options.rounds} rounds)` : '';
    console.log(`\n${comparisonReport(comparison, { baseline: `${baselineLabel}${rounds}`, current })}`);
  } finally {
    children.stop();
    if (removeWorktree) {
      log('baseline: removing the worktree');
      removeWorktree();
    }
    for (const signal of SIGNALS) process.off(signal, children.onSignal);
  }
  if (children.stoppedBy) throw new Error(`stopped by ${children.stoppedBy}`);
}
