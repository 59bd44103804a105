#!/usr/bin/env bash
# Idempotent set-up on a fresh machine (Node 20, npm 11, nothing else): the pinned pnpm, the
# workspace's dependencies and, with --browser, Debian's Chromium, Firefox ESR and WebKitGTK (with
# WebKitWebDriver and Xvfb) for the e2e suites.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version="$(node -p "require('./package.json').packageManager.split('@')[1]")"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$pnpm_version" ]; then
  echo "setup: installing pnpm $pnpm_version"
  npm install --global --no-fund --no-audit "pnpm@$pnpm_version"
fi

pnpm install --frozen-lockfile

if [ "${1:-}" = "--browser" ]; then
  # Debian's browsers for the e2e suites: Chromium (Playwright), Firefox ESR (WebDriver BiDi), and
  # WebKitGTK's MiniBrowser with WebKitWebDriver under Xvfb (e2e/browsers/). Each only when missing.
  missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  [ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
  { [ -x "${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}" ] \
    && [ -x "${MINIBROWSER_PATH:-/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser}" ]; } || missing+=(webkit2gtk-driver)
  [ -x "${XVFB_PATH:-/usr/bin/Xvfb}" ] || missing+=(xvfb)
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing Debian's ${missing[*]} for the browser tests"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi
