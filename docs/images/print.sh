#!/bin/sh
# Regenerates the pictures of printed pages in this folder (`print-*.png`), one page of each
# layout `cagey print` chooses, with poppler's pdftoppm at 75 dpi:
#
#   print-title.png      the title page of an A5 book of the sampler (print-sampler.kk)
#   print-contents.png   its contents page
#   print-rules.png      its rules page for Calcudoku, with the worked example
#   print-rules-killer.png  its rules page for Killer Sudoku
#   print-9x9-four.png   hard 9x9 KenKen of Keen's, four to an A4 page, with a title
#   print-killer.png     the Killer Sudoku and Killer Jigsaw of corpora/killer-and-jigsaw.kk
#   print-12x12-two.png  12x12 KenKen, two a page (the most that fit with 7-pt clues)
#   print-6x6-six.png    6x6 KenKen of Keen's, six to a Letter page
#   print-answers.png    the answer key of the 9x9 booklet
#   print-32x32-clues.png part of a 32x32 alone on an A4 page, at 200 dpi: long clues run
#                        on, stacked and squeezed (crates/cagey/tests/fixtures/clues-32x32.kk)
#
# Run from anywhere: sh docs/images/print.sh (CAGEY=path/to/cagey to use another build).
set -eu
here=$(dirname "$0")
root="$here/../.."
if [ -z "${CAGEY:-}" ]; then
    cargo build --quiet --release -p cagey-cli
    CAGEY=${CARGO_TARGET_DIR:-$root/target}/release/cagey
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

first() { # first N puzzles of a corpus file (blank-line separated)
    awk -v n="$2" 'BEGIN { RS = ""; ORS = "\n\n" } /(^|\n)[^#]/ { if (++k <= n) print }' "$1"
}
page() { # page N of a PDF as NAME.png
    pdftoppm -r 75 -png -f "$2" -l "$2" -singlefile "$1" "$here/$3"
}

"$CAGEY" print "$here/print-sampler.kk" --title 'A cagey sampler' \
    --subtitle 'Calcudoku and Killer Sudoku' --author 'The cagey team' \
    --contents --paper a5 --gutter 8 -o "$tmp/sampler.pdf"
page "$tmp/sampler.pdf" 1 print-title
page "$tmp/sampler.pdf" 2 print-contents
page "$tmp/sampler.pdf" 3 print-rules
page "$tmp/sampler.pdf" 4 print-rules-killer

# The layouts alone: no rules pages, and the title as the first page's heading.
bare="--rules none"

first "$root/corpora/keen/keen_9dh.kk" 8 > "$tmp/nine.kk"
"$CAGEY" print "$tmp/nine.kk" $bare --title 'Hard 9x9 KenKen' --no-title-page -o "$tmp/nine.pdf"
page "$tmp/nine.pdf" 1 print-9x9-four
page "$tmp/nine.pdf" 3 print-answers

"$CAGEY" print "$root/corpora/killer-and-jigsaw.kk" $bare --title 'Killer Sudoku' --no-title-page -o "$tmp/killer.pdf"
page "$tmp/killer.pdf" 1 print-killer

first "$root/corpora/random/unique-12x12.kk" 2 > "$tmp/twelve.kk"
"$CAGEY" print "$tmp/twelve.kk" $bare -o "$tmp/twelve.pdf"
page "$tmp/twelve.pdf" 1 print-12x12-two

first "$root/corpora/keen/keen_6dx.kk" 6 > "$tmp/six.kk"
"$CAGEY" print "$tmp/six.kk" $bare --per-page 6 --paper letter -o "$tmp/six.pdf"
page "$tmp/six.pdf" 1 print-6x6-six

"$CAGEY" print "$root/crates/cagey/tests/fixtures/clues-32x32.kk" $bare --answers none \
    -o "$tmp/big.pdf"
pdftoppm -r 200 -png -f 1 -l 1 -x 333 -y 572 -W 733 -H 333 -singlefile "$tmp/big.pdf" \
    "$here/print-32x32-clues"
