#!/usr/bin/env bash
# Builds the engine's npm package, cagey-engine: the library in WebAssembly (crates/cagey-wasm
# through wasm-bindgen) with its typed wrapper (crates/cagey-wasm/npm: index.js, index.d.ts,
# package.json, README.md), ready for `npm pack` or `npm publish`.
#
#   scripts/build-npm.sh [FOLDER]        (default target/npm)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/npm}

rm -rf "$out"
scripts/build-engine.sh "$out"
cp crates/cagey-wasm/npm/{package.json,index.js,index.d.ts,README.md} "$out/"
echo "build-npm: $out ($(du -sh "$out" | cut -f1))" >&2
