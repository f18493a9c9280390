// @vitest-environment node
import { ROUTES, type EndpointName } from '@rally/shared/api/routes';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The client's data rules (CONTRIBUTING.md, "Add a screen"), checked on the source so that the
 * wrong way fails here: reads through a feature's queries, every write a useMutation in its
 * mutations.ts, every cache write through a cache module, every form through useZodForm.
 */
const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((file) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }));
const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const isQueries = (file: string) => file.startsWith('features/') && /^(?:[a-z]+-)?queries\.ts$/.test(base(file));
const isMutations = (file: string) => file.startsWith('features/') && base(file) === 'mutations.ts';
const isCache = (file: string) => file.startsWith('features/') && /^(?:[a-z]+-)?cache\.ts$/.test(base(file));

/** Endpoint names passed to call('…') in a file. */
function calledEndpoints(text: string): EndpointName[] {
  return [...text.matchAll(/\bcall\(\s*'(\w+)'/g)].map((m) => m[1] as EndpointName);
}

describe('client conventions', () => {
  it('finds the source', () => {
    expect(files.some((f) => f.file === 'lib/api.ts')).toBe(true);
    expect(files.filter((f) => isMutations(f.file)).length).toBeGreaterThan(0);
  });

  it("calls the API only from a feature's queries (reads) and mutations.ts (writes)", () => {
    const wrong: string[] = [];
    for (const { file, text } of files) {
      for (const name of calledEndpoints(text)) {
        const route = ROUTES[name];
        expect(route, `${file} calls an unknown endpoint ${name}`).toBeDefined();
        const ok = route.method === 'GET' ? isQueries(file) : isMutations(file);
        if (!ok) wrong.push(`${file}: ${name} (${route.method})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('makes every write a useMutation of a mutations.ts', () => {
    const wrong = files.filter(({ file, text }) => /\buseMutation\(/.test(text) && !isMutations(file)).map((f) => f.file);
    expect(wrong).toEqual([]);
    const withoutMutation = files.filter(({ file, text }) => isMutations(file) && !/\buseMutation\(/.test(text)).map((f) => f.file);
    expect(withoutMutation).toEqual([]);
  });

  it("writes the query cache only through a feature's cache module", () => {
    const wrong = files.filter(({ file, text }) => /\.(?:setQueryData|setQueriesData)\b/.test(text) && !isCache(file)).map((f) => f.file);
    expect(wrong).toEqual([]);
  });

  it('builds every form with useZodForm (the composer, a message box with its own limits, aside)', () => {
    const wrong = files
      .filter(({ file, text }) => file.endsWith('.tsx') && /<form\b/.test(text) && !/\buseZodForm\(/.test(text) && file !== 'features/messages/Composer.tsx')
      .map((f) => f.file);
    expect(wrong).toEqual([]);
  });
});
