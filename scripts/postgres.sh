#!/usr/bin/env bash
# Provisions Debian's PostgreSQL on this machine for the API suite and prints a connection URL for
# a role that may create (and drop) one database per test file. Used by .ci/run; needs root.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version="$(ls /usr/lib/postgresql | sort -n | tail -n 1)"
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  if su postgres -c "pg_isready -q -h 127.0.0.1"; then break; fi
  sleep 1
done
su postgres -c "psql -q -c \"do \\\$\\\$ begin if not exists (select from pg_roles where rolname = 'board_test') then create role board_test login createdb password 'board_test'; end if; end \\\$\\\$;\"" >&2
echo "postgres://board_test:board_test@127.0.0.1:5432/postgres"
