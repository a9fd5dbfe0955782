#!/usr/bin/env bash
# Lints the OpenAPI document the service serves (not a copy in the repo) with Redocly's
# recommended rules and Spectral's spectral:oas; any error fails, warnings are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
doc=$(mktemp -d)/openapi.json
trap 'rm -rf "$(dirname "$doc")"' EXIT
node --import tsx scripts/dump-openapi.ts "$doc"
echo "== redocly lint (recommended)"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx --no-install redocly lint --config redocly.yaml --format=summary "$doc" 2>&1 | grep -v '[║╔╚]'
echo "== spectral lint (spectral:oas)"
npx --no-install spectral lint --ruleset .spectral.yaml --fail-severity=error --display-only-failures "$doc"
