#!/usr/bin/env bash
# npm run test:pg: the Vitest integration project (the server tests that meet the database, the bus
# or the limiter; vitest.config.ts) against PostgreSQL + Redis, then the multi-process suite (several
# server processes sharing PostgreSQL and Redis). Needs DATABASE_URL (a server where the tests may
# create and drop databases of their own, e.g. postgres://postgres@127.0.0.1:5432/test) and
# REDIS_URL (e.g. redis://127.0.0.1:6379). Last line: "N passed, N failed".
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
# shellcheck source=lib/common.sh
. "$ROOT/scripts/lib/common.sh"

[ -n "${DATABASE_URL:-}" ] || die "setup" "DATABASE_URL is not set (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:pg)"
[ -n "${REDIS_URL:-}" ] || die "setup" "REDIS_URL is not set (e.g. REDIS_URL=redis://127.0.0.1:6379 npm run test:pg)"
export DATABASE_URL REDIS_URL

MP_CONFIG=apps/server/vitest.multiprocess.config.ts
[ -f "$MP_CONFIG" ] || die "setup" "$MP_CONFIG is missing: the multi-process suite has no config"

REPORTS=$(mktemp -d "${TMPDIR:-/tmp}/rally-test-pg.XXXXXX")
trap 'rm -rf "$REPORTS"' EXIT

ensure_node_modules || die "npm ci" "could not install the npm packages"

say "vitest: integration tests on PostgreSQL + Redis (the unit project ran once, in npm test)"
npx vitest run --project integration \
  --exclude '**/*.multiprocess.test.ts' \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json"
code=$?
add_results vitest "$REPORTS/vitest.json" "$code"
[ "$code" = 0 ] || die "vitest (PostgreSQL)" "tests failed against PostgreSQL + Redis (exit $code); see the output above"

say "vitest: multi-process suite (server processes sharing PostgreSQL + Redis)"
npx vitest run --config "$MP_CONFIG" \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/multiprocess.json"
code=$?
add_results vitest "$REPORTS/multiprocess.json" "$code"
[ "$code" = 0 ] || die "vitest (multi-process)" "the multi-process suite failed (exit $code); see the output above"

printf '\nAll steps passed.\n'
summary
