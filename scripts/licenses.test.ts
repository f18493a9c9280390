import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LICENSES_FILE, renderLicenses, runtimeLicenses } from './licenses';

describe('the licences page list (apps/web/src/features/legal/licenses.json)', () => {
  it('is the runtime dependencies of package-lock.json with their licences (run `npm run licenses` after changing dependencies)', () => {
    expect(fs.readFileSync(LICENSES_FILE, 'utf8')).toBe(renderLicenses());
  });

  it('names the packages Rally runs on, each with a licence and a link', () => {
    const list = runtimeLicenses();
    const byName = (name: string) => list.find((entry) => entry.name === name);
    expect(byName('react')).toMatchObject({ license: 'MIT', usedBy: ['web'] });
    expect(byName('fastify')).toMatchObject({ license: 'MIT', usedBy: ['server'] });
    expect(byName('zod')).toMatchObject({ usedBy: ['server', 'web'] });
    // Tools of the build and the tests are not shipped.
    for (const devTool of ['vitest', 'typescript', 'eslint', '@playwright/test', 'vite']) expect(byName(devTool)).toBeUndefined();
    for (const entry of list) {
      expect(entry.license).not.toBe('UNKNOWN');
      expect(entry.url).toMatch(/^https:\/\//);
    }
  });
});
