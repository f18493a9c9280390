// ESLint flat config for the whole repository (`npm run lint`, run by `npm test` after the typecheck).
//
// What it checks, block by block (each block is named `rally/…`; `npx eslint --print-config <file>`
// shows what applies to one file):
//   1. rally/ignores         generated and installed files
//   2. rally/language        typescript-eslint's parser WITH type information for every linted file:
//                            `projectService` finds each file's tsconfig.json (every workspace has
//                            one; the .mjs build scripts and the root's config files, in no
//                            tsconfig, are linted untyped)
//   3. rally/javascript      ESLint's recommended rules (real mistakes: unreachable code, duplicate
//                            keys, assignments in conditions …), minus those TypeScript does better
//   4. rally/typescript      typescript-eslint `recommendedTypeChecked`: promises that nobody awaits
//                            (no-floating-promises, no-misused-promises), `any` leaking into typed
//                            code (no-unsafe-*), needless assertions …; plus exhaustive `switch`es
//   5. rally/javascript-files  the .mjs build scripts and the root's config files: untyped
//   6. rally/tests           the few of those relaxed for test files, each with its reason
//   7. rally/react-hooks     eslint-plugin-react-hooks' recommended rules for the web client (the
//                            rules of hooks, exhaustive deps, and the React Compiler's checks: no
//                            ref read or setState during render or synchronously in an effect …)
//   8. rally/boundaries-*    which folder may import which (`no-restricted-imports`): web `lib`
//                            never imports `features`; server `modules` never import the gateway;
//                            `packages/shared` never imports an app; the web's landing-route modules
//                            import zod-bearing shared modules (and zod) only with `import type`
//   9. rally/regexp          no regular expression with super-linear runtime (ReDoS)
//  10. prettier              eslint-config-prettier last: no ESLint rule that Prettier's formatting
//                            (`npm run format:check`) would fight
//
// scripts/lint.test.ts checks that each of these rejects what it should (on in-memory snippets).
//
// Import cycles are not checked here: `npm run lint` runs scripts/import-cycles.ts after ESLint
// (TypeScript's own module resolution over every workspace, no plugin).
//
// Unused `eslint-disable` comments are errors: a directive stays only while it silences something.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/** Every directory that holds code of ours. */
const roots = ['packages/*/src', 'apps/*/src', 'apps/*/test', 'apps/*/scripts', 'e2e', 'scripts'];
/** The tools' config files at the root (in no tsconfig: linted untyped, as the .mjs scripts are). */
const rootConfigs = ['*.config.{js,ts}'];
/** Source files of those directories, the workspaces' config files (vite, drizzle, vitest …: in their workspace's tsconfig) and the root's. */
export const files = [...roots.map((root) => `${root}/**/*.{ts,tsx,js,mjs}`), 'apps/*/*.config.ts', ...rootConfigs];
/** Test code: Vitest files and their helpers, Playwright specs and fixtures, the bench. */
const testFiles = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'apps/server/test/**',
  'apps/server/src/**/testing.ts',
  'apps/server/src/bus/bus-contract.ts',
  'e2e/**',
  'scripts/bench/**',
];

/**
 * Shared modules that import zod (or import one that does): a value import of one of them pulls
 * zod into the importing chunk. The other shared modules (routes, headers, limits, permissions,
 * ids, i18n/errors, api/plain-message) are zod-free.
 */
const ZOD_BEARING_SHARED = [
  '@rally/shared/gateway/*',
  ...['auth', 'common', 'endpoint', 'endpoints', 'messages', 'system', 'teams', 'text', 'users'].map((m) => `@rally/shared/api/${m}`),
];
/**
 * The web client's landing route: what main.tsx loads before any lazy route (the static imports
 * from main.tsx; routes are `lazyNamed` in app/router.tsx). Keep in step with new eager imports;
 * npm test's 170 KB initial-route budget (apps/web/scripts/initial-route-size.mjs) is the backstop.
 */
const LANDING_ROUTE = [
  'apps/web/src/main.tsx',
  'apps/web/src/i18n.ts',
  'apps/web/src/app/**',
  'apps/web/src/lib/*.ts',
  'apps/web/src/components/**',
  'apps/web/src/features/auth/{queries.ts,AuthDialogProvider.tsx,auth-dialog-context.ts}',
  'apps/web/src/features/landing/**',
  'apps/web/src/features/public/{PublicHeader,PublicFooter}.tsx',
  'apps/web/src/features/system/**',
];

/** `no-restricted-imports` pattern: a relative path that climbs (`../`) into the folder `name`. */
const climbsInto = (name, message) => ({ regex: `^(?:\\.\\./)+${name}(?:/|$)`, message });

export default defineConfig(
  {
    name: 'rally/ignores',
    ignores: ['**/node_modules/**', '**/dist/**', 'e2e/artifacts/**', 'apps/server/drizzle/**'],
  },
  {
    name: 'rally/language',
    files,
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parser: tseslint.parser,
      parserOptions: {
        // Each file is type-checked with the tsconfig.json of its workspace (found by TypeScript's
        // project service, as an editor does). The .mjs build scripts belong to no tsconfig: they are
        // linted without type information (rally/javascript-files below).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    name: 'rally/javascript',
    files,
    extends: [js.configs.recommended],
  },
  {
    name: 'rally/typescript',
    files,
    // recommendedTypeChecked = recommended + the rules that need types; its first entry also turns
    // off the ESLint core rules that TypeScript checks itself (no-undef, no-redeclare …).
    extends: [tseslint.configs.recommendedTypeChecked],
    rules: {
      // A promise nobody awaits loses its rejection (an unhandled rejection ends the server) and its
      // ordering. Mark a deliberate fire-and-forget with `void`. (In recommendedTypeChecked; listed
      // here with its options because the issue names it.)
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // A `switch` over a union (event types, audience kinds, close codes …) must name every member,
      // so that adding a member fails the lint where it is not handled. A `default:` does not count
      // as handling the members it hides; a `default` after all members is still allowed (e.g. to
      // guard data from the network).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false }],
      // `_`-prefixed parameters and destructured leftovers are deliberate (a handler's unused
      // argument, `const { secret: _secret, ...rest } = row`). TypeScript's noUnusedLocals and
      // noUnusedParameters catch the rest too; this rule adds unused catch bindings and imports.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Off: an `async` function without `await` is deliberate here — in-memory implementations of
      // interfaces whose Redis versions are asynchronous (MemoryBus, MemoryRateLimiter, the session
      // store), and Fastify plugins, which Fastify wants async or with a callback. `async` also makes
      // a throw a rejection, as callers expect. The promise rules above catch the real mistakes.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    name: 'rally/javascript-files',
    // The .mjs build scripts are plain JavaScript run by Node, and the root's config files; in no
    // tsconfig: parsed without type information (disableTypeChecked also turns off the rules that
    // need it), with Node's globals.
    files: ['**/*.mjs', ...rootConfigs],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
  },
  {
    name: 'rally/tests',
    files: testFiles,
    rules: {
      // Response bodies are `any` by design in tests (`res.json()`): reading a field off one and
      // comparing it with `expect` is the test. Production code keeps these rules.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    name: 'rally/react-hooks',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    name: 'rally/boundaries-web-lib',
    // lib holds what every feature uses; a feature's code comes in through the app (app/, the
    // handler table in features/shell/live-events.ts), never through lib.
    files: ['apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [climbsInto('features', 'lib never imports features: move the shared part into lib, or pass it in from the app')] },
      ],
    },
  },
  {
    name: 'rally/boundaries-server-modules',
    // Services publish events on the bus (lib/events.ts); the gateway subscribes. A module that
    // imported the gateway would tie the HTTP side to the sockets of this one process.
    files: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [climbsInto('gateway', 'modules never import the gateway: publish an event with publishEvent (lib/events.ts)')] },
      ],
    },
  },
  {
    name: 'rally/boundaries-shared',
    // The contracts are the bottom layer: both apps import them, they import neither app.
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@rally/(?:server|web)(?:/|$)', message: 'packages/shared never imports an app' },
            climbsInto('apps', 'packages/shared never imports an app'),
          ],
        },
      ],
    },
  },
  {
    name: 'rally/boundaries-landing-route',
    // The landing route stays within its JavaScript budget only while zod stays out of it: types
    // from the contracts are welcome (`import type`, erased at build), values are not.
    files: LANDING_ROUTE,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'the landing route loads no zod: import its types with `import type`' }],
          patterns: [
            {
              group: ZOD_BEARING_SHARED,
              allowTypeImports: true,
              message:
                'this shared module imports zod, which the landing route must not load: use `import type`, or a zod-free module (api/routes, api/headers, limits …)',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'rally/regexp',
    files,
    extends: [regexp.configs['flat/recommended']],
    rules: {
      // Exponential or polynomial backtracking inside one match attempt: /^(a+)+$/, /^[^@]+@[^@]+\.[^@]+$/.
      // report 'potential': a pattern whose use the rule cannot see in the same file (exported, as the
      // shared contracts' patterns are, or handed to zod's .regex()) is checked as if a rejecting
      // suffix could follow it, not only as written. It adds no finding to today's code.
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      // Quadratic runtime from the engine retrying the pattern at every start position: /\s+$/ or
      // /a+b/ on "aaaa…". Not in the recommended set; it is what covers unanchored patterns given to
      // .test/.exec/.match/.replace/.split/.search on untrusted input.
      //  - report 'potential': as above, for patterns whose use is not visible.
      //  - ignorePartial false: a pattern used only as a fragment (`re.source` spliced into another
      //    RegExp) is checked too; the composed RegExp is often built from a string the linter cannot
      //    follow, so the fragment is the only place the check can happen.
      //  - ignoreSticky false: a /y pattern is tried at lastIndex only by exec/test/match/replace, but
      //    String#split moves a sticky splitter across the whole input all the same. A sticky tokenizer
      //    that is flagged although only ever run by exec may carry a disable comment saying so.
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false, ignoreSticky: false }],
    },
  },
  {
    // Last: turns off the stylistic rules that Prettier owns.
    ...prettier,
    name: 'prettier',
    files,
  },
);
