#!/usr/bin/env bash
# npm test: every test of the project, on the embedded database (PGlite).
#   1. Vitest: the unit and integration projects (vitest.config.ts; the integration project runs again
#      on PostgreSQL + Redis in scripts/test-pg.sh, with the multi-process suite)
#   2. typecheck of every workspace (noUncheckedIndexedAccess on), npm run lint: ESLint with type
#      information (eslint.config.js: floating promises, exhaustive switches, React's hook rules,
#      folder boundaries, no super-linear regular expressions; no warning allowed) and no import
#      cycle (scripts/import-cycles.ts), then Prettier's check that every file is formatted
#      (.prettierrc.json; `npm run format` fixes it)
#   3. build of the web client (the end-to-end tests use the built client, as production does), and
#      its initial route within the 170 KB gzipped JavaScript budget (apps/web/scripts/initial-route-size.mjs)
#   4. Playwright end-to-end tests in Debian's Chromium (installed with apt-get when missing)
# Stops at the first failing step. Last line: "N passed, N failed" (Vitest + Playwright tests).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
# shellcheck source=lib/common.sh
. "$ROOT/scripts/lib/common.sh"

REPORTS=$(mktemp -d "${TMPDIR:-/tmp}/rally-test.XXXXXX")
trap 'rm -rf "$REPORTS"' EXIT

ensure_node_modules || die "npm ci" "could not install the npm packages"
ensure_chromium || die "chromium" "could not install Debian's chromium (needed by the end-to-end tests)"

say "vitest: unit and integration tests on PGlite"
# DATABASE_URL / REDIS_URL are for scripts/test-pg.sh: this run is the embedded one.
env -u DATABASE_URL -u REDIS_URL npx vitest run \
  --exclude '**/*.multiprocess.test.ts' \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json"
code=$?
add_results vitest "$REPORTS/vitest.json" "$code"
[ "$code" = 0 ] || die "vitest" "unit/integration tests failed (exit $code); see the output above"

say "typecheck"
npm run --silent typecheck || die "typecheck" "tsc reported errors; see the output above"

say "lint"
npm run --silent lint || die "lint" "ESLint or the import-cycle check reported problems; see the output above"

say "format"
npm run --silent format:check || die "format" "files are not formatted as Prettier would: run npm run format"

say "build the web client"
npm run --silent build || die "build" "the web client did not build; see the output above"
node apps/web/scripts/initial-route-size.mjs || die "build" "the initial route is over its JavaScript budget (170 KB gzipped): keep zod and features out of the landing route's modules"

say "playwright: end-to-end tests in Debian's Chromium"
E2E_REPORT="$ROOT/e2e/artifacts/results.json"
rm -f "$E2E_REPORT"
npm run --silent test:e2e
code=$?
add_results playwright "$E2E_REPORT" "$code"
[ "$code" = 0 ] || die "playwright" "end-to-end tests failed (exit $code); screenshots and traces are in e2e/artifacts/"

printf '\nAll steps passed.\n'
summary
