#!/usr/bin/env bash
# The TypeScript client in clients/typescript is generated from the document the service serves.
#   bash scripts/client.sh generate   rewrites clients/typescript/openapi.json and src/schema.d.ts
#   bash scripts/client.sh check      fails when the committed files differ from what would be generated
set -euo pipefail
cd "$(dirname "$0")/.."
out=clients/typescript
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
node --import tsx scripts/dump-openapi.ts "$work/openapi.json"
# Fields with a default are optional to send (the server fills them in).
npx --no-install openapi-typescript "$work/openapi.json" -o "$work/schema.d.ts" --default-non-nullable false --silent >/dev/null
case "${1:-}" in
  generate)
    cp "$work/openapi.json" "$out/openapi.json"
    cp "$work/schema.d.ts" "$out/src/schema.d.ts"
    echo "regenerated $out/openapi.json and $out/src/schema.d.ts"
    ;;
  check)
    if ! diff -q "$work/openapi.json" "$out/openapi.json" >/dev/null || ! diff -q "$work/schema.d.ts" "$out/src/schema.d.ts" >/dev/null; then
      diff -u "$out/src/schema.d.ts" "$work/schema.d.ts" | head -40 || true
      echo "clients/typescript is out of date with the served OpenAPI document: run npm run client:generate and commit" >&2
      exit 1
    fi
    echo "clients/typescript matches the served document"
    ;;
  *) echo "usage: $0 generate|check" >&2; exit 64 ;;
esac
