#!/usr/bin/env bash
# Browser journeys against the production build, in Debian's Chromium (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

npx next build
# A fresh embedded database for every run: the journeys see the deterministic demo catalogue.
export E2E_DATA_DIR="${E2E_DATA_DIR:-.data-e2e}"
rm -rf "$E2E_DATA_DIR"
npx playwright test "$@"
