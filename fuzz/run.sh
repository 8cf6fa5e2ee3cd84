#!/usr/bin/env bash
# Runs fuzz targets for SECONDS each (default 180), starting from the committed seeds:
#   fuzz/run.sh [SECONDS] [TARGET...]      (all targets when none is named)
#   RUNS=10000000 fuzz/run.sh 0 lz_links   (a number of runs instead of a time)
#   SANITIZER=none fuzz/run.sh ...         (without AddressSanitizer: the library has no
#                                           unsafe code, and runs go two to three times faster)
#   COMPARES=no fuzz/run.sh ...            (without libFuzzer's tracing of comparisons: the
#                                           link targets' loops over a megabyte then run three
#                                           to five times faster, for coarser guidance)
# Needs cargo-fuzz (`cargo install cargo-fuzz`); RUSTC_BOOTSTRAP lets the stable toolchain
# accept the sanitizer flags cargo-fuzz passes. Crashes land in fuzz/artifacts/TARGET/: copy
# each into fuzz/regressions/TARGET/ once fixed, where the test suite replays it.
#
# The link targets read inputs of up to 1 MiB (-max_len), so that they can reach payloads
# that unpack to gigabytes (issue #41); lz_links and penpa_deflate build such payloads from a
# few bytes. The other targets read up to 4 KiB. Every run is held to 2 GiB of memory and 10
# seconds (-malloc_limit_mb needs a sanitizer; -rss_limit_mb works without).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-180}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(kk a1 sudokuwiki keen json grid fpuzzles sudokupad penpa lz_links penpa_deflate short_killer long_killer solo factors detect)
max_len() {
  case "$1" in
    fpuzzles | sudokupad | penpa | lz_links | penpa_deflate) echo 1048576 ;;
    *) echo 4096 ;;
  esac
}
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  if [ -n "${RUNS:-}" ]; then limit=(-runs="$RUNS"); else limit=(-max_total_time="$seconds"); fi
  compares=()
  [ "${COMPARES:-yes}" = yes ] || compares=(--no-trace-compares)
  RUSTC_BOOTSTRAP=1 cargo fuzz run -O -s "${SANITIZER:-address}" "${compares[@]}" "$target" "corpus/$target" "seeds/$target" -- \
    "${limit[@]}" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -print_final_stats=1 2>&1 | grep -E "^Done|panicked|SUMMARY|stat::(number_of_executed_units|average_exec_per_sec)" || true
done
