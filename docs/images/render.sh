#!/bin/sh
# Regenerates the pictures in this folder with `cagey render`: the essay's and the seeds'
# puzzles (kk0..kk3, p4) and the first 16x16 of the random corpus, each as SVG and PNG,
# without and with its solution, plus p4 with the candidates its cages allow; and the
# variants: the Killer Sudoku and Killer Jigsaw of corpora/killer-and-jigsaw.txt (SudokuWiki
# strings, rewritten as .kk first so that the progress they carry is left out) and the 6x6
# KenDoku of crates/cagey/tests/render.rs, each without and with its solution; and the Killer
# X of crates/cagey/tests/fixtures/killer-x.kk (the diagonal rule), without its solution.
#
# Run from anywhere: sh docs/images/render.sh. Solving the 16x16 takes a minute or two.
set -eu
here=$(dirname "$0")
cargo build --quiet --release -p cagey-cli
cagey=${CARGO_TARGET_DIR:-$here/../../target}/release/cagey
sixteen="$here/../../corpora/random/unique-16x16.kk"

for name in kk0 kk1 kk2 kk3 p4; do
    for ext in svg png; do
        "$cagey" render --example "$name" -o "$here/$name.$ext"
        "$cagey" render --example "$name" --solution -o "$here/$name-solved.$ext"
    done
done
"$cagey" render --example p4 --candidates -o "$here/p4-candidates.png"
"$cagey" render --example p4 --candidates -o "$here/p4-candidates.svg"

"$cagey" render --puzzle 1 "$sixteen" -o "$here/unique-16x16.svg"
"$cagey" render --puzzle 1 "$sixteen" -o "$here/unique-16x16.png"
"$cagey" render --puzzle 1 "$sixteen" --solution -o "$here/unique-16x16-solved.svg"
"$cagey" render --puzzle 1 "$sixteen" --solution -o "$here/unique-16x16-solved.png"

killer="$here/../../corpora/killer-and-jigsaw.txt"
variants=$(mktemp -d)
trap 'rm -rf "$variants"' EXIT
sed -n 's/^# raw: \(L9B.*\)/\1/p' "$killer" | "$cagey" convert --to kk > "$variants/killer-sudoku.kk"
sed -n 's/^# raw: \(M9B.*\)/\1/p' "$killer" | "$cagey" convert --to kk > "$variants/killer-jigsaw.kk"
cp "$here/kendoku-6x6.kk" "$variants/kendoku-6x6.kk"
for name in killer-sudoku killer-jigsaw kendoku-6x6; do
    for ext in svg png; do
        "$cagey" render "$variants/$name.kk" -o "$here/$name.$ext"
        "$cagey" render "$variants/$name.kk" --solution -o "$here/$name-solved.$ext"
    done
done
for ext in svg png; do
    "$cagey" render "$here/../../crates/cagey/tests/fixtures/killer-x.kk" -o "$here/killer-x.$ext"
done
