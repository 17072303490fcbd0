#!/usr/bin/env bash
# Playwright drives Debian's Chromium (it cannot download its own browser here). Install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
  echo "Chromium is missing: install Debian's 'chromium' package (apt-get install -y chromium)." >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
echo "Installing Debian's chromium for the browser tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
