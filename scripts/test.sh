#!/usr/bin/env bash
# `npm test`: every test of Kreide, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step "type check"
npx next typegen > /dev/null
npx tsc --noEmit

step "lint"
npx eslint .

step "unit, component and API integration tests (PGlite)"
npx jest --ci

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API integration tests on PostgreSQL ($TEST_DATABASE_URL)"
  KREIDE_TEST_BACKEND=postgres npx jest --ci tests/integration --testPathIgnorePatterns embedded-database
fi

step "browser journeys (Playwright, Chromium)"
bash scripts/test-e2e.sh
