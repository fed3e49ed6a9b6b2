#!/usr/bin/env bash
# The browser journeys' production build and their seeded embedded database (E2E_DATA_DIR), at
# the lowest CPU priority. `npm test` runs this in the background while Jest runs: Jest's
# processes (the timing-sensitive files among them) keep their priority, and the build and the
# seeding take what they leave idle (a core during the serial files, waits on the databases),
# instead of the journeys' step waiting for them afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
nice -n 19 npx next build
built=$SECONDS
nice -n 19 npx tsx scripts/prepare-e2e-data.ts
echo "browser journeys prepared in the background: build $((built - started)) s, seeded database $((SECONDS - built)) s"
