#!/usr/bin/env bash
# Browser journeys against the production build, in Debian's Chromium (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

export E2E_DATA_DIR="${E2E_DATA_DIR:-.data-e2e}"
# `npm test` prepares the build and the seeded database while Jest runs (scripts/prepare-e2e.sh)
# and says so; on its own this script builds, and the server seeds a fresh database on its start.
# Either way every run starts from the deterministic demo catalogue.
if [ "${KREIDE_E2E_PREPARED:-}" != 1 ]; then
  npx next build
  rm -rf "$E2E_DATA_DIR"
fi
npx playwright test "$@"
