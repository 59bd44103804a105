#!/usr/bin/env bash
# The API suite again, on a real PostgreSQL, when BOARD_TEST_POSTGRES_URL names one (CI does:
# see .ci/run and scripts/postgres.sh). Each test file gets a database of its own.
set -euo pipefail
if [ -z "${BOARD_TEST_POSTGRES_URL:-}" ]; then
  echo "API suite on PostgreSQL: skipped (set BOARD_TEST_POSTGRES_URL to run it; .ci/run does)."
  exit 0
fi
echo "API suite on PostgreSQL (${BOARD_TEST_POSTGRES_URL%%@*}@…)"
DATABASE_URL="$BOARD_TEST_POSTGRES_URL" pnpm exec vitest run --project api
