#!/usr/bin/env bash
# The OpenAPI document through the eyes of a Go client author who uses ogen,
# a generator strict about unions: it must generate every operation of the
# served document with no configuration (it refuses what it cannot type),
# build, and play whole games against a running server (docs/client-ogen).
# The generated code is not kept: it is made here from docs/openapi.json on
# every run, with the ogen version that docs/client-ogen/go.mod pins.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/client-check.sh

cd docs/client-ogen
if ! go tool ogen --target oas --package oas --clean ../openapi.json >"$tmp/ogen.log" 2>&1; then
  cat "$tmp/ogen.log"; echo "ogen could not generate the client"; exit 1
fi
if grep -i 'skipping operation' "$tmp/ogen.log"; then
  echo "ogen skipped an operation"; exit 1
fi
# Every operation of the document is a method of the generated client.
want=$(grep -o '"operationId": *"[^"]*"' ../openapi.json | sed 's/.*"\([^"]*\)"$/\1/' | sort)
got=$(sed -n 's/^func (c \*Client) \([A-Z][A-Za-z]*\)(ctx context.Context.*/\1/p' oas/oas_client_gen.go | sort)
# (grep reads a here-string: fed by a pipe under pipefail, grep -q's early
# exit could kill echo with SIGPIPE and name a present operation missing.)
missing=$(for op in $want; do grep -qix "$op" <<<"$got" || echo "$op"; done)
if [ -n "$missing" ] || [ -z "$want" ]; then
  echo "the ogen client lacks: ${missing:-every operation}"; exit 1
fi
echo "ogen generated all $(echo "$want" | wc -l) operations"
go vet .
go build -o "$tmp/client-ogen" .

serve
"$tmp/client-ogen" "http://127.0.0.1:$port"
