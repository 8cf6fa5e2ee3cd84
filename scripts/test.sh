#!/usr/bin/env bash
# The test suite, as the README gives it and CI runs it: the programs the tests use besides
# cargo (Chromium and ChromeDriver for the web page, poppler's tools for PDF booklets) are
# installed first when missing; the engine in WebAssembly is built as the static site and
# as the npm package (installing the wasm target and wasm-bindgen when missing); then every
# test of the workspace runs (the static site's browser tests among them), then the page's
# JavaScript tests and the npm package's under Node, then the Python package's tests in a
# fresh virtual environment (scripts/test-python.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-tools.sh
scripts/build-site.sh
scripts/build-npm.sh
cargo test --workspace "$@"
# Node's runner ends with its counts (`# pass 33`, `# fail 0`); the file names are spelled
# out because Node before 21 takes no globs.
node --test crates/cagey-web/static/test/*.test.js
# The npm package (target/npm, built above) as a JavaScript programmer uses it.
node --test crates/cagey-wasm/tests/npm.test.mjs
# The Python package (crates/cagey-py): built, installed into a fresh venv, tested.
scripts/test-python.sh
