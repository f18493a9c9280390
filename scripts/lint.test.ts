// What `npm run lint` checks: the repository's ESLint config (eslint.config.js) — regular expressions
// with super-linear runtime, the type-aware rules (floating promises, exhaustive switches), React's
// hook rules and the folder boundaries — each rejects what it is meant to and accepts the ordinary
// case (ESLint's Node API on in-memory snippets); and scripts/import-cycles.ts finds import cycles
// (on in-memory graphs and files) and finds none in the repository. Nothing here is measured by time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildImportGraph, checkRepository, findCycles, formatCycle } from './import-cycles';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Snippets are linted AS existing files of the repository (ESLint reads the text given, not the
// file): type information needs a file that belongs to a tsconfig, and the folder rules go by path.
const SERVER_FILE = path.join(ROOT, 'apps/server/src/http/trusted-proxy.ts');
const MODULE_FILE = path.join(ROOT, 'apps/server/src/modules/health/routes.ts');
const SHARED_FILE = path.join(ROOT, 'packages/shared/src/limits.ts');
const WEB_LIB_FILE = path.join(ROOT, 'apps/web/src/lib/use-media-query.ts');
/** On the landing route (see LANDING_ROUTE in eslint.config.js) … */
const LANDING_FILE = path.join(ROOT, 'apps/web/src/features/auth/queries.ts');
/** … and off it (a lazy route's module). */
const LAZY_FILE = path.join(ROOT, 'apps/web/src/features/teams/queries.ts');
const REDOS_RULES = ['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move'];

let eslint: ESLint;

async function lint(code: string, filePath = SERVER_FILE): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error('ESLint returned no result');
  // A parse error (or a file outside every tsconfig) would leave every rule silent: fail loudly instead.
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages;
}

const ruleIds = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

/** The severity a rule has for a file: 2 (error), 1 (warning) or 0 (off). */
async function severity(rule: string, filePath: string): Promise<number> {
  const config = (await eslint.calculateConfigForFile(filePath)) as Linter.Config;
  const entry = config.rules?.[rule];
  const level = Array.isArray(entry) ? entry[0] : entry;
  return level === 'error' ? 2 : level === 'warn' ? 1 : level === 'off' || level === undefined ? 0 : level;
}

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

// Type-aware linting builds a TypeScript program per workspace on first use: generous time limits.
describe('eslint.config.js: ReDoS rules', { timeout: 180_000 }, () => {
  it('turns both ReDoS rules on as errors for source files', async () => {
    for (const rule of REDOS_RULES) expect(await severity(rule, SERVER_FILE), rule).toBe(2);
    expect(await eslint.isPathIgnored(SERVER_FILE)).toBe(false);
  });

  it('reports exponential backtracking: nested quantifiers', async () => {
    const messages = await lint(`export const allA = (input: string): boolean => /^(?:a+)+$/.test(input);\n`);
    expect(ruleIds(messages)).toContain('regexp/no-super-linear-backtracking');
  });

  it('reports polynomial backtracking: the naive e-mail pattern, as a literal, in zod and in a RegExp constructor', async () => {
    const code = [
      `import { z } from 'zod';`,
      `export const looksLikeEmail = (input: string): boolean => /^[^@]+@[^@]+\\.[^@]+$/.test(input);`,
      `export const emailField = z.string().regex(/^[^@]+@[^@]+\\.[^@]+$/);`,
      `export const EMAIL = new RegExp('^[^@]+@[^@]+\\\\.[^@]+$');`,
      '',
    ].join('\n');
    const messages = await lint(code);
    const lines = messages.filter((m) => m.ruleId === 'regexp/no-super-linear-backtracking').map((m) => m.line);
    expect(new Set(lines)).toEqual(new Set([2, 3, 4]));
  });

  it('reports a quadratic move: an unanchored trailing-space trim on untrusted input', async () => {
    const messages = await lint(`export const trimEnd = (input: string): string => input.replace(/\\s+$/, '');\n`);
    expect(ruleIds(messages)).toContain('regexp/no-super-linear-move');
  });

  it('accepts linear patterns', async () => {
    const code = [
      `import { z } from 'zod';`,
      `export const EMAIL_PATTERN = /^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$/;`,
      `export const emailField = z.string().regex(EMAIL_PATTERN);`,
      `export const allA = (input: string): boolean => /^a+$/.test(input);`,
      `export const prefix = (input: string): boolean => /^\\d{1,3}$/.test(input);`,
      `export const trimEnd = (input: string): string => input.trimEnd();`,
      '',
    ].join('\n');
    expect(await lint(code)).toEqual([]);
  });
});

describe('eslint.config.js: type-aware rules', { timeout: 180_000 }, () => {
  it('reports a promise that nobody awaits, and accepts one marked with void', async () => {
    const code = [
      `async function save(): Promise<void> {}`,
      `export function a(): void {`,
      `  save();`,
      `}`,
      `export function b(): void {`,
      `  void save();`,
      `}`,
      '',
    ].join('\n');
    const messages = await lint(code);
    expect(messages.filter((m) => m.ruleId === '@typescript-eslint/no-floating-promises').map((m) => m.line)).toEqual([3]);
  });

  it('reports a switch over a union that misses a member, even behind a default', async () => {
    const code = [
      `type Kind = 'channel' | 'team' | 'users';`,
      `export function a(kind: Kind): number {`,
      `  switch (kind) {`,
      `    case 'channel':`,
      `      return 1;`,
      `    case 'team':`,
      `      return 2;`,
      `    default:`,
      `      return 3;`,
      `  }`,
      `}`,
      `export function b(kind: Kind): number {`,
      `  switch (kind) {`,
      `    case 'channel':`,
      `      return 1;`,
      `    case 'team':`,
      `      return 2;`,
      `    case 'users':`,
      `      return 3;`,
      `  }`,
      `}`,
      '',
    ].join('\n');
    const messages = await lint(code);
    expect(messages.filter((m) => m.ruleId === '@typescript-eslint/switch-exhaustiveness-check').map((m) => m.line)).toEqual([3]);
  });

  it('reports a promise-returning handler where React expects void', async () => {
    const form = `  return <form onSubmit={save} onReset={() => void save()} />;`;
    const code = [`export function Form({ save }: { save: () => Promise<void> }) {`, form, `}`, ''].join('\n');
    const messages = await lint(code, path.join(ROOT, 'apps/web/src/features/home/HomePage.tsx'));
    const found = messages.filter((m) => m.ruleId === '@typescript-eslint/no-misused-promises');
    expect(found.map((m) => [m.line, m.column])).toEqual([[2, form.indexOf('{save}') + 1]]);
  });
});

describe('eslint.config.js: React hooks', { timeout: 180_000 }, () => {
  it('reports a hook called conditionally in the web client', async () => {
    const code = [
      `import { useState } from 'react';`,
      `export function useMaybe(on: boolean): number {`,
      `  if (!on) return 0;`,
      `  const [n] = useState(1);`,
      `  return n;`,
      `}`,
      '',
    ].join('\n');
    expect(ruleIds(await lint(code, WEB_LIB_FILE))).toContain('react-hooks/rules-of-hooks');
  });
});

describe('eslint.config.js: folder boundaries', { timeout: 180_000 }, () => {
  const restricted = (messages: Linter.LintMessage[]) => messages.filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.line);

  it('web lib never imports a feature', async () => {
    const code = [
      `import { formatTime } from '../features/messages/format';`,
      `import { queryKeys } from './query-keys';`,
      `export const both = [formatTime, queryKeys];`,
      '',
    ].join('\n');
    expect(restricted(await lint(code, WEB_LIB_FILE))).toEqual([1]);
  });

  it('server modules never import the gateway, not even its types; the shared protocol is fine', async () => {
    const code = [
      `import type { Gateway } from '../../gateway/gateway';`,
      `import { CloseCode } from '@rally/shared/gateway/protocol';`,
      `export const x: [Gateway | null, typeof CloseCode] = [null, CloseCode];`,
      '',
    ].join('\n');
    expect(restricted(await lint(code, MODULE_FILE))).toEqual([1]);
  });

  it('packages/shared never imports an app', async () => {
    const code = [`import type { Config } from '../../../apps/server/src/env';`, `export type C = Config;`, ''].join('\n');
    expect(restricted(await lint(code, SHARED_FILE))).toEqual([1]);
  });

  it('the landing route imports zod-bearing shared modules and zod with import type only', async () => {
    const code = [
      `import { loginRequestSchema } from '@rally/shared/api/auth';`,
      `import type { LoginRequest } from '@rally/shared/api/auth';`,
      `import { z } from 'zod';`,
      `import { ROUTES } from '@rally/shared/api/routes';`,
      `export const all: [unknown, LoginRequest | null, unknown, unknown] = [loginRequestSchema, null, z, ROUTES];`,
      '',
    ].join('\n');
    expect(restricted(await lint(code, LANDING_FILE))).toEqual([1, 3]);
    // A lazy route's module may import values from them.
    expect(restricted(await lint(code, LAZY_FILE))).toEqual([]);
  });
});

describe('scripts/import-cycles.ts', () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it('finds a cycle and gives it as a chain from its first file back to it; an acyclic graph has none', () => {
    const acyclic = { 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] };
    expect(findCycles(graph(acyclic))).toEqual([]);
    // d → b → c → d, with a (outside the cycle) importing into it, and a second cycle e ⇄ e.
    const cyclic = { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a2.ts', 'd.ts'], 'a2.ts': [], 'd.ts': ['b.ts'], 'e.ts': ['e.ts'] };
    expect(findCycles(graph(cyclic))).toEqual([
      ['b.ts', 'c.ts', 'd.ts', 'b.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });

  it('gives the shortest cycle through a tangle of several', () => {
    const tangle = { 'a.ts': ['b.ts', 'd.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'], 'd.ts': ['a.ts'] };
    expect(findCycles(graph(tangle))).toEqual([['a.ts', 'd.ts', 'a.ts']]);
  });

  it('follows value imports, re-exports and import(), not type-only imports; prints the import lines', () => {
    const files: Record<string, string> = {
      'a.ts': `import { b } from './b';\nexport const a = b;\n`,
      'b.ts': [
        `import type { a } from './a';`,
        `import { type a as A2 } from './a';`,
        `export type { a as A3 } from './a';`,
        `export const b = 1;`,
        `export type T = typeof import('./a') | typeof a | typeof A2;`,
        '',
      ].join('\n'),
      'c.ts': `export * from './d';\n`,
      'd.ts': `export const d = () => import('./c');\n`,
    };
    const resolve = (specifier: string) => `${specifier.slice(2)}.ts`;
    const { edges, lines } = buildImportGraph(['a.ts', 'c.ts'], (file) => files[file]!, resolve);
    expect(Object.fromEntries(edges)).toEqual({ 'a.ts': ['b.ts'], 'b.ts': [], 'c.ts': ['d.ts'], 'd.ts': ['c.ts'] });
    const cycles = findCycles(edges);
    expect(cycles).toEqual([['c.ts', 'd.ts', 'c.ts']]);
    expect(formatCycle(cycles[0]!, lines)).toBe('    c.ts:1\n  → d.ts:1\n  → c.ts');
    // The same import without `type` closes the cycle a ⇄ b.
    files['b.ts'] = `import { a } from './a';\nexport const b = () => a;\n`;
    expect(findCycles(buildImportGraph(['a.ts'], (file) => files[file]!, resolve).edges)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('finds no cycle in the repository, following imports across workspaces', { timeout: 60_000 }, () => {
    const { graph: repo, cycles } = checkRepository();
    expect(cycles.map((cycle) => formatCycle(cycle, repo.lines))).toEqual([]);
    // It did read the code: a relative import and a workspace package's (`@rally/shared/…`) resolved.
    expect(repo.edges.get('apps/server/src/http/client-address.ts')).toContain('apps/server/src/http/trusted-proxy.ts');
    expect([...repo.edges].some(([from, to]) => from.startsWith('apps/web/') && to.some((file) => file.startsWith('packages/shared/src/')))).toBe(true);
  });
});
