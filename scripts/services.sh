#!/usr/bin/env bash
# Installs Debian's redis-server and nginx on this machine when missing, for the suites that run the
# board as several instances (shared/src/lib/limits.test.ts, e2e/tests/instances.spec.ts). The tests
# start their own on free ports of 127.0.0.1 and stop them, so the packages' system services are
# not started (policy-rc.d: "101", action not allowed). Used by .ci/run; needs root (or sudo).
set -euo pipefail
missing=()
[ -x /usr/bin/redis-server ] || [ -x /usr/bin/valkey-server ] || missing+=(redis-server)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "services: installing Debian's ${missing[*]} (the tests start their own)" >&2
policy=/usr/sbin/policy-rc.d
placed=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod +x "$policy"
  placed=yes
fi
trap 'if [ -n "$placed" ]; then $sudo rm -f "$policy"; fi' EXIT
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
