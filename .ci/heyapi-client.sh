#!/usr/bin/env bash
# The OpenAPI document through the eyes of a client author who uses a
# generator the project's own code does not: @hey-api/openapi-ts with its
# defaults. The client is generated afresh from docs/openapi.json, must
# type-check under strict settings, and two seats play a whole game with it
# by long-polling, special-casing no status (docs/client-heyapi/play.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/client-check.sh

cd docs/client-heyapi
npm ci --no-audit --no-fund --loglevel=error
npm run --silent generate >/dev/null
npm run --silent check

serve
npx tsx play.ts "http://127.0.0.1:$port"
