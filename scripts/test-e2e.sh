#!/usr/bin/env bash
# Browser journeys against the production build. Playwright cannot download browsers here, so
# Debian's Chromium is installed when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v "${CHROMIUM_PATH:-chromium}" > /dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package…"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core > /dev/null
fi

npx next build
# A fresh embedded database for every run: the journeys see the deterministic demo catalogue.
export E2E_DATA_DIR="${E2E_DATA_DIR:-.data-e2e}"
rm -rf "$E2E_DATA_DIR"
npx playwright test "$@"
