// The repository's ESLint config (eslint.config.js) rejects regular expressions with super-linear
// runtime: a catastrophic pattern in a source file fails `npm run lint`, a linear one passes.
// Runs ESLint's Node API on in-memory snippets; nothing here is measured by time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A path that the config's `files` cover (it does not have to exist): the snippet is linted as
// server code would be.
const PROBE = path.join(ROOT, 'apps/server/src/__lint_probe__.ts');
const REDOS_RULES = ['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move'];

let eslint: ESLint;

async function lint(code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: PROBE });
  if (!result) throw new Error('ESLint returned no result');
  // A parse error would leave every rule silent: fail loudly instead.
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages;
}

const ruleIds = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

describe('eslint.config.js: ReDoS rules', () => {
  it('turns both ReDoS rules on as errors for source files', async () => {
    const config = (await eslint.calculateConfigForFile(PROBE)) as Linter.Config;
    for (const rule of REDOS_RULES) {
      const entry = config.rules?.[rule];
      const severity = Array.isArray(entry) ? entry[0] : entry;
      expect([2, 'error'], rule).toContain(severity);
    }
    expect(await eslint.isPathIgnored(PROBE)).toBe(false);
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
