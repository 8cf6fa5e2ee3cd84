#!/usr/bin/env bash
# The test suite, as the README gives it and CI runs it: the programs the tests use besides
# cargo (Chromium and ChromeDriver for the web page, poppler's tools for PDF booklets) are
# installed first when missing, then every test of the workspace runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-tools.sh
cargo test --workspace "$@"
