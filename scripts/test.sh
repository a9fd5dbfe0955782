#!/usr/bin/env bash
# The whole suite, twice: on fresh SQLite files, then on a real PostgreSQL server.
# TEST_PG_URL points at a server to use; otherwise a throwaway one is started (scripts/pg-test-server.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== type check"
npx tsc -p tsconfig.json --noEmit
npx tsc -p clients/typescript/tsconfig.json

echo "== OpenAPI document: lint, and the committed client matches it"
bash scripts/lint-api.sh
bash scripts/client.sh check

echo "== lint and format (biome) and dead code (knip)"
npx biome check --error-on-warnings
npx knip

echo "== tests on SQLite"
TEST_DATABASE=sqlite npx vitest run "$@"

started=""
if [ -z "${TEST_PG_URL:-}" ]; then
  TEST_PG_URL=$(bash scripts/pg-test-server.sh start)
  started=1
fi
trap '[ -n "$started" ] && bash scripts/pg-test-server.sh stop' EXIT
echo "== tests on PostgreSQL ($TEST_PG_URL)"
TEST_DATABASE=postgres TEST_PG_URL="$TEST_PG_URL" npx vitest run "$@"
