#!/usr/bin/env bash
# The generator's benchmark: `cagey generate --stats`, one job, over sizes, levels,
# operations and kinds, printed as a Markdown table of the median and largest time per
# puzzle. It is a benchmark, not a test: it takes minutes and its figures depend on the
# machine. docs/performance.md explains it and holds the table it gave.
#
#   scripts/bench-generate.sh [--count N] [--cagey BINARY] [--style keen|big] [keen|beyond|all]
#
#   keen    sizes 4 to 9, five levels, all operations and multiplication only: the
#           settings Keen's generator also makes (the default)
#   beyond  Killer Sudoku 9x9 at every level, 12x12 at every level, 16x16 hard
#   all     both
#
# Each setting is one command, `--seed 1 --jobs 1 --time-limit 30`; a puzzle not made in
# 30 s counts as failed and is named in the table. `--style` passes the cage style on
# (default: the generator's own, keen).
set -euo pipefail

count=20
cagey=""
set_name=keen
style=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --count) count=$2; shift 2 ;;
        --cagey) cagey=$2; shift 2 ;;
        --style)
            case $2 in keen|big) style=(--style "$2") ;;
                *) echo "bench-generate: unknown style '$2' (keen or big)" >&2; exit 2 ;;
            esac
            shift 2 ;;
        keen|beyond|all) set_name=$1; shift ;;
        -h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-generate: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
if [[ -z $cagey ]]; then
    cargo build --release -p cagey-cli --manifest-path "$root/Cargo.toml" >&2
    cagey=$root/target/release/cagey
fi

levels="easy normal hard extreme unreasonable"
settings=()
if [[ $set_name == keen || $set_name == all ]]; then
    for n in 4 5 6 7 8 9; do
        for level in $levels; do
            settings+=("$n|$level|--size $n --difficulty $level")
            settings+=("$n ×|$level|--size $n --difficulty $level --ops *")
        done
    done
fi
if [[ $set_name == beyond || $set_name == all ]]; then
    for level in $levels; do
        settings+=("Killer 9|$level|--kind killer --size 9 --difficulty $level")
    done
    for level in $levels; do
        settings+=("12|$level|--size 12 --difficulty $level")
    done
    settings+=("16|hard|--size 16 --difficulty hard")
fi

echo "| size | level | made | median | mean | max |"
echo "|---|---|---|---|---|---|"
for setting in "${settings[@]}"; do
    IFS='|' read -r size level args <<<"$setting"
    # shellcheck disable=SC2086 # the arguments are words on purpose; `*` must stay literal
    stats=$(set -f; "$cagey" generate $args "${style[@]}" --count "$count" --seed 1 --jobs 1 \
        --time-limit 30 --stats 2>&1 >/dev/null || true)
    made=$(sed -n 's/^\([0-9]*\) puzzles made, \([0-9]*\) failed.*/\1 of \1+\2/p' <<<"$stats" |
        awk -F' of ' '{split($2, p, "+"); print $1 " of " p[1] + p[2]}')
    times=$(sed -n 's/^time\/puzzle *//p' <<<"$stats")
    median=$(sed -n 's/.*median \([^,]*\),.*/\1/p' <<<"$times")
    mean=$(sed -n 's/.*mean \([^,]*\),.*/\1/p' <<<"$times")
    max=$(sed -n 's/.*max \(.*\)$/\1/p' <<<"$times")
    echo "| $size | $level | ${made:-none} | ${median:--} | ${mean:--} | ${max:--} |"
done
