import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The third-party packages Rally runs with, and their licences (the /licenses page): every package
 * that the runtime dependencies of apps/server and apps/web pull in, as package-lock.json resolves
 * them. `npm run licenses` writes LICENSES_FILE; a test fails while the file and the lock disagree.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LICENSES_FILE = path.join(ROOT, 'apps/web/src/features/legal/licenses.json');
/** The workspaces whose `dependencies` ship (packages/shared comes in as their dependency). */
const RUNTIME_WORKSPACES = ['apps/server', 'apps/web'] as const;

interface LockPackage {
  name?: string;
  version?: string;
  license?: string;
  link?: boolean;
  resolved?: string;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface LicenseEntry {
  name: string;
  version: string;
  license: string;
  /** The source repository (https), when the installed package says; else its npm page. */
  url: string;
  /** Which part of Rally uses it: the server, the web client, or both. */
  usedBy: ('server' | 'web')[];
}

/** package.json's `repository` as an https URL to browse, or null. */
function repositoryUrl(repository: unknown): string | null {
  const raw = typeof repository === 'string' ? repository : (repository as { url?: unknown } | undefined)?.url;
  if (typeof raw !== 'string') return null;
  let url = raw.replace(/^git\+/, '').replace(/\.git$/, '');
  if (url.startsWith('git://')) url = `https://${url.slice('git://'.length)}`;
  if (url.startsWith('git@github.com:')) url = `https://github.com/${url.slice('git@github.com:'.length)}`;
  if (/^github:/.test(url)) url = `https://github.com/${url.slice('github:'.length)}`;
  if (/^[\w.-]+\/[\w.-]+$/.test(url)) url = `https://github.com/${url}`;
  return url.startsWith('https://') ? url : null;
}

function installedRepository(location: string): string | null {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, location, 'package.json'), 'utf8')) as { repository?: unknown };
    return repositoryUrl(pkg.repository);
  } catch {
    return null;
  }
}

/** Where node would find `name` from the package at `from` (its own node_modules, then each parent's, then the root's). */
function resolve(packages: Record<string, LockPackage>, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

/** The package name of a lock location ("node_modules/a/node_modules/@b/c" → "@b/c"). */
function nameOf(location: string, pkg: LockPackage): string {
  return pkg.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** Every runtime package of apps/server and apps/web, sorted by name then version. */
export function runtimeLicenses(lockFile = path.join(ROOT, 'package-lock.json')): LicenseEntry[] {
  const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { packages: Record<string, LockPackage> };
  const { packages } = lock;
  const found = new Map<string, { location: string; pkg: LockPackage; usedBy: Set<'server' | 'web'> }>();

  for (const workspace of RUNTIME_WORKSPACES) {
    const usedBy = workspace === 'apps/server' ? 'server' : 'web';
    const queue: [from: string, deps: Record<string, string>, optional: Set<string>][] = [];
    const enqueue = (location: string, pkg: LockPackage) => {
      const optionalPeers = new Set(Object.entries(pkg.peerDependenciesMeta ?? {}).flatMap(([n, meta]) => (meta.optional ? [n] : [])));
      const peers = Object.fromEntries(Object.entries(pkg.peerDependencies ?? {}).filter(([n]) => !optionalPeers.has(n)));
      queue.push([location, { ...pkg.dependencies, ...peers }, new Set()]);
      queue.push([location, pkg.optionalDependencies ?? {}, new Set(Object.keys(pkg.optionalDependencies ?? {}))]);
    };
    const root = packages[workspace];
    if (!root) throw new Error(`package-lock.json has no ${workspace}`);
    enqueue(workspace, root);
    const seen = new Set<string>();
    while (queue.length) {
      const [from, deps, optional] = queue.pop()!;
      for (const dep of Object.keys(deps)) {
        let location = resolve(packages, from, dep);
        if (!location) {
          if (optional.has(dep)) continue;
          throw new Error(`${from} needs ${dep}, which package-lock.json does not have`);
        }
        let pkg = packages[location]!;
        if (pkg.link && pkg.resolved) {
          // A workspace package (@rally/shared): follow its own dependencies, do not list it.
          location = pkg.resolved;
          pkg = packages[location]!;
          if (seen.has(location)) continue;
          seen.add(location);
          enqueue(location, pkg);
          continue;
        }
        if (seen.has(location)) continue;
        seen.add(location);
        const name = nameOf(location, pkg);
        const key = `${name}@${pkg.version}`;
        const entry = found.get(key) ?? { location, pkg, usedBy: new Set() };
        entry.usedBy.add(usedBy);
        found.set(key, entry);
        enqueue(location, pkg);
      }
    }
  }

  return [...found.values()]
    .map(({ location, pkg, usedBy }) => {
      const name = nameOf(location, pkg);
      const version = pkg.version ?? '';
      // Platform-specific optional packages may not be installed here: their npm page, so the list is the same on every machine.
      const repository = pkg.optional ? null : installedRepository(location);
      return {
        name,
        version,
        license: pkg.license ?? 'UNKNOWN',
        url: repository ?? `https://www.npmjs.com/package/${name}/v/${version}`,
        usedBy: (['server', 'web'] as const).filter((part) => usedBy.has(part)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.version.localeCompare(b.version, 'en'));
}

export function renderLicenses(): string {
  return `${JSON.stringify(runtimeLicenses(), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(LICENSES_FILE, renderLicenses());
}
