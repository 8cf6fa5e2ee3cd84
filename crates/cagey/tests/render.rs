//! The drawings: terminal text against golden files, SVG that parses and labels every cage,
//! PNG that decodes at the size asked for, and every corpus puzzle drawn without error. The
//! variants (a KenDoku, the corpus's Killer Sudoku and Killer Jigsaw, and random variant
//! puzzles) are drawn beside plain KenKen.
//!
//! Golden files live in `tests/golden/`. After a deliberate change to the drawings, rewrite
//! them with `UPDATE_GOLDEN=1 cargo test -p cagey --test render`, and look at the diff.

mod random;
mod variant_random;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cagey::examples::{self, Example};
use cagey::formats::{kk, sudokuwiki};
#[cfg(feature = "png")]
use cagey::render::png;
use cagey::render::terminal::{self, Charset};
use cagey::render::{svg, Contents, RenderError};
use cagey::{Cell, DigitSet, Grid, Operation, Puzzle};
use random::Rng;
use variant_random::{random_variant, Shape, Spec};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares `text` with the golden file `name`, or rewrites it under `UPDATE_GOLDEN`.
fn golden(name: &str, text: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    assert!(
        text == expected,
        "{name} differs from its golden file.\n--- drawn:\n{text}\n--- golden:\n{expected}"
    );
}

fn unicode() -> terminal::Options {
    terminal::Options::default()
}

fn ascii() -> terminal::Options {
    terminal::Options {
        charset: Charset::Ascii,
        color: false,
    }
}

fn draw(puzzle: &Puzzle, contents: Contents<'_>, options: &terminal::Options) -> String {
    let text = terminal::draw(puzzle, contents, options).unwrap();
    assert_aligned(&text);
    text
}

/// Every line of a drawing has the same width, and none ends in a space.
fn assert_aligned(text: &str) {
    let widths: Vec<usize> = text.lines().map(|line| line.chars().count()).collect();
    assert!(
        widths.iter().all(|&w| w == widths[0]),
        "ragged lines {widths:?}:\n{text}"
    );
    assert!(text.lines().all(|line| !line.ends_with(' ')), "{text}");
}

/// The first 16x16 of the random corpus, with the solution its comments record.
fn sixteen() -> (Puzzle, Grid) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora/random/unique-16x16.kk");
    let text = std::fs::read_to_string(path).unwrap();
    let entry = kk::parse_all(&text).into_iter().next().unwrap().unwrap();
    let solution = kk::parse_solution(16, entry.meta("solution").unwrap()).unwrap();
    (entry.puzzle, solution)
}

/// Seed 003's 3x3 example, `+ 3 A1 B1`, `+ 5 A2 B2`, `! 1 A3`, `+ 5 B3 C3`, `+ 4 C1 C2`, with
/// the partial and the complete solution the seed prints for it.
fn seed_003() -> (Puzzle, Vec<DigitSet>, Grid) {
    let puzzle = kk::parse("3+,0 3\n5+,1 4\n1,2\n5+,5 8\n4+,6 7\n").unwrap();
    let set = |digits: &str| digits.bytes().map(|b| b - b'0').collect::<DigitSet>();
    let partial = ["12", "23", "123", "12", "23", "123", "123", "123", "123"].map(set);
    let complete = Grid::from_digits(3, vec![2, 3, 1, 1, 2, 3, 3, 1, 2]).unwrap();
    (puzzle, partial.to_vec(), complete)
}

/// A 6x6 KenDoku made for these tests and the README's pictures (`docs/images/render.sh`
/// draws it too): the 6x6 newspaper puzzle's cages (`p4`) over a grid that also keeps the 2x3
/// boxes, with targets from that grid. It has one solution, and without its boxes it would
/// have two. Several of its cages straddle a box border.
const KENDOKU: &str = include_str!("../../../docs/images/kendoku-6x6.kk");

/// [`KENDOKU`]'s solution.
const KENDOKU_SOLUTION: &str = "235416416235352164164352523641641523";

/// The `# raw:` SudokuWiki string of `corpora/killer-and-jigsaw.kk` that starts with
/// `prefix`, and the solution recorded beside it.
fn killer_corpus(prefix: &str) -> (Puzzle, Grid) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora/killer-and-jigsaw.kk");
    let text = std::fs::read_to_string(path).unwrap();
    let block = text
        .split("\n\n")
        .find(|block| block.contains(&format!("# raw: {prefix}")))
        .unwrap_or_else(|| panic!("no {prefix} string in the corpus"));
    let value = |key: &str| {
        block
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .unwrap()
            .trim()
    };
    // The strings carry progress (solved cells, candidates); the goldens draw the puzzle.
    let puzzle = sudokuwiki::parse(value("# raw:")).unwrap().puzzle;
    let solution = kk::parse_solution(9, value("# solution=")).unwrap();
    (puzzle, solution)
}

/// The variants drawn to golden files, by name: a KenDoku, a Killer Sudoku (SudokuWiki's
/// L9B example) and a Killer Jigsaw (Tim Tang's, SudokuWiki's M9B string).
fn variants() -> Vec<(&'static str, Puzzle, Grid)> {
    let kendoku = kk::parse(KENDOKU).unwrap();
    let solution = kk::parse_solution(6, KENDOKU_SOLUTION).unwrap();
    assert_eq!(cagey::check(&kendoku, &solution), Ok(()));
    let (sudoku, sudoku_solution) = killer_corpus("L9B");
    let (jigsaw, jigsaw_solution) = killer_corpus("M9B");
    vec![
        ("kendoku-6x6", kendoku, solution),
        ("killer-sudoku-9x9", sudoku, sudoku_solution),
        ("killer-jigsaw-9x9", jigsaw, jigsaw_solution),
    ]
}

/// The candidates simple reasoning allows: a digit stays in a cell if some filling of its
/// cage meets the target without repeating a digit in a row, column or region of the cage
/// (anywhere in the cage, for a killer cage). Written here from scratch, sharing nothing
/// with the solvers.
fn cage_candidates(puzzle: &Puzzle) -> Vec<DigitSet> {
    let n = puzzle.size();
    let mut sets = vec![DigitSet::EMPTY; puzzle.cell_count()];
    for cage in puzzle.cages() {
        let cells = cage.cells();
        let mut digits = vec![0u8; cells.len()];
        let mut found = vec![DigitSet::EMPTY; cells.len()];
        let apart = |a: Cell, b: Cell| {
            let regions = puzzle.regions();
            puzzle.options().killer
                || a.row(n) == b.row(n)
                || a.col(n) == b.col(n)
                || regions
                    .region_of(a, n)
                    .is_some_and(|r| regions.region_of(b, n) == Some(r))
        };
        fill(
            cage.operation(),
            cage.target(),
            cells,
            &apart,
            n,
            0,
            &mut digits,
            &mut found,
        );
        for (cell, set) in cells.iter().zip(found) {
            sets[cell.index()] = set;
        }
    }
    sets
}

#[allow(clippy::too_many_arguments)]
fn fill(
    operation: Operation,
    target: u64,
    cells: &[Cell],
    apart: &dyn Fn(Cell, Cell) -> bool,
    n: usize,
    depth: usize,
    digits: &mut Vec<u8>,
    found: &mut [DigitSet],
) {
    let values: Vec<u64> = digits[..depth].iter().map(|&d| u64::from(d)).collect();
    if depth == cells.len() {
        let (big, small) = match values[..] {
            [a, b] => (a.max(b), a.min(b)),
            _ => (0, 0),
        };
        let met = match operation {
            Operation::Add => values.iter().sum::<u64>() == target,
            Operation::Multiply => values.iter().product::<u64>() == target,
            Operation::Subtract => big - small == target,
            Operation::Divide => big % small == 0 && big / small == target,
            Operation::Given => values == [target],
            Operation::Unknown => {
                values.iter().sum::<u64>() == target
                    || values.iter().product::<u64>() == target
                    || values.len() == 2
                        && (big - small == target || big % small == 0 && big / small == target)
            }
        };
        if met {
            for (set, &digit) in found.iter_mut().zip(digits.iter()) {
                set.insert(digit);
            }
        }
        return;
    }
    // Prune sums and products that already overshoot.
    match operation {
        Operation::Add if values.iter().sum::<u64>() + (cells.len() - depth) as u64 > target => {
            return
        }
        Operation::Multiply if !target.is_multiple_of(values.iter().product::<u64>()) => return,
        _ => {}
    }
    for digit in 1..=n as u8 {
        let clash = (0..depth).any(|i| digits[i] == digit && apart(cells[i], cells[depth]));
        if !clash {
            digits[depth] = digit;
            fill(operation, target, cells, apart, n, depth + 1, digits, found);
        }
    }
}

#[test]
fn the_examples_draw_as_their_golden_files() {
    for example in &examples::EXAMPLES {
        let puzzle = example.puzzle();
        let solution = example.solution();
        golden(
            &format!("{}.txt", example.name),
            &draw(&puzzle, Contents::NONE, &unicode()),
        );
        golden(
            &format!("{}-solved.txt", example.name),
            &draw(&puzzle, Contents::grid(&solution), &unicode()),
        );
        // This file's own candidate count knows two-cell subtraction and division only.
        if puzzle.options().multi_cell {
            continue;
        }
        let candidates = cage_candidates(&puzzle);
        golden(
            &format!("{}-candidates.txt", example.name),
            &draw(&puzzle, Contents::candidates(&candidates), &unicode()),
        );
    }
}

#[test]
fn ascii_drawings_match_their_golden_files() {
    let kk0 = examples::by_name("kk0").unwrap();
    let puzzle = kk0.puzzle();
    golden("kk0-ascii.txt", &draw(&puzzle, Contents::NONE, &ascii()));
    golden(
        "kk0-ascii-solved.txt",
        &draw(&puzzle, Contents::grid(&kk0.solution()), &ascii()),
    );
    let candidates = cage_candidates(&puzzle);
    golden(
        "kk0-ascii-candidates.txt",
        &draw(&puzzle, Contents::candidates(&candidates), &ascii()),
    );
    let text = draw(&puzzle, Contents::NONE, &ascii());
    assert!(text.is_ascii());
}

#[test]
fn seed_003s_partial_and_complete_solutions() {
    let (puzzle, partial, complete) = seed_003();
    golden(
        "seed-003-partial.txt",
        &draw(&puzzle, Contents::candidates(&partial), &unicode()),
    );
    golden(
        "seed-003-complete.txt",
        &draw(&puzzle, Contents::grid(&complete), &unicode()),
    );
}

#[test]
fn the_variants_draw_as_their_golden_files() {
    for (name, puzzle, solution) in variants() {
        golden(
            &format!("{name}.txt"),
            &draw(&puzzle, Contents::NONE, &unicode()),
        );
        golden(
            &format!("{name}-solved.txt"),
            &draw(&puzzle, Contents::grid(&solution), &unicode()),
        );
        let candidates = cage_candidates(&puzzle);
        golden(
            &format!("{name}-candidates.txt"),
            &draw(&puzzle, Contents::candidates(&candidates), &unicode()),
        );
        let ascii = draw(&puzzle, Contents::grid(&solution), &ascii());
        assert!(ascii.is_ascii());
        golden(&format!("{name}-ascii-solved.txt"), &ascii);
        golden(
            &format!("{name}-plain.txt"),
            &terminal::plain_grid(&puzzle, &solution).unwrap(),
        );
    }
}

#[test]
fn variant_drawings_tell_houses_and_cages_apart() {
    let variants = variants();
    // The KenDoku's first row: `24×` over cells 0 1 (and 6), `10+` over 2 3 4, which crosses
    // the box border between cells 2 and 3; `11+` from cell 5 down.
    let kendoku = draw(&variants[0].1, Contents::NONE, &unicode());
    let row: Vec<&str> = kendoku.lines().collect();
    assert_eq!(row[0], "┏━━━━━┯━━━━━┯━━━━━┳━━━━━┯━━━━━┯━━━━━┓");
    assert_eq!(row[1], "┃ 24× ┆     │ 10+ ┇     ┆     │ 11+ ┃");
    // Killer sums are bare; box borders heavy, cage borders light, cells of a cage dashed.
    let killer = draw(&variants[1].1, Contents::NONE, &unicode());
    let row: Vec<&str> = killer.lines().collect();
    assert_eq!(
        row[1],
        "┃ 24  ┆     │ 6   ┇     │ 17  ┆     ┃ 2   │ 10  ┆     ┃"
    );
    assert!(!killer.contains('+'));
    // The plain text of a solved Killer Sudoku shows its boxes.
    let plain = terminal::plain_grid(&variants[1].1, &variants[1].2).unwrap();
    assert_eq!(plain.lines().nth(3), Some("------+-------+------"));
    assert_eq!(plain.lines().next(), Some("7 5 1 | 3 8 9 | 2 6 4"));
}

#[test]
fn plain_grids_without_regions_are_rows_of_digits() {
    let kk0 = examples::by_name("kk0").unwrap();
    let solution = kk0.solution();
    assert_eq!(
        terminal::plain_grid(&kk0.puzzle(), &solution).unwrap(),
        solution.to_string()
    );
    assert!(matches!(
        terminal::plain_grid(&kk0.puzzle(), &Grid::empty(5)),
        Err(RenderError::GridSize { .. })
    ));
}

#[test]
fn a_16x16_stays_aligned_with_two_character_digits() {
    let (puzzle, solution) = sixteen();
    golden(
        "unique-16x16.txt",
        &draw(&puzzle, Contents::NONE, &unicode()),
    );
    golden(
        "unique-16x16-solved.txt",
        &draw(&puzzle, Contents::grid(&solution), &unicode()),
    );
    // Half the grid solved, the rest in candidates: both kinds of cell side by side.
    let mut half = Grid::empty(16);
    for cell in puzzle.cells().take(128) {
        half.set(cell, solution.get(cell));
    }
    let candidates = cage_candidates(&puzzle);
    let contents = Contents {
        grid: Some(&half),
        candidates: Some(&candidates),
    };
    golden(
        "unique-16x16-candidates.txt",
        &draw(&puzzle, contents, &unicode()),
    );
}

#[test]
fn long_labels_widen_every_cell() {
    // 8! = 40320 over a 2x4 block of an 8x8 grid; the rest in givens and pairs.
    let mut text = String::from("40320*,0 1 2 3 8 9 10 11\n");
    for cell in 4..8 {
        text.push_str(&format!("{},{cell}\n", cell - 3));
    }
    for cell in 12..16 {
        text.push_str(&format!("{},{cell}\n", cell - 7));
    }
    for row in 2..8 {
        for col in (0..8).step_by(2) {
            let cell = row * 8 + col;
            text.push_str(&format!("1-,{} {}\n", cell, cell + 1));
        }
    }
    let puzzle = kk::parse(&text).unwrap();
    let drawing = draw(&puzzle, Contents::NONE, &unicode());
    assert!(drawing.contains("┃ 40320× │"), "{drawing}");
    // Six characters of text and a space either side: 8 cells of 8, and 9 borders.
    assert_eq!(drawing.lines().next().unwrap().chars().count(), 8 * 8 + 9);
}

#[test]
fn contents_that_do_not_fit_are_refused() {
    let puzzle = examples::by_name("kk0").unwrap().puzzle();
    let grid = Grid::empty(5);
    assert_eq!(
        terminal::draw(&puzzle, Contents::grid(&grid), &unicode()),
        Err(RenderError::GridSize {
            expected: 4,
            found: 5
        })
    );
    let sets = vec![DigitSet::full(4); 15];
    assert!(svg::render(
        &puzzle,
        Contents::candidates(&sets),
        &svg::Options::default()
    )
    .is_err());
    let huge = svg::Options {
        size: Some(svg::MAX_PICTURE_PX + 1),
    };
    assert!(matches!(
        svg::render(&puzzle, Contents::NONE, &huge),
        Err(RenderError::PictureSize { .. })
    ));
}

/// The `aria-label`s of the elements of `class`, counted.
fn texts_of_class(document: &roxmltree::Document, class: &str) -> BTreeMap<String, usize> {
    let mut texts = BTreeMap::new();
    for node in document.descendants() {
        if node.attribute("class") == Some(class) {
            let text = node.attribute("aria-label").expect("labelled").to_string();
            *texts.entry(text).or_default() += 1;
        }
    }
    texts
}

/// The labels a picture of `puzzle` must hold, counted: target and sign, a bare sum for a
/// killer cage.
fn expected_labels(puzzle: &Puzzle) -> BTreeMap<String, usize> {
    let mut expected = BTreeMap::new();
    for cage in puzzle.cages() {
        let sign = match cage.operation() {
            Operation::Add if puzzle.options().killer => String::new(),
            operation => operation.sign().map(String::from).unwrap_or_default(),
        };
        *expected
            .entry(format!("{}{sign}", cage.target()))
            .or_insert(0) += 1;
    }
    expected
}

fn pictures() -> Vec<(String, Puzzle, Grid)> {
    let mut all: Vec<(String, Puzzle, Grid)> = examples::EXAMPLES
        .iter()
        .map(|e: &Example| (e.name.to_string(), e.puzzle(), e.solution()))
        .collect();
    let (puzzle, solution) = sixteen();
    all.push(("unique-16x16".into(), puzzle, solution));
    for (name, puzzle, solution) in variants() {
        all.push((name.into(), puzzle, solution));
    }
    all
}

/// The `d` attributes of the paths of class `class`.
fn paths_of_class<'a>(document: &'a roxmltree::Document, class: &str) -> Vec<&'a str> {
    document
        .descendants()
        .filter(|node| node.has_tag_name("path") && node.attribute("class") == Some(class))
        .map(|node| node.attribute("d").expect("a path has data"))
        .collect()
}

/// The `d` attribute of the one path of class `class`, if there is one.
fn path_of_class<'a>(document: &'a roxmltree::Document, class: &str) -> Option<&'a str> {
    let paths = paths_of_class(document, class);
    assert!(paths.len() <= 1, "one path of class {class}");
    paths.first().copied()
}

/// The closed subpaths (`M … Z`) of path data.
fn loops(d: &str) -> usize {
    assert_eq!(d.matches('M').count(), d.matches('Z').count(), "{d}");
    d.matches('Z').count()
}

/// The subpaths of killer outlines: one open one per cage, ending short of where it began
/// (at the cage's sum), and a closed one around each hole in a cage.
fn outlines(d: &str) -> Vec<&str> {
    d.split('M').skip(1).collect()
}

#[test]
fn svg_variants_draw_their_houses_and_killer_cages() {
    let variants = variants();
    let render =
        |puzzle: &Puzzle| svg::render(puzzle, Contents::NONE, &svg::Options::default()).unwrap();

    // KenDoku: thick cage lines as KenKen, boxes shaded in a checkerboard: three of the six
    // boxes, as one rectangle per box row of cells.
    let text = render(&variants[0].1);
    let document = roxmltree::Document::parse(&text).unwrap();
    assert!(path_of_class(&document, "cage-lines").is_some());
    let shading = path_of_class(&document, "shading").expect("boxes are shaded");
    assert_eq!(loops(shading), 3 * 2);
    assert!(path_of_class(&document, "cage-outlines").is_none());
    assert!(
        text.contains("<title>KenDoku 6x6, 15 cages</title>"),
        "{text}"
    );

    // Killer Sudoku: thick lines on the box borders and the edge only (two inner lines each
    // way: four runs, plus four edges), one dashed outline per cage, open at its sum.
    let puzzle = &variants[1].1;
    let text = render(puzzle);
    let document = roxmltree::Document::parse(&text).unwrap();
    assert!(path_of_class(&document, "cage-lines").is_none());
    assert!(path_of_class(&document, "shading").is_none());
    let regions = path_of_class(&document, "region-lines").unwrap();
    assert_eq!(regions.matches('M').count(), 8, "{regions}");
    assert!(regions.contains("M10 310H910"), "{regions}");
    let d = path_of_class(&document, "cage-outlines").unwrap();
    assert_eq!(outlines(d).len(), puzzle.cages().len());
    assert!(!d.contains('Z'), "no cage has a hole");
    // The 24 in the top-left corner: its cage (cells 0 1 9 10) is a square, 10 units in,
    // starting right of the sum and ending below it.
    let first = outlines(d)[0];
    let (start, rest) = first.split_once(' ').unwrap();
    let (middle, end) = rest.rsplit_once('V').unwrap();
    assert_eq!(middle, "20H200V200H20", "{first}");
    let (start, end): (f64, f64) = (start.parse().unwrap(), end.parse().unwrap());
    assert!(start > 35.0 && start < 60.0, "{first}");
    assert!(end > 25.0 && end < 50.0, "{first}");
    assert!(text.contains("<title>Killer Sudoku 9x9, 30 cages</title>"));

    // Killer Jigsaw: the region lines wander, and every cage is outlined.
    let puzzle = &variants[2].1;
    let text = render(puzzle);
    let document = roxmltree::Document::parse(&text).unwrap();
    let regions = path_of_class(&document, "region-lines").unwrap();
    assert!(regions.matches('M').count() > 8, "{regions}");
    let d = path_of_class(&document, "cage-outlines").unwrap();
    assert_eq!(outlines(d).len(), puzzle.cages().len());
}

#[test]
fn svg_parses_and_holds_one_label_per_cage() {
    for (name, puzzle, solution) in pictures() {
        let text =
            svg::render(&puzzle, Contents::grid(&solution), &svg::Options::default()).unwrap();
        let document = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let root = document.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );

        assert_eq!(
            texts_of_class(&document, "label"),
            expected_labels(&puzzle),
            "{name}"
        );
        let title = document
            .descendants()
            .find(|node| node.has_tag_name("title"))
            .and_then(|node| node.text())
            .unwrap();
        assert!(
            title.starts_with(&puzzle.kind().to_string()),
            "{name}: {title}"
        );

        let digits: usize = texts_of_class(&document, "digit").values().sum();
        assert_eq!(digits, puzzle.cell_count(), "{name}");

        // Every glyph used is defined.
        let ids: Vec<&str> = document
            .descendants()
            .filter_map(|node| node.attribute("id"))
            .collect();
        for node in document.descendants().filter(|n| n.has_tag_name("use")) {
            let href = node
                .attribute(("http://www.w3.org/1999/xlink", "href"))
                .expect("use has an href");
            assert!(ids.contains(&&href[1..]), "{name}: {href}");
        }
    }
}

#[test]
fn svg_candidates_are_one_element_each() {
    let puzzle = examples::by_name("p4").unwrap().puzzle();
    let candidates = cage_candidates(&puzzle);
    let text = svg::render(
        &puzzle,
        Contents::candidates(&candidates),
        &svg::Options::default(),
    )
    .unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let drawn: usize = texts_of_class(&document, "candidate").values().sum();
    let expected: u32 = candidates.iter().map(|set| set.len()).sum();
    assert_eq!(drawn, expected as usize);
}

/// Decodes a PNG into its size and 8-bit RGBA pixels.
#[cfg(feature = "png")]
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(::png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, ::png::ColorType::Rgba);
    pixels.truncate(info.buffer_size());
    (info.width, info.height, pixels)
}

#[cfg(feature = "png")]
#[test]
fn png_decodes_at_the_size_asked_for() {
    let kk0 = examples::by_name("kk0").unwrap();
    let puzzle = kk0.puzzle();
    for size in [101, 420] {
        let options = svg::Options { size: Some(size) };
        let bytes = png::render(&puzzle, Contents::grid(&kk0.solution()), &options).unwrap();
        let (width, height, pixels) = decode(&bytes);
        assert_eq!((width, height), (size, size));
        // The picture is 420 units wide: the grid's top-left corner is at 10, the middle
        // of cell 5 (row 1, col 1; no digit there in an empty drawing) at 160.
        let at = |x: f64, y: f64| {
            let scale = f64::from(size) / 420.0;
            let (x, y) = ((x * scale) as usize, (y * scale) as usize);
            let i = (y * size as usize + x) * 4;
            pixels[i..i + 4].to_vec()
        };
        assert_eq!(at(2.0, 2.0), [255, 255, 255, 255], "white margin");
        assert_eq!(at(10.0, 10.0), [0, 0, 0, 255], "black corner");
    }
    let bytes = png::render(&puzzle, Contents::NONE, &svg::Options::default()).unwrap();
    let (width, _, pixels) = decode(&bytes);
    assert_eq!(width, 269);
    let centre = ((160 * 269 / 420) * 269 + 160 * 269 / 420) * 4;
    assert_eq!(pixels[centre..centre + 4], [255, 255, 255, 255]);
}

#[cfg(feature = "png")]
#[test]
fn png_variants_show_shading_region_lines_and_dashes() {
    let variants = variants();
    // 920 units square at 920 pixels: a pixel per unit, so that the dashes, 2.5 units wide,
    // cover whole pixels.
    let options = svg::Options { size: Some(920) };
    let pixel = |pixels: &[u8], x: usize, y: usize| {
        let i = (y * 920 + x) * 4;
        pixels[i..i + 4].to_vec()
    };

    // KenDoku, 6x6 in 620 units: a centre in the white top-left box, one in the shaded box
    // to its right.
    let options_6 = svg::Options { size: Some(310) };
    let bytes = png::render(&variants[0].1, Contents::NONE, &options_6).unwrap();
    let (width, height, pixels) = decode(&bytes);
    assert_eq!((width, height), (310, 310));
    let at = |x: f64, y: f64| {
        let (x, y) = ((x / 2.0) as usize, (y / 2.0) as usize);
        let i = (y * 310 + x) * 4;
        pixels[i..i + 4].to_vec()
    };
    assert_eq!(at(160.0, 160.0), [255, 255, 255, 255], "unshaded box");
    assert_eq!(at(460.0, 160.0), [0xe2, 0xe2, 0xe2, 255], "shaded box");

    // Killer Sudoku: a box border between cells 2 and 3 of the middle row is black; the
    // middle of cell 19 (the 8 alone in its cage, no digit drawn) white; its cage's dashed
    // outline, 10 units in, is dark for part of the way and light between dashes.
    let bytes = png::render(&variants[1].1, Contents::NONE, &options).unwrap();
    let (width, height, pixels) = decode(&bytes);
    assert_eq!((width, height), (920, 920));
    assert_eq!(pixel(&pixels, 310, 460), [0, 0, 0, 255], "box border");
    assert_eq!(
        pixel(&pixels, 160, 260),
        [255, 255, 255, 255],
        "cell middle"
    );
    // Cell 19 spans 110 to 210 across and 210 to 310 down; its outline's bottom runs at 300.
    let dashes: Vec<bool> = (130..190)
        .map(|x| pixel(&pixels, x, 300)[0] < 128)
        .collect();
    assert!(
        dashes.contains(&true) && dashes.contains(&false),
        "{dashes:?}"
    );
    let above: Vec<bool> = (130..190)
        .map(|x| pixel(&pixels, x, 295)[0] < 128)
        .collect();
    assert!(!above.contains(&true), "only the outline is dark");
}

/// Random variant puzzles of every shape, with and without the killer rule and givens: a
/// seeded sample, so that failures reproduce.
fn random_variants() -> Vec<(String, Puzzle)> {
    let mut rng = Rng(2024);
    let mut all = Vec::new();
    let shapes = [
        (4, Shape::Boxes { rows: 2, cols: 2 }),
        (6, Shape::Boxes { rows: 2, cols: 3 }),
        (6, Shape::Boxes { rows: 3, cols: 2 }),
        (5, Shape::Jigsaw),
        (6, Shape::Jigsaw),
        (5, Shape::Latin),
    ];
    for (index, &(size, shape)) in shapes.iter().enumerate() {
        for killer in [false, true] {
            for round in 0..4 {
                let spec = Spec {
                    size,
                    shape,
                    killer,
                    multi_cell: !killer && round % 2 == 1,
                    max_cage: 2 + round,
                    givens: round,
                    // Killer puzzles may leave cells out of every cage: drawn without outline.
                    uncovered: round % 2,
                };
                let (puzzle, _) = random_variant(spec, &mut rng);
                all.push((format!("random variant {index}/{killer}/{round}"), puzzle));
            }
        }
    }
    all
}

/// Every puzzle of the variant corpora: SudokuWiki's strings (KenKen, Killer Sudoku, Killer
/// Jigsaw; the interim killer form is not read) and the killer corpus's raw strings.
fn variant_corpus() -> Vec<(String, Puzzle)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora");
    let mut all = Vec::new();
    for file in ["killer-and-jigsaw.kk", "sudokuwiki-strings.txt"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for (number, line) in text.lines().enumerate() {
            let string = line.trim().trim_start_matches("# raw:").trim();
            if sudokuwiki::looks_like(string) {
                if let Ok(entry) = sudokuwiki::parse(string) {
                    all.push((format!("{file}, line {}", number + 1), entry.puzzle));
                }
            }
        }
    }
    assert!(
        all.iter().filter(|(_, p)| p.options().killer).count() >= 3,
        "the killer strings are read"
    );
    all
}

#[test]
fn random_and_corpus_variants_draw_consistently() {
    for (place, puzzle) in random_variants().into_iter().chain(variant_corpus()) {
        let text = draw(&puzzle, Contents::NONE, &unicode());
        let ascii = draw(&puzzle, Contents::NONE, &ascii());
        assert!(ascii.is_ascii(), "{place}");
        // Givens outside the cages are drawn as placed digits.
        for cell in puzzle.cells() {
            if let Some(digit) = puzzle.given(cell) {
                let n = puzzle.size();
                let line = text.lines().nth(cell.row(n) * 3 + 2).unwrap();
                let column = cell.col(n) * (text.lines().next().unwrap().chars().count() / n);
                let middle: String = line.chars().skip(column).take(6).collect();
                assert!(
                    middle.contains(&digit.to_string()),
                    "{place}: {middle}\n{text}"
                );
            }
        }
        let svg = svg::render(&puzzle, Contents::NONE, &svg::Options::default())
            .unwrap_or_else(|e| panic!("{place}: {e}"));
        let document = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{place}: {e}"));
        assert_eq!(
            texts_of_class(&document, "label"),
            expected_labels(&puzzle),
            "{place}"
        );
        if puzzle.options().killer {
            // One open outline per cage, and a closed one around each hole in a cage.
            let d = path_of_class(&document, "cage-outlines").unwrap();
            let open = outlines(d).iter().filter(|o| !o.ends_with('Z')).count();
            assert_eq!(open, puzzle.cages().len(), "{place}");
            assert!(
                path_of_class(&document, "region-lines").is_some(),
                "{place}"
            );
        } else if *puzzle.regions() != cagey::model::Regions::None {
            // Boxes take one tint, jigsaw regions up to three (and white).
            let tints = paths_of_class(&document, "shading").len();
            assert!((1..=3).contains(&tints), "{place}: {tints} tints");
        }
    }
}

/// Every `.kk` file under `corpora/`.
fn corpus_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "kk") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_corpus_puzzle_renders() {
    let mut drawn = 0;
    for file in corpus_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        // Puzzles the model cannot hold yet (multi-cell subtraction) are not ours to draw.
        let puzzles: Vec<Puzzle> = kk::parse_all(&text)
            .into_iter()
            .filter_map(|entry| entry.ok().map(|entry| entry.puzzle))
            .collect();
        for (index, puzzle) in puzzles.iter().enumerate() {
            let place = format!("{} #{}", file.display(), index + 1);
            draw(puzzle, Contents::NONE, &unicode());
            draw(puzzle, Contents::NONE, &ascii());
            let svg = svg::render(puzzle, Contents::NONE, &svg::Options::default())
                .unwrap_or_else(|e| panic!("{place}: {e}"));
            let document =
                roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{place}: {e}"));
            let labels: usize = texts_of_class(&document, "label").values().sum();
            assert_eq!(labels, puzzle.cages().len(), "{place}");
            // Rasterising takes longer: one PNG per file.
            if index == 0 {
                check_png(puzzle, &place);
            }
            drawn += 1;
        }
    }
    // And the variant corpora, in SudokuWiki strings.
    for (index, (place, puzzle)) in variant_corpus().into_iter().enumerate() {
        draw(&puzzle, Contents::NONE, &unicode());
        draw(&puzzle, Contents::NONE, &ascii());
        let svg = svg::render(&puzzle, Contents::NONE, &svg::Options::default())
            .unwrap_or_else(|e| panic!("{place}: {e}"));
        roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{place}: {e}"));
        if index < 3 || puzzle.options().killer {
            check_png(&puzzle, &place);
        }
        drawn += 1;
    }
    assert!(drawn > 2000, "only {drawn} corpus puzzles found");
}

#[cfg(feature = "png")]
fn check_png(puzzle: &Puzzle, place: &str) {
    let small = svg::Options { size: Some(200) };
    let bytes =
        png::render(puzzle, Contents::NONE, &small).unwrap_or_else(|e| panic!("{place}: {e}"));
    assert_eq!(decode(&bytes).0, 200, "{place}");
}

#[cfg(not(feature = "png"))]
fn check_png(_: &Puzzle, _: &str) {}

/// Issue #45: a Killer X's PNG shows both diagonals, a light grey line through the diagonal
/// cells (none in a plain killer's), lighter than the grey cell lines. With
/// `CAGEY_PICTURES=DIR` the pictures are saved there, to look at.
#[cfg(feature = "png")]
#[test]
fn png_killer_x_shows_both_diagonals_lighter_than_the_cell_lines() {
    let text = include_str!("fixtures/killer-x.kk");
    let puzzle = kk::parse(text).unwrap();
    let plain = kk::parse(&text.replace("# diagonals\n", "")).unwrap();
    // 920 units at 920 pixels: a pixel a unit.
    let options = svg::Options { size: Some(920) };
    let picture = |puzzle: &Puzzle| {
        let bytes = png::render(puzzle, Contents::NONE, &options).unwrap();
        if let Some(dir) = std::env::var_os("CAGEY_PICTURES") {
            let name = if puzzle.options().diagonals {
                "killer-x.png"
            } else {
                "killer-plain.png"
            };
            std::fs::write(Path::new(&dir).join(name), &bytes).unwrap();
        }
        decode(&bytes).2
    };
    let grey = |pixels: &[u8], x: usize, y: usize| pixels[(y * 920 + x) * 4];
    let crossed = picture(&puzzle);
    let without = picture(&plain);
    // Three quarters down r3c3 on the falling diagonal (210 + 75), and r3c7 on the rising
    // one (x = 610 + 25): clear of clues, digits and cage outlines.
    for (x, y) in [(285, 285), (635, 285)] {
        let on = grey(&crossed, x, y);
        assert!(on < 240, "({x}, {y}) is {on}: no line");
        assert_eq!(grey(&without, x, y), 255, "({x}, {y}) in the plain killer");
        // Lighter than a cell line (#999999, 153).
        assert!(on > 153, "({x}, {y}) is {on}: as dark as a cell line");
    }
}
