#!/usr/bin/env bash
# `npm test`: every test of Kreide, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's wall time is printed when it ends, and all of them in a table when the script
# exits, also when a step fails (set -e), so a slow or failing step is plain to see.
step_names=()
step_times=()
current_step=''
step_started=0

duration() {
  local seconds=$1
  if ((seconds >= 60)); then printf '%dm %02ds' $((seconds / 60)) $((seconds % 60)); else printf '%ds' "$seconds"; fi
}

end_step() {
  [ -n "$current_step" ] || return 0
  local took=$((SECONDS - step_started))
  step_names+=("$current_step")
  step_times+=("$took")
  printf -- '-- %s: %s%s\n' "$current_step" "$(duration "$took")" "${1:+ ($1)}"
  current_step=''
}

step() {
  end_step
  current_step=$1
  step_started=$SECONDS
  printf '\n== %s\n' "$1"
}

summary() {
  local status=$?
  local failed=''
  if ((status != 0)) && [ -n "$current_step" ]; then failed=$current_step; fi
  end_step "${failed:+failed}"
  printf '\n== time per step\n'
  local i
  for ((i = 0; i < ${#step_names[@]}; i++)); do
    printf '  %-60s %8s%s\n' "${step_names[i]}" "$(duration "${step_times[i]}")" \
      "$([ "${step_names[i]}" = "$failed" ] && printf '  FAILED')"
  done
  printf '  %-60s %8s\n' 'total' "$(duration "$SECONDS")"
  return "$status"
}
trap summary EXIT

step "type check"
npx next typegen > /dev/null
npx tsc --noEmit
# The browser journeys' build need not check the same types again (next.config.ts).
export KREIDE_TYPES_CHECKED=1

step "lint"
npx eslint .

step "formatting (Prettier)"
npx prettier --check --log-level warn .

step "unit, component and API integration tests (PGlite)"
# Beside the timings: this machine's speed varies 2–3× by the hour (scripts/cpu-reference.mjs).
node scripts/cpu-reference.mjs
npx jest --ci

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API integration tests on PostgreSQL ($TEST_DATABASE_URL)"
  node scripts/cpu-reference.mjs
  KREIDE_TEST_BACKEND=postgres npx jest --ci tests/integration --testPathIgnorePatterns embedded-database
fi

step "browser journeys (Playwright, Chromium)"
bash scripts/test-e2e.sh

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Uses the build the browser journeys made.
  step "two Kreide processes on PostgreSQL: a change on one is served by the other within 2 s"
  npx tsx scripts/test-multiprocess.ts
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "buying survives a killed process (SIGKILL before and after each commit, PostgreSQL)"
  npx tsx scripts/test-crash.ts
fi
