#!/usr/bin/env bash
# How much slower the engine in WebAssembly is than the native library on the same work:
# solve (with the uniqueness proof), grade, hint and explain every puzzle of FILE, and make
# 9x9 hard puzzles from 20 seeds, through the engine's one JSON entry point, first under
# Node (V8, Chromium's engine) from the npm package, then natively, one after the other on
# this machine. docs/web.md records the figures.
#
#   scripts/bench-wasm.sh [FILE]        (default corpora/keen/keen_9dx.kk)
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-corpora/keen/keen_9dx.kk}
scripts/build-npm.sh >/dev/null
node crates/cagey-wasm/bench/engine.mjs "$file" target/npm
cargo run --quiet --release -p cagey-wasm --example engine -- "$file"
echo "engine: $(wc -c < target/npm/cagey_wasm_bg.wasm) bytes, $(gzip -9 -c target/npm/cagey_wasm_bg.wasm | wc -c) gzipped"
