#!/usr/bin/env bash
# Playwright cannot download browsers on this network, so the browser journeys and Lighthouse use
# Debian's Chromium, installed here when it is missing: the journeys run in its headless shell
# (what Playwright itself runs headless journeys in), Lighthouse in the full browser.
set -euo pipefail
missing=()
command -v chromium > /dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell > /dev/null 2>&1 || missing+=(chromium-headless-shell)
if [ -z "${CHROMIUM_PATH:-}" ] && ((${#missing[@]} > 0)); then
  echo "Installing Debian's ${missing[*]}…"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" fonts-noto-core > /dev/null
fi
