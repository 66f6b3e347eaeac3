# Sourced by the client scripts: start_server BIN DB starts `BIN serve` on a
# free loopback port and sets $server (its pid) and $port. A port taken
# meanwhile (another process on this machine) costs a try, not the run.
start_server() {
  local bin=$1 db=$2
  for _ in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 20000))
    "$bin" serve --addr "127.0.0.1:$port" --database-url "$db" --log-level warn &
    server=$!
    for _ in $(seq 1 100); do
      if "$bin" healthcheck --addr "127.0.0.1:$port" --timeout 1s >/dev/null 2>&1; then return 0; fi
      kill -0 "$server" 2>/dev/null || break
      sleep 0.1
    done
    kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""
  done
  echo "the server did not start" >&2
  return 1
}
