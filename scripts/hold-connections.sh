#!/usr/bin/env bash
# Holds many idle and slow connections to `cagey serve`, started under a limit of open
# files, and checks that a new client is still answered (issue #41).
#
#   scripts/hold-connections.sh [COUNT] [ULIMIT]    (default 1100 connections, ulimit -n 1024)
#
# Builds cagey (debug; CAGEY_BIN names another binary), starts `cagey serve` on a free
# loopback port under `ulimit -n ULIMIT`, runs scripts/hold-connections.py against it (the
# connections, then five timed requests), and stops the server. Loopback only, bounded in
# count and time. Fails if a timed request is not answered 200.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-1100}"
limit="${2:-1024}"
target="${CARGO_TARGET_DIR:-target}"
bin="${CAGEY_BIN:-}"
if [ -z "$bin" ]; then
    cargo build -p cagey-cli
    bin="$target/debug/cagey"
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
bash -c 'ulimit -n "$1"; exec "$2" serve --port "$3"' _ "$limit" "$bin" "$port" >/dev/null &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$port/api/examples" >/dev/null && break
    sleep 0.1
done
echo "cagey serve (pid $server) under ulimit -n $(awk '/Max open files/ {print $4}' /proc/$server/limits) on port $port"
out=$(python3 scripts/hold-connections.py "$port" "$count")
echo "$out"
echo "the server still runs: $(kill -0 $server 2>/dev/null && echo yes || echo no)"
if echo "$out" | grep '^GET' | grep -qv ': 200 in'; then
    echo "hold-connections: a new client was not answered" >&2
    exit 1
fi
