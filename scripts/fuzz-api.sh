#!/usr/bin/env bash
# Fuzzes cagey's web API with schemathesis against its own OpenAPI description: every
# route gets generated requests, good and bad, and every answer is checked against the
# description (no 5xx, documented statuses and content types, bodies matching the schemas).
#
#   scripts/fuzz-api.sh [MAX_EXAMPLES] [SECONDS]   (default 100 per route, no time budget)
#
# With SECONDS, schemathesis keeps generating (fuzzing and stateful phases repeated) until
# that much time is spent (its --max-time): `scripts/fuzz-api.sh 1000 300` for five minutes.
#
# The "positive data acceptance" check is left out: it expects every request the schema
# allows to be accepted, but a puzzle is free text in the schema, and most strings are not
# puzzles (those are answered 400 with the parser's message, as they should be).
#
# Builds cagey (debug), starts `cagey serve` on a free loopback port, runs schemathesis (installed
# into a virtual environment under ~/.cache on first use), and stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
examples="${1:-100}"
seconds="${2:-}"
venv="${CAGEY_SCHEMATHESIS_VENV:-$HOME/.cache/cagey-schemathesis}"
if [ ! -x "$venv/bin/schemathesis" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q schemathesis
fi
# A debug build: quick to make, and arithmetic overflow panics there instead of wrapping.
cargo build -p cagey-cli
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
target="${CARGO_TARGET_DIR:-target}"
"$target/debug/cagey" serve --port "$port" >/dev/null &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$port/api/examples" >/dev/null && break
    sleep 0.1
done
budget=()
if [ -n "$seconds" ]; then
    budget=(--max-time "$seconds")
fi
"$venv/bin/schemathesis" run "http://127.0.0.1:$port/api/openapi.json" \
    --checks all --exclude-checks positive_data_acceptance \
    --max-examples "$examples" --workers 2 "${budget[@]}" ${CAGEY_SCHEMATHESIS_ARGS:-}
