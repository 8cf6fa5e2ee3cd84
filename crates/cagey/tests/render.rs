//! The drawings: terminal text against golden files, SVG that parses and labels every cage,
//! PNG that decodes at the size asked for, and every corpus puzzle drawn without error.
//!
//! Golden files live in `tests/golden/`. After a deliberate change to the drawings, rewrite
//! them with `UPDATE_GOLDEN=1 cargo test -p cagey --test render`, and look at the diff.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cagey::examples::{self, Example};
use cagey::formats::kk;
#[cfg(feature = "png")]
use cagey::render::png;
use cagey::render::terminal::{self, Charset};
use cagey::render::{svg, Contents, RenderError};
use cagey::{Cell, DigitSet, Grid, Operation, Puzzle};

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

/// The candidates simple reasoning allows: a digit stays in a cell if some filling of its
/// cage meets the target without repeating a digit in a row or column of the cage. Written
/// here from scratch, sharing nothing with the solvers.
fn cage_candidates(puzzle: &Puzzle) -> Vec<DigitSet> {
    let n = puzzle.size();
    let mut sets = vec![DigitSet::EMPTY; puzzle.cell_count()];
    for cage in puzzle.cages() {
        let cells = cage.cells();
        let mut digits = vec![0u8; cells.len()];
        let mut found = vec![DigitSet::EMPTY; cells.len()];
        fill(
            cage.operation(),
            cage.target(),
            cells,
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

fn fill(
    operation: Operation,
    target: u64,
    cells: &[Cell],
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
        Operation::Multiply if target % values.iter().product::<u64>() != 0 => return,
        _ => {}
    }
    let (row, col) = (cells[depth].row(n), cells[depth].col(n));
    for digit in 1..=n as u8 {
        let clash = (0..depth)
            .any(|i| digits[i] == digit && (cells[i].row(n) == row || cells[i].col(n) == col));
        if !clash {
            digits[depth] = digit;
            fill(operation, target, cells, n, depth + 1, digits, found);
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

fn pictures() -> Vec<(String, Puzzle, Grid)> {
    let mut all: Vec<(String, Puzzle, Grid)> = examples::EXAMPLES
        .iter()
        .map(|e: &Example| (e.name.to_string(), e.puzzle(), e.solution()))
        .collect();
    let (puzzle, solution) = sixteen();
    all.push(("unique-16x16".into(), puzzle, solution));
    all
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

        let mut expected = BTreeMap::new();
        for cage in puzzle.cages() {
            let sign = cage
                .operation()
                .sign()
                .map(String::from)
                .unwrap_or_default();
            *expected
                .entry(format!("{}{sign}", cage.target()))
                .or_insert(0) += 1;
        }
        assert_eq!(texts_of_class(&document, "label"), expected, "{name}");

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
