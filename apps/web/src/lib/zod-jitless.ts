/**
 * Zod tests once whether `new Function('')` is allowed, to compile fast object parsers. Our Content
 * Security Policy forbids eval, and Chromium reports the refused probe as a violation even though
 * zod catches it. `jitless` skips the probe (zod/v4/core/util.js `allowsEval`). Zod keeps its
 * global config on `globalThis.__zod_globalConfig` (shared by every copy of zod, and what
 * `z.config()` writes); setting it here, before any zod code runs, keeps zod out of the landing
 * route's bundle. The e2e guard (e2e/fixtures/test.ts) fails any test whose pages report a CSP
 * violation, so this cannot silently stop working.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
