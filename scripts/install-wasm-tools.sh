#!/usr/bin/env bash
# Installs what building the engine for browsers needs, only when it is missing (so it is
# quick to run again): Rust's wasm32-unknown-unknown target (with rustup) and the
# wasm-bindgen command at exactly the version of the wasm-bindgen crate in Cargo.lock (the
# two must match, or the command refuses the module). Both come from the registries; the
# command is built with cargo into ~/.cargo/bin (about three minutes, once).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    echo "install-wasm-tools: adding the wasm32-unknown-unknown target" >&2
    rustup target add wasm32-unknown-unknown
fi

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
    echo "install-wasm-tools: no wasm-bindgen in Cargo.lock" >&2
    exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    echo "install-wasm-tools: installing wasm-bindgen-cli $version" >&2
    # Not --locked: the command's own lock file names a version of one of its dependencies
    # (webpki-roots) that the registry no longer serves.
    cargo install --quiet wasm-bindgen-cli --version "$version"
fi
