# Shared helpers of scripts/test.sh and scripts/test-pg.sh (sourced, not run).

PASSED=0
FAILED=0

say() { printf '\n==> %s\n' "$*"; }

summary() { printf '%s passed, %s failed\n' "$PASSED" "$FAILED"; }

# die STEP MESSAGE: stop at once, with a clear message and the counts so far.
die() {
  printf '\n%s: FAILED at step "%s": %s\n' "$(basename "$0")" "$1" "$2" >&2
  summary
  exit 1
}

# add_results KIND REPORT EXIT_CODE: add a runner's counts to the totals.
add_results() {
  local counts
  counts=$(node "$ROOT/scripts/lib/results.mjs" "$1" "$2" "$3")
  PASSED=$((PASSED + ${counts% *}))
  FAILED=$((FAILED + ${counts#* }))
}

# Debian's Chromium for Playwright (never a downloaded browser).
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "/usr/bin/chromium is missing; install Debian's chromium package (as root: apt-get install chromium)" >&2
    return 1
  fi
  echo "Installing Debian's chromium with apt-get (quiet)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
}

# Install the workspace's packages from the lock file when a clean clone has none.
ensure_node_modules() {
  if [ ! -d "$ROOT/node_modules" ] || [ ! -e "$ROOT/node_modules/.bin/vitest" ]; then
    say "npm ci (no node_modules yet)"
    (cd "$ROOT" && npm ci --no-audit --no-fund)
  fi
}
