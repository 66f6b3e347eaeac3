# Sourced first by the client scripts, from the project's root: it sets
# $root and a scratch $tmp, removed on exit with the server, and defines
# serve: build the server and start it on a free loopback port, on an SQLite
# file in $tmp ($server: its pid; $port). A port taken meanwhile (another
# process on this machine) costs a try, not the run.
root=$(pwd)
tmp=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

serve() {
  # .ci/run builds the server once for every check ($HANABI_CI_SERVER);
  # a check run on its own builds its own.
  if [ -n "${HANABI_CI_SERVER:-}" ]; then
    cp "$HANABI_CI_SERVER" "$tmp/hanabi"
  else
    (cd "$root" && go build -o "$tmp/hanabi" ./cmd/hanabi)
  fi
  for _ in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 20000))
    "$tmp/hanabi" serve --addr "127.0.0.1:$port" --database-url "$tmp/hanabi.db" --log-level warn &
    server=$!
    for _ in $(seq 1 100); do
      if "$tmp/hanabi" healthcheck --addr "127.0.0.1:$port" --timeout 1s >/dev/null 2>&1; then return 0; fi
      kill -0 "$server" 2>/dev/null || break
      sleep 0.1
    done
    kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""
  done
  echo "the server did not start" >&2
  return 1
}
