#!/usr/bin/env bash
# The API suite again, on a real PostgreSQL, when BOARD_TEST_POSTGRES_URL names one (CI does:
# see .ci/run and scripts/postgres.sh). Each test file gets a database of its own. Locally the pass
# is skipped without it; under CI=true a missing URL is an error, so CI cannot pass without it.
set -euo pipefail
if [ -z "${BOARD_TEST_POSTGRES_URL:-}" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "API suite on PostgreSQL: BOARD_TEST_POSTGRES_URL is not set, and CI=true requires this pass (.ci/run sets it after scripts/postgres.sh)." >&2
    exit 1
  fi
  echo "API suite on PostgreSQL: skipped (set BOARD_TEST_POSTGRES_URL to run it; .ci/run does)."
  exit 0
fi
echo "API suite on PostgreSQL (${BOARD_TEST_POSTGRES_URL%%@*}@…)"
DATABASE_URL="$BOARD_TEST_POSTGRES_URL" pnpm exec vitest run --project api
