#!/usr/bin/env bash
# Playwright cannot download browsers on this network, so the browser journeys and Lighthouse use
# Debian's Chromium: installed here when it is missing.
set -euo pipefail
if ! command -v "${CHROMIUM_PATH:-chromium}" > /dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package…"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core > /dev/null
fi
