#!/usr/bin/env bash
# The OpenAPI document through the eyes of a client author who uses orval
# with its defaults: functions over axios's default instance. The client is
# generated afresh from docs/openapi.json, must type-check under strict
# settings, and two seats play a whole game with it by long-polling, after
# reading a 409, a 412 and a 422 as Problems (docs/client-orval/play.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/client-check.sh

cd docs/client-orval
npm ci --no-audit --no-fund --loglevel=error
rm -rf gen
if ! npm run --silent generate >"$tmp/orval.log" 2>&1 || [ ! -s gen/api.ts ]; then
  cat "$tmp/orval.log"; echo "orval could not generate the client"; exit 1
fi
npm run --silent check

serve
npx tsx play.ts "http://127.0.0.1:$port"
