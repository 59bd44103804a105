#!/usr/bin/env bash
# Idempotent set-up on a fresh machine (Node 20, npm 11, nothing else): the pinned pnpm, the
# workspace's dependencies and, with --browser, Debian's Chromium for the e2e suite.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version="$(node -p "require('./package.json').packageManager.split('@')[1]")"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$pnpm_version" ]; then
  echo "setup: installing pnpm $pnpm_version"
  npm install --global --no-fund --no-audit "pnpm@$pnpm_version"
fi

pnpm install --frozen-lockfile

if [ "${1:-}" = "--browser" ]; then
  chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ ! -x "$chromium" ]; then
    echo "setup: installing Debian's chromium for the browser tests"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  fi
fi
