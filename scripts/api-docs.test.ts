import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, renderApiDoc } from './api-docs';

describe('docs/api.md', () => {
  it('is the route list generated from the endpoint objects (run `npm run docs:api` after changing one)', () => {
    expect(fs.readFileSync(API_DOC, 'utf8')).toBe(renderApiDoc());
  });
});
