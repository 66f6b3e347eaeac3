#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests (web/, TestBrowser…) when
# no Chromium is on the PATH. The tests refuse to skip in CI.
set -euo pipefail
for b in chromium chromium-browser google-chrome headless-shell; do
  if command -v "$b" >/dev/null 2>&1; then exit 0; fi
done
[ -n "${HANABI_CHROMIUM:-}" ] && [ -x "$HANABI_CHROMIUM" ] && exit 0
echo "== installing chromium for the browser tests"
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
