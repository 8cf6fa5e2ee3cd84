#!/usr/bin/env bash
# Builds the engine for browsers and JavaScript (crates/cagey-wasm) and writes its module and
# JavaScript glue into FOLDER: installs what is missing (scripts/install-wasm-tools.sh),
# compiles the crate for wasm32-unknown-unknown, runs wasm-bindgen. The one recipe that
# scripts/build-site.sh and scripts/build-npm.sh both use.
#
#   scripts/build-engine.sh FOLDER
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/build-engine.sh FOLDER}

scripts/install-wasm-tools.sh
cargo build --locked --quiet --profile wasm -p cagey-wasm --target wasm32-unknown-unknown
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/cagey_wasm.wasm"
