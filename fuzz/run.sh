#!/usr/bin/env bash
# Runs fuzz targets for SECONDS each (default 180), starting from the committed seeds:
#   fuzz/run.sh [SECONDS] [TARGET...]      (all targets when none is named)
# Needs cargo-fuzz (`cargo install cargo-fuzz`); RUSTC_BOOTSTRAP lets the stable toolchain
# accept the sanitizer flags cargo-fuzz passes. Crashes land in fuzz/artifacts/TARGET/: copy
# each into fuzz/regressions/TARGET/ once fixed, where the test suite replays it.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-180}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(kk a1 sudokuwiki keen json grid fpuzzles sudokupad penpa short_killer long_killer solo factors detect)
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 2>&1 | grep -E "^Done|panicked|SUMMARY" || true
done
