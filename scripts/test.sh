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
  # A failed step leaves no background preparation running (its own process group).
  if [ -n "${e2e_preparation:-}" ]; then kill -- -"$e2e_preparation" 2> /dev/null || true; fi
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

# The three static checks are single-threaded: side by side they take about as long as the
# slowest of them instead of the sum (each one's output is printed when all have ended).
step "type check, lint and formatting (side by side)"
npx next typegen > /dev/null
static_logs=$(mktemp -d)
run_static() {
  local name=$1
  shift
  local started=$SECONDS
  if "$@" > "$static_logs/$name.log" 2>&1; then
    echo "$name: passed in $((SECONDS - started))s" >> "$static_logs/$name.log"
  else
    echo "$name: FAILED after $((SECONDS - started))s" >> "$static_logs/$name.log"
    return 1
  fi
}
run_static 'type check' npx tsc --noEmit &
tsc_pid=$!
run_static 'lint' npx eslint . &
lint_pid=$!
run_static 'formatting (Prettier)' npx prettier --check --log-level warn . &
prettier_pid=$!
static_failed=0
wait "$tsc_pid" || static_failed=1
wait "$lint_pid" || static_failed=1
wait "$prettier_pid" || static_failed=1
cat "$static_logs"/*.log
rm -rf "$static_logs"
((static_failed == 0))
# The browser journeys' build need not check the same types again (next.config.ts).
export KREIDE_TYPES_CHECKED=1

# The browser journeys' build and seeded database are made in the background, at the lowest CPU
# priority, while Jest runs (scripts/prepare-e2e.sh); the journeys' step waits for them.
export E2E_DATA_DIR="${E2E_DATA_DIR:-.data-e2e}"
e2e_preparation_log=$(mktemp)
# Job control on for this one start: the preparation gets a process group of its own, so a failed
# step can end all of it, yet stays in this session. (setsid would put it in a session of its own,
# and the kernel shares the CPU fairly between sessions whatever their nice values: autogroups.)
set -m
bash scripts/prepare-e2e.sh > "$e2e_preparation_log" 2>&1 &
e2e_preparation=$!
set +m

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
e2e_prepared=0
wait "$e2e_preparation" && e2e_prepared=1
e2e_preparation=''
cat "$e2e_preparation_log"
((e2e_prepared == 1))
KREIDE_E2E_PREPARED=1 bash scripts/test-e2e.sh

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Uses the build the browser journeys made.
  step "two Kreide processes on PostgreSQL: a change on one is served by the other within 2 s"
  npx tsx scripts/test-multiprocess.ts
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "buying survives a killed process (SIGKILL before and after each commit, PostgreSQL)"
  npx tsx scripts/test-crash.ts
fi
