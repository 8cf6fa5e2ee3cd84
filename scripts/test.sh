#!/usr/bin/env bash
# The test suite, as the README gives it and CI runs it: the programs the tests use besides
# cargo (Chromium and ChromeDriver for the web page, poppler's tools for PDF booklets) are
# installed first when missing, then every test of the workspace runs, then the page's
# JavaScript tests under Node (no browser, no npm packages), then the Python package's tests
# in a fresh virtual environment (scripts/test-python.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-tools.sh
cargo test --workspace "$@"
# Node's runner ends with its counts (`# pass 33`, `# fail 0`); the file names are spelled
# out because Node before 21 takes no globs.
node --test crates/cagey-web/static/test/*.test.js
# The Python package (crates/cagey-py): built, installed into a fresh venv, tested.
scripts/test-python.sh
