//! `cagey print`: the booklets it writes, read back with poppler's tools (`pdfinfo`,
//! `pdftotext`, `pdftoppm`; `scripts/install-test-tools.sh` installs them): page counts,
//! one caption per puzzle, the answer key, and a page turned into pixels that show a grid.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{corpus, scratch, stderr};

fn cagey(args: &[&str]) -> Output {
    cagey_with(args, None, &[])
}

/// `cagey ARGS`, reading `stdin`. Most tests here look at the puzzles and the key, so the
/// front matter is left out (`--rules none`, and `--no-title-page` with a title) unless the
/// test chooses the rules itself: the front matter's tests give `--rules`.
fn cagey_with(args: &[&str], stdin: Option<&str>, env: &[(&str, &str)]) -> Output {
    let mut args = args.to_vec();
    if args.first() == Some(&"print") && !args.contains(&"--rules") {
        args.extend(["--rules", "none"]);
        if args.contains(&"--title") {
            args.push("--no-title-page");
        }
    }
    common::cagey_with(&args, stdin, env)
}

/// Runs one of poppler's tools, which must succeed.
fn poppler(tool: &str, args: &[&str]) -> Vec<u8> {
    let output = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|error| {
            panic!("cannot run {tool} ({error}): run scripts/install-test-tools.sh to install it")
        });
    assert!(
        output.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The number of pages, as pdfinfo reads it.
fn page_count(pdf: &Path) -> usize {
    let info = String::from_utf8(poppler("pdfinfo", &[&pdf.to_string_lossy()])).unwrap();
    info.lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .expect("pdfinfo gives the page count")
        .trim()
        .parse()
        .unwrap()
}

/// The text of pages `first..=last`, as pdftotext reads it.
fn text(pdf: &Path, first: usize, last: usize) -> String {
    let (first, last) = (first.to_string(), last.to_string());
    let path = pdf.to_string_lossy();
    String::from_utf8(poppler(
        "pdftotext",
        &["-f", &first, "-l", &last, "-layout", &path, "-"],
    ))
    .unwrap()
}

/// The first `count` puzzles of Keen's easy 4x4s, each with its `# solution=` comment and
/// a `# level=easy` comment added.
fn easy_puzzles(count: usize) -> String {
    let text = std::fs::read_to_string(corpus("keen/keen_4de.kk")).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").take(count).collect();
    assert_eq!(blocks.len(), count);
    blocks
        .iter()
        .map(|block| format!("# level=easy\n{}\n", block.trim()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_booklet_holds_every_puzzle_once_then_the_answers() {
    let dir = scratch("print-booklet");
    let input = dir.join("five.kk");
    std::fs::write(&input, easy_puzzles(5)).unwrap();
    let pdf = dir.join("book.pdf");
    let output = cagey(&[
        "print",
        &input.to_string_lossy(),
        "--title",
        "Five easy",
        "-o",
        &pdf.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // Four puzzles a page: two pages, then one page of answers.
    assert_eq!(page_count(&pdf), 3);
    let puzzles = text(&pdf, 1, 2);
    assert!(puzzles.contains("Five easy"));
    for number in 1..=5 {
        let caption = format!("Puzzle {number} · Calcudoku 4×4 · easy");
        assert_eq!(puzzles.matches(&caption).count(), 1, "{caption}\n{puzzles}");
    }
    assert!(!puzzles.contains("Puzzle 6"));
    assert!(!puzzles.contains("answers"));
    let answers = text(&pdf, 3, 3);
    assert!(answers.contains("Five easy (answers)"), "{answers}");
    assert!(!answers.contains("Puzzle"));
    let numbers: Vec<&str> = answers.split_whitespace().collect();
    for number in 1..=5 {
        assert!(numbers.contains(&number.to_string().as_str()), "{answers}");
    }
}

#[test]
fn answers_can_go_in_their_own_file_or_nowhere() {
    let dir = scratch("print-answers");
    let input = dir.join("seven.kk");
    std::fs::write(&input, easy_puzzles(7)).unwrap();
    let (book, sheet) = (dir.join("book.pdf"), dir.join("key.pdf"));
    let output = cagey(&[
        "print",
        &input.to_string_lossy(),
        "--per-page",
        "6",
        "--paper",
        "letter",
        "--answers",
        &sheet.to_string_lossy(),
        "-o",
        &book.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(page_count(&book), 2);
    assert!(!text(&book, 1, 2).contains("Answers"));
    assert_eq!(page_count(&sheet), 1);
    assert!(text(&sheet, 1, 1).contains("Answers"));
    let info = String::from_utf8(poppler("pdfinfo", &[&book.to_string_lossy()])).unwrap();
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");

    let output = cagey(&[
        "print",
        &input.to_string_lossy(),
        "--per-page",
        "1",
        "--answers",
        "none",
        "-o",
        &book.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(page_count(&book), 7);
    assert!(!text(&book, 1, 7).contains("Answers"));
}

/// The longest run of dark pixels in each row of a greyscale picture.
fn dark_runs(pixels: &[u8], width: usize) -> Vec<usize> {
    pixels
        .chunks(width)
        .map(|row| {
            let (mut longest, mut run) = (0, 0);
            for &pixel in row {
                run = if pixel < 128 { run + 1 } else { 0 };
                longest = longest.max(run);
            }
            longest
        })
        .collect()
}

/// How many separate bands of rows hold a dark run at least `length` long: each is a
/// horizontal line of the grid drawn across the page.
fn long_lines(runs: &[usize], length: usize) -> usize {
    let long: Vec<bool> = runs.iter().map(|&run| run >= length).collect();
    long.iter()
        .enumerate()
        .filter(|&(i, &is_long)| is_long && (i == 0 || !long[i - 1]))
        .count()
}

#[test]
fn a_page_turned_into_pixels_shows_the_grid() {
    let dir = scratch("print-pixels");
    let input = dir.join("one.kk");
    std::fs::write(&input, easy_puzzles(1)).unwrap();
    let pdf = dir.join("one.pdf");
    let output = cagey(&[
        "print",
        &input.to_string_lossy(),
        "--per-page",
        "1",
        "-o",
        &pdf.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // Page 1 at 50 dpi in grey: 413 (or 414, rounded up) x 585 pixels on A4.
    let prefix = dir.join("page");
    poppler(
        "pdftoppm",
        &[
            "-r",
            "50",
            "-gray",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            &pdf.to_string_lossy(),
            &prefix.to_string_lossy(),
        ],
    );
    let file = std::fs::File::open(dir.join("page.png")).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    let (width, height) = (frame.width as usize, frame.height as usize);
    assert!(
        (413..=414).contains(&width) && height == 585,
        "A4 at 50 dpi"
    );
    // pdftoppm writes grey pixels as RGB in some versions: keep one channel.
    let channels = frame.line_size / width;
    let pixels: Vec<u8> = pixels[..frame.buffer_size()]
        .iter()
        .step_by(channels)
        .copied()
        .collect();
    let pixels = &pixels[..width * height];
    // A 4x4 of 17 mm cells is 68 mm across, 134 pixels at 50 dpi: its top and bottom edges
    // (and cage borders that span the grid) are dark rows that long; the page is otherwise
    // white but for text, whose runs are far shorter.
    let rows = dark_runs(pixels, width);
    assert!(long_lines(&rows, 120) >= 2, "{rows:?}");
    let mut columns = vec![0; width * height];
    for y in 0..height {
        for x in 0..width {
            columns[x * height + y] = pixels[y * width + x];
        }
    }
    let columns = dark_runs(&columns, height);
    assert!(long_lines(&columns, 120) >= 2, "{columns:?}");
    // Everything lies inside the 15 mm margins (30 pixels), the page number included.
    let margin = 29;
    for (y, row) in pixels.chunks(width).enumerate() {
        for (x, &pixel) in row.iter().enumerate() {
            if x < margin || x >= width - margin || y < margin || y >= height - margin {
                assert!(pixel > 200, "ink at ({x}, {y}) in the margin");
            }
        }
    }
}

#[test]
fn puzzles_come_from_standard_input_and_the_pdf_can_go_to_standard_output() {
    let output = cagey_with(&["print", "-o", "-"], Some(&easy_puzzles(2)), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stdout.starts_with(b"%PDF-1."));
    assert!(output.stdout.ends_with(b"%%EOF\n") || output.stdout.ends_with(b"%%EOF"));
}

#[test]
fn the_answer_key_is_solved_when_no_solution_is_given() {
    let dir = scratch("print-solved");
    // kk0 has no `# solution=` comment: the solver finds its one solution.
    let pdf = dir.join("kk0.pdf");
    let output = cagey(&["print", "--example", "kk0", "-o", &pdf.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(page_count(&pdf), 2);
    let puzzle = text(&pdf, 1, 1);
    assert!(puzzle.contains("Puzzle 1 · Calcudoku 4×4"), "{puzzle}");
    assert!(!puzzle.contains(" · easy"), "no level is invented");
}

#[test]
fn grade_puts_the_graded_level_in_place_of_the_comment() {
    let dir = scratch("print-grade");
    let input = dir.join("graded.kk");
    // Keen made these at its easy level; the comments say otherwise.
    std::fs::write(
        &input,
        easy_puzzles(3).replace("level=easy", "level=unknown"),
    )
    .unwrap();
    let pdf = dir.join("graded.pdf");
    let (input, out) = (input.to_string_lossy(), pdf.to_string_lossy());
    let output = cagey(&["print", &input, "-o", &out]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(text(&pdf, 1, 1).matches("4×4 · unknown").count(), 3);
    let output = cagey(&["print", "--grade", &input, "-o", &out]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let captions = text(&pdf, 1, 1);
    assert_eq!(captions.matches("4×4 · easy").count(), 3, "{captions}");
    assert!(!captions.contains("unknown"));

    // A puzzle with two solutions is neither graded nor printed; it is said once.
    let several = "3+,0 1\n3+,2 3\n";
    let output = cagey_with(
        &["print", "--grade", "--answers", "none", "-o", &out],
        Some(several),
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let error = stderr(&output);
    assert_eq!(
        error.matches("more than one solution").count(),
        1,
        "{error}"
    );
}

#[test]
fn a_puzzle_without_one_answer_writes_nothing() {
    let dir = scratch("print-errors");
    let pdf = dir.join("book.pdf");
    let out = pdf.to_string_lossy().into_owned();
    // Two solutions: 12/21 and 21/12.
    let several = "3+,0 1\n3+,2 3\n";
    let output = cagey_with(&["print", "-o", &out], Some(several), &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("puzzle 1): it has more than one solution"));
    assert!(!pdf.exists());
    // Nor without a key: a puzzle with two solutions is not one to publish.
    let output = cagey_with(
        &["print", "--answers", "none", "-o", &out],
        Some(several),
        &[],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(!pdf.exists());

    // A wrong `# solution=` comment is caught, not printed.
    let wrong = easy_puzzles(1).replace("solution=2134", "solution=1234");
    let output = cagey_with(&["print", "-o", &out], Some(&wrong), &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("`# solution=` comment is wrong"),
        "{}",
        stderr(&output)
    );
    assert!(!pdf.exists());

    // No solution at all.
    let output = cagey_with(&["print", "-o", &out], Some("5+,0 1 2 3\n"), &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("it has no solution"),
        "{}",
        stderr(&output)
    );
    assert!(!pdf.exists());

    // A puzzle that cannot be read: bad input, nothing written.
    let bad = format!("{}\n5+,0 1 2 x\n", easy_puzzles(1));
    let output = cagey_with(&["print", "-o", &out], Some(&bad), &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!pdf.exists());

    // Usage errors.
    let output = cagey_with(
        &["print", "--per-page", "3", "-o", &out],
        Some(several),
        &[],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("choose 1, 2, 4 or 6"));
    let output = cagey_with(
        &["print", "--answers", "nope", "-o", &out],
        Some(several),
        &[],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("choose end, none, or a FILE.pdf"));
    // The library's words: the setting, not the flag.
    let output = cagey_with(&["print", "--bleed", "12", "-o", &out], Some(several), &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("a bleed of 12 mm is out of range: choose 0 to 10 mm"),
        "{}",
        stderr(&output)
    );
    let output = cagey_with(&["print", "-o", &out], Some(""), &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!pdf.exists());
}

/// The first puzzle of `corpora/random/several-5x5.kk`: six solutions, and a `# solution=`
/// comment holding one of them (the square it was generated from).
fn ambiguous_puzzle() -> String {
    let text = std::fs::read_to_string(corpus("random/several-5x5.kk")).unwrap();
    let block = text.split("\n\n").next().unwrap();
    assert!(block.contains("# solutions=6"), "{block}");
    format!("{}\n", block.trim())
}

#[test]
fn a_puzzle_with_several_solutions_is_refused_even_with_a_solution_comment() {
    // Regression: the `# solution=` comment was checked against the cages only, so a
    // puzzle with six solutions was printed with one of them as "the" answer.
    let dir = scratch("print-ambiguous");
    let with_comment = ambiguous_puzzle();
    let without: String = with_comment
        .lines()
        .filter(|line| !line.starts_with("# solution="))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(with_comment.contains("# solution=") && !without.contains("# solution="));
    for (name, text) in [("with.kk", &with_comment), ("without.kk", &without)] {
        let input = dir.join(name);
        std::fs::write(&input, text).unwrap();
        let pdf = dir.join(format!("{name}.pdf"));
        let output = cagey(&[
            "print",
            &input.to_string_lossy(),
            "-o",
            &pdf.to_string_lossy(),
        ]);
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stderr(&output));
        let error = stderr(&output);
        // Named by file, line (of its first cage) and number, as print names puzzles.
        let line = if text.contains("# solution=") { 8 } else { 7 };
        let place = format!("{name}, line {line} (puzzle 1)");
        assert!(error.contains(&place), "{error}");
        assert!(error.contains("more than one solution"), "{error}");
        assert!(error.contains("nothing written"), "{error}");
        assert!(!pdf.exists(), "{name}: nothing is written");
        // Nor when the answers go nowhere: a puzzle with several solutions is no puzzle.
        let output = cagey(&[
            "print",
            &input.to_string_lossy(),
            "--answers",
            "none",
            "-o",
            &pdf.to_string_lossy(),
        ]);
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stderr(&output));
        assert!(
            !pdf.exists(),
            "{name}: nothing is written without a key either"
        );
    }
}

/// The first `count` puzzles of a corpus file (blank-line separated, comments kept).
fn first_puzzles(relative: &str, count: usize) -> String {
    let text = std::fs::read_to_string(corpus(relative)).unwrap();
    let blocks: Vec<&str> = text
        .split("\n\n")
        .filter(|block| block.lines().any(|line| !line.starts_with('#')))
        .take(count)
        .collect();
    assert_eq!(blocks.len(), count, "{relative}");
    blocks.join("\n\n") + "\n"
}

/// One word of a page as `pdftotext -bbox` gives it: its text and font size.
#[derive(Debug)]
struct Word {
    page: usize,
    text: String,
    size: f64,
    /// The left edge of its box, in points from the page's left.
    left: f64,
}

/// DejaVu Sans's ascent less its descent, in em: poppler's word boxes are this many times
/// the font size high.
const BOX_PER_EM: f64 = 0.928 + 0.236;

/// Every word of `pdf` with the size it is set in, read back from its bounding box.
fn words(pdf: &Path) -> Vec<Word> {
    let html = String::from_utf8(poppler(
        "pdftotext",
        &["-bbox", &pdf.to_string_lossy(), "-"],
    ))
    .unwrap();
    let attribute = |line: &str, name: &str| -> f64 {
        let start = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[start..].split('"').next().unwrap().parse().unwrap()
    };
    let mut page = 0;
    let mut words = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page ") {
            page += 1;
        } else if line.starts_with("<word ") {
            let text = line.split('>').nth(1).unwrap().split('<').next().unwrap();
            let height = attribute(line, "yMax") - attribute(line, "yMin");
            words.push(Word {
                page,
                text: text.to_string(),
                size: height / BOX_PER_EM,
                left: attribute(line, "xMin"),
            });
        }
    }
    words
}

/// Whether `text` is a clue: a number, and a sign unless a killer sum.
fn is_clue(text: &str) -> bool {
    let number = text.trim_end_matches(['+', '−', '×', '÷']);
    !number.is_empty() && number.chars().all(|ch| ch.is_ascii_digit())
}

/// Prints `input` with `args` into a fresh PDF in `dir`, which must succeed.
fn print(dir: &Path, name: &str, input: &str, args: &[&str]) -> std::path::PathBuf {
    let file = dir.join(format!("{name}.kk"));
    std::fs::write(&file, input).unwrap();
    let pdf = dir.join(format!("{name}.pdf"));
    let (file, out) = (file.to_string_lossy(), pdf.to_string_lossy());
    let mut all = vec!["print", &file, "-o", &out];
    all.extend(args);
    let output = cagey(&all);
    assert_eq!(output.status.code(), Some(0), "{name}: {}", stderr(&output));
    pdf
}

#[test]
fn clues_are_text_of_at_least_7_pt_and_answers_digits_of_9_pt_in_every_layout() {
    let dir = scratch("print-sizes");
    let nine = first_puzzles("keen/keen_9dh.kk", 4);
    let six = first_puzzles("keen/keen_6dh.kk", 6);
    let killer = first_puzzles("killer-and-jigsaw.kk", 4);
    let twelve = first_puzzles("random/unique-12x12.kk", 2);
    // Name, puzzles, their count and side, options, and puzzles a page.
    type Layout<'a> = (&'a str, &'a str, usize, usize, &'a [&'a str], usize);
    let layouts: [Layout; 9] = [
        ("nine-4", &nine, 4, 9, &[], 4),
        ("nine-2", &nine, 4, 9, &["--per-page", "2"], 2),
        (
            "nine-1-letter",
            &nine,
            4,
            9,
            &["--per-page", "1", "--paper", "letter"],
            1,
        ),
        ("nine-4-letter", &nine, 4, 9, &["--paper", "letter"], 4),
        ("six-6", &six, 6, 6, &["--per-page", "6"], 6),
        (
            "six-6-letter",
            &six,
            6,
            6,
            &["--per-page", "6", "--paper", "letter"],
            6,
        ),
        ("killer-4", &killer, 4, 9, &[], 4),
        ("twelve", &twelve, 2, 12, &[], 2),
        ("twelve-1", &twelve, 2, 12, &["--per-page", "1"], 1),
    ];
    for (name, input, count, n, args, per_page) in layouts {
        let pdf = print(&dir, name, input, args);
        let puzzle_pages = count.div_ceil(per_page);
        let words = words(&pdf);
        let clues: Vec<&Word> = words
            .iter()
            .filter(|w| w.page <= puzzle_pages && is_clue(&w.text))
            .collect();
        assert!(clues.len() > 10 * count, "{name}: {} clues", clues.len());
        for clue in &clues {
            // Long clues may go down to 6 pt (set condensed), all others keep 7.
            let least = if clue.text.chars().count() >= 5 {
                5.95
            } else {
                6.95
            };
            assert!(clue.size >= least, "{name}: {clue:?}");
        }
        // Captions are no larger than the clues' usual size, and grow with them: a 9x9
        // alone on a page is no longer numbered in 7 pt under clues of 11.6 (#44).
        let mut sizes: Vec<f64> = clues.iter().map(|w| w.size).collect();
        sizes.sort_by(f64::total_cmp);
        let clue_size = sizes[sizes.len() / 2];
        for caption in words
            .iter()
            .filter(|w| w.text == "Puzzle" && w.page <= puzzle_pages)
        {
            assert!(
                caption.size <= clue_size.max(7.0) + 0.05,
                "{name}: {caption:?} over clues of {clue_size}"
            );
            assert!(
                caption.size >= (0.8 * clue_size).clamp(7.0, 11.0) - 0.05,
                "{name}: {caption:?} under clues of {clue_size}"
            );
        }
        // The answer key: digits of at least 9 pt; the only smaller words are the
        // captions, one per answer, and nothing else is there (no clues).
        let answers: Vec<&Word> = words.iter().filter(|w| w.page > puzzle_pages).collect();
        let small = answers.iter().filter(|w| w.size < 8.95).count();
        assert_eq!(small, count, "{name}: captions");
        let digits = answers
            .iter()
            .filter(|w| w.size >= 8.95 && w.text.chars().all(|ch| ch.is_ascii_digit()))
            .count();
        // One word per cell, plus the page numbers.
        assert!(digits >= count * n * n, "{name}: {digits} digits");
        assert!(answers
            .iter()
            .all(|w| !w.text.contains(['+', '×', '÷', '−'])));
    }
}

#[test]
fn a_clue_can_be_searched_for() {
    let dir = scratch("print-search");
    let pdf = print(&dir, "nine", &first_puzzles("keen/keen_9dh.kk", 1), &[]);
    let words = words(&pdf);
    // keen_9dh's first puzzle: `135*,21 30 39` and `144*,50 59 60`.
    for clue in ["135×", "144×", "35×", "2÷"] {
        assert!(
            words.iter().any(|w| w.page == 1 && w.text == clue),
            "{clue}"
        );
    }
}

/// Regression (#44): `--per-page 4` with a 12x12 in the book was refused; it is a cap each
/// size meets as it can, and each size has pages of its own.
#[test]
fn per_page_is_a_cap_each_size_meets_on_pages_of_its_own() {
    let dir = scratch("print-per-page");
    let mut input = first_puzzles("random/unique-12x12.kk", 3);
    input.push('\n');
    input.push_str(&easy_puzzles(7));
    let pdf = print(
        &dir,
        "mixed",
        &input,
        &["--per-page", "6", "--answers", "none"],
    );
    // Three 12x12s two to a page, then seven 4x4s six to a page from a page of their own.
    assert_eq!(page_count(&pdf), 2 + 2);
    let third = text(&pdf, 2, 2);
    assert!(
        third.contains("Puzzle 3 ·") && !third.contains("Puzzle 4 ·"),
        "{third}"
    );
    let fourth = text(&pdf, 3, 3);
    assert_eq!(fourth.matches("Puzzle ").count(), 6, "{fourth}");
}

#[test]
fn every_mark_is_grey_and_a_bleed_sets_the_trim_and_bleed_boxes() {
    let dir = scratch("print-grey");
    // KenDoku's shaded boxes and a killer's dashes: the marks most likely to be coloured.
    let mut input = first_puzzles("killer-and-jigsaw.kk", 1);
    input.push('\n');
    input.push_str(&std::fs::read_to_string(corpus("../docs/images/kendoku-6x6.kk")).unwrap());
    // The rules pages' examples too: a killer's and a KenDoku's.
    let pdf = print(
        &dir,
        "grey",
        &input,
        &["--bleed", "3", "--rules", "standard"],
    );
    let raw = std::fs::read(&pdf).unwrap();
    for name in ["/ICCBased", "/DeviceRGB", "/DeviceCMYK", "/ColorSpace"] {
        assert!(
            !raw.windows(name.len()).any(|w| w == name.as_bytes()),
            "{name}"
        );
    }
    // Every pixel of every page, in colour, is a grey: red, green and blue alike.
    let prefix = dir.join("page");
    poppler(
        "pdftoppm",
        &[
            "-r",
            "40",
            "-png",
            &pdf.to_string_lossy(),
            &prefix.to_string_lossy(),
        ],
    );
    let mut pages = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "png") {
            continue;
        }
        pages += 1;
        let mut reader =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()))
                .read_info()
                .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert_eq!(frame.color_type, png::ColorType::Rgb);
        for pixel in pixels[..frame.buffer_size()].chunks(3) {
            assert!(
                pixel[0] == pixel[1] && pixel[1] == pixel[2],
                "{path:?}: {pixel:?}"
            );
        }
    }
    // Two rules pages, each size's page, and the key.
    assert_eq!(pages, 2 + 2 + 1);
    // 3 mm of bleed on A4: the sheet is 216 x 303 mm, the trim the A4 page inside it.
    let info = String::from_utf8(poppler("pdfinfo", &["-box", &pdf.to_string_lossy()])).unwrap();
    let boxes: Vec<&str> = info.lines().filter(|l| l.contains("Box:")).collect();
    let find = |name: &str| {
        let line = boxes.iter().find(|l| l.starts_with(name)).unwrap();
        line.split_whitespace()
            .skip(1)
            .map(|n| n.parse::<f64>().unwrap().round() as i64)
            .collect::<Vec<_>>()
    };
    assert_eq!(find("MediaBox:"), [0, 0, 612, 859], "{info}");
    assert_eq!(find("BleedBox:"), [0, 0, 612, 859], "{info}");
    assert_eq!(find("TrimBox:"), [9, 9, 604, 850], "{info}");
}

#[test]
fn long_titles_wrap_and_characters_the_font_lacks_are_refused() {
    let dir = scratch("print-title");
    let title = "Forty cage puzzles for long winter evenings by the fire, graded from easy to hard";
    let pdf = print(&dir, "title", &easy_puzzles(1), &["--title", title]);
    let words = words(&pdf);
    let heading: Vec<&Word> = words
        .iter()
        .filter(|w| w.page == 1 && w.size > 15.0)
        .collect();
    // Every word of the title at full size, on two lines.
    assert_eq!(heading.len(), title.split(' ').count(), "{heading:?}");
    assert!(heading.iter().all(|w| (w.size - 16.0).abs() < 0.05));
    let lines = text(&pdf, 1, 1);
    assert!(
        lines.contains("Forty cage puzzles") && !lines.contains(title),
        "{lines}"
    );

    let input = dir.join("one.kk");
    std::fs::write(&input, easy_puzzles(1)).unwrap();
    let out = dir.join("cjk.pdf");
    let output = cagey(&[
        "print",
        &input.to_string_lossy(),
        "--title",
        "漢字 puzzles",
        "-o",
        &out.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("the title's character '漢' (U+6F22) is not in the font"),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists());
}

/// Guards #44: a book that holds one puzzle twice is printed, with a warning that names
/// both by number.
#[test]
fn print_warns_of_a_puzzle_that_repeats_another() {
    let dir = scratch("print-repeat");
    let input = dir.join("repeat.kk");
    let puzzles = easy_puzzles(3);
    let first = puzzles.split("\n\n").next().unwrap();
    std::fs::write(&input, format!("{puzzles}\n{first}\n")).unwrap();
    let pdf = dir.join("book.pdf");
    let output = cagey(&[
        "print",
        &input.to_string_lossy(),
        "-o",
        &pdf.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(
        said.contains("(puzzle 4): warning: the same solution as puzzle 1"),
        "{said}"
    );
    assert_eq!(said.matches("warning").count(), 1, "{said}");
}

/// Guards #44: `cagey print bad.kk 2>&1 | head -1` once ended in an abort (exit 134) when
/// the pipe closed before the last message. Here standard error is closed before the
/// command writes anything: the exit status is still the command's own.
#[test]
fn a_closed_standard_error_leaves_the_exit_status_alone() {
    let dir = scratch("print-closed-stderr");
    let input = dir.join("several.kk");
    let text = std::fs::read_to_string(corpus("random/several-5x5.kk")).unwrap();
    std::fs::write(&input, text).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagey"))
        .args(["print", &input.to_string_lossy(), "-o"])
        .arg(dir.join("book.pdf"))
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{status:?}");
}

/// Guards #44: "KenKen" is a trademark, once printed in every caption. The default name is
/// no one's, `--name` sets the book's own, and the levels can be stars or the book's words.
#[test]
fn captions_carry_the_books_name_and_level_words() {
    let dir = scratch("print-names");
    let input = easy_puzzles(3);
    let plain = print(&dir, "plain", &input, &[]);
    let words = text(&plain, 1, 1);
    assert!(words.contains("Puzzle 1 · Calcudoku 4×4 · easy"), "{words}");
    assert!(!words.contains("KenKen"), "{words}");

    for (flags, caption) in [
        (
            vec!["--name", "Mathdoku", "--level-names", "stars"],
            "Puzzle 2 · Mathdoku 4×4 · ★",
        ),
        (
            vec!["--level-names", "gentle,moderate,tough,fiendish,diabolical"],
            "Puzzle 3 · Calcudoku 4×4 · gentle",
        ),
    ] {
        let pdf = print(&dir, "named", &input, &flags);
        let words = text(&pdf, 1, 1);
        assert!(words.contains(caption), "{caption}\n{words}");
    }

    let output = cagey(&[
        "print",
        &dir.join("plain.kk").to_string_lossy(),
        "-o",
        &plain.to_string_lossy(),
        "--level-names",
        "easy,hard",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("five names separated by commas"),
        "{}",
        stderr(&output)
    );
}

/// Guards #44: a book made in several runs numbers on: the puzzles, their answers, the
/// pages and the warnings from where the last run stopped; nonsense is refused.
#[test]
fn numbering_goes_on_from_an_earlier_run() {
    let dir = scratch("print-first");
    let args = ["--first-number", "41", "--first-page", "12"];
    let pdf = print(&dir, "book", &easy_puzzles(5), &args);
    let input = dir.join("book.kk");
    let puzzles = text(&pdf, 1, 2);
    for number in 41..=45 {
        let caption = format!("Puzzle {number} · Calcudoku 4×4 · easy");
        assert_eq!(puzzles.matches(&caption).count(), 1, "{caption}\n{puzzles}");
    }
    assert!(!puzzles.contains("Puzzle 1 "), "{puzzles}");
    // The page numbers are the last word of each page.
    for (page, number) in [(1, "12"), (2, "13"), (3, "14")] {
        let words = text(&pdf, page, page);
        assert_eq!(words.split_whitespace().last(), Some(number), "{words}");
    }
    let answers: Vec<String> = text(&pdf, 3, 3)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    for number in 41..=45 {
        assert!(answers.contains(&number.to_string()), "{answers:?}");
    }
    for bad in ["0", "1000001"] {
        let output = cagey(&[
            "print",
            &input.to_string_lossy(),
            "-o",
            &pdf.to_string_lossy(),
            "--first-page",
            bad,
        ]);
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(
            stderr(&output).contains(&format!("a first page number of {bad} is out of range")),
            "{}",
            stderr(&output)
        );
    }
}

/// Guards #44: every trim size a puzzle book is printed in, and a binding margin that moves
/// the text block away from the spine: right on odd pages, left on even ones.
#[test]
fn trim_sizes_and_a_gutter_on_the_inner_side() {
    let dir = scratch("print-trim");
    let input = easy_puzzles(4);
    for (paper, width, height) in [
        ("a5", 419.5, 595.3),
        ("6x9", 432.0, 648.0),
        ("170x240", 481.9, 680.3),
    ] {
        let pdf = print(&dir, paper, &input, &["--paper", paper]);
        let info = String::from_utf8(poppler("pdfinfo", &[&pdf.to_string_lossy()])).unwrap();
        let size: Vec<f64> = info
            .lines()
            .find(|l| l.starts_with("Page size:"))
            .unwrap()
            .split_whitespace()
            .filter_map(|word| word.parse().ok())
            .collect();
        assert!(
            (size[0] - width).abs() < 0.5 && (size[1] - height).abs() < 0.5,
            "{paper}: {size:?}"
        );
    }
    let plain = print(&dir, "flat", &input, &["--paper", "a5", "--per-page", "1"]);
    let bound = print(
        &dir,
        "bound",
        &input,
        &["--paper", "a5", "--per-page", "1", "--gutter", "15"],
    );
    let caption_left = |pdf: &Path, page: usize| {
        words(pdf)
            .into_iter()
            .find(|w| w.page == page && w.text == "Puzzle")
            .unwrap()
            .left
    };
    // The text block narrows by the gutter, and its centre moves half the gutter away from
    // the binding: 15 mm is 42.5 points.
    let shift = |page| caption_left(&bound, page) - caption_left(&plain, page);
    let (odd, even) = (shift(1), shift(2));
    assert!((odd - even - 42.52).abs() < 1.0, "odd {odd}, even {even}");
    assert!(odd > 0.0 && even < 0.0, "odd {odd}, even {even}");
    for (flag, value, said) in [
        ("--gutter", "25", "a gutter of 25 mm is out of range"),
        (
            "--paper",
            "80x200",
            "each side of the paper must be 90 to 600 mm",
        ),
        ("--paper", "b5", "choose a4, a5, letter, 6x9"),
    ] {
        // The input `print` wrote for the flat booklet.
        let file = dir.join("flat.kk");
        let out = dir.join("refused.pdf");
        let output = cagey(&[
            "print",
            &file.to_string_lossy(),
            "-o",
            &out.to_string_lossy(),
            flag,
            value,
        ]);
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        assert!(stderr(&output).contains(said), "{}", stderr(&output));
    }
}

/// Guards #44: a Hebrew or Arabic title once printed left to right with its letters
/// unjoined, and exited 0. Until the booklet has a shaper, such text is refused, naming
/// the character, and nothing is written.
#[test]
fn right_to_left_text_is_refused_not_printed_reversed() {
    let dir = scratch("print-rtl");
    let input = dir.join("one.kk");
    std::fs::write(&input, easy_puzzles(1)).unwrap();
    let pdf = dir.join("book.pdf");
    for (flag, text, ch) in [
        ("--title", "חידות חשבון", "U+05D7"),
        ("--title", "ألغاز", "U+0623"),
        ("--name", "קלקודוקו", "U+05E7"),
    ] {
        let output = cagey(&[
            "print",
            &input.to_string_lossy(),
            "-o",
            &pdf.to_string_lossy(),
            flag,
            text,
        ]);
        assert_eq!(output.status.code(), Some(2), "{flag} {text}");
        let said = stderr(&output);
        assert!(
            said.contains(ch) && said.contains("written right to left"),
            "{said}"
        );
        assert!(!pdf.exists());
    }
}

/// Guards #44: the answer key was laid out for the largest grid, so sixty 6x6 answers and
/// one 16x16 took 31 pages rather than 3. Each size is now laid out for itself.
#[test]
fn each_size_of_answer_is_laid_out_for_itself() {
    let dir = scratch("print-mixed-key");
    let blocks = |file: &str| -> Vec<String> {
        std::fs::read_to_string(corpus(file))
            .unwrap()
            .split("# id=")
            .filter(|block| !block.trim().is_empty())
            .map(|block| format!("# id={}", block.trim()))
            .collect()
    };
    let mut puzzles = blocks("random/unique-6x6.kk");
    puzzles.truncate(40);
    assert_eq!(puzzles.len(), 40);
    puzzles.push(blocks("random/unique-12x12.kk").remove(0));
    let input = dir.join("mixed.kk");
    std::fs::write(&input, puzzles.join("\n\n") + "\n").unwrap();
    let (pdf, key) = (dir.join("book.pdf"), dir.join("key.pdf"));
    let output = cagey(&[
        "print",
        &input.to_string_lossy(),
        "-o",
        &pdf.to_string_lossy(),
        "--answers",
        &key.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // 40 6x6 answers fill two A4 pages at 4 by 5; the 12x12 starts a third.
    assert_eq!(page_count(&key), 3);
    let last = text(&key, 3, 3);
    assert!(last.split_whitespace().any(|w| w == "41"), "{last}");
}

/// The number at the end of a contents line (`How to play Calcudoku . . . 3`), and its text.
fn contents_line(line: &str) -> Option<(String, usize)> {
    let (text, page) = line.trim().rsplit_once(' ')?;
    let page = page.parse().ok()?;
    let text = text.trim_end_matches(['.', ' ']).trim().to_string();
    Some((text, page))
}

/// Issue #44: a book opens with a title page, its contents, and a page of rules for each
/// kind of puzzle in it, each with a worked example; the contents' page numbers are right.
#[test]
fn a_book_has_a_title_page_contents_and_rules_for_each_kind() {
    let dir = scratch("print-front");
    let mut input = easy_puzzles(5);
    input.push('\n');
    input.push_str(&first_puzzles("killer-and-jigsaw.kk", 1));
    let pdf = print(
        &dir,
        "front",
        &input,
        &[
            "--title",
            "Winter Cages",
            "--subtitle",
            "For long evenings",
            "--author",
            "The Setters",
            "--contents",
            "--rules",
            "standard",
            "--paper",
            "a5",
        ],
    );
    let title = text(&pdf, 1, 1);
    for words in [
        "Winter Cages",
        "For long evenings",
        "The Setters",
        "6 puzzles",
    ] {
        assert!(title.contains(words), "{words}: {title}");
    }
    let contents = text(&pdf, 2, 2);
    assert!(contents.contains("Contents"), "{contents}");
    let lines: Vec<(String, usize)> = contents.lines().filter_map(contents_line).collect();
    let texts: Vec<&str> = lines.iter().map(|(text, _)| text.as_str()).collect();
    assert_eq!(texts.len(), 5, "{contents}");
    assert!(texts[0].starts_with("How to play Calcudoku"), "{texts:?}");
    assert!(texts[1].starts_with("How to play Killer"), "{texts:?}");
    assert_eq!(texts[2], "Puzzles 1–5 · Calcudoku 4×4 · easy");
    assert!(texts[3].starts_with("Puzzle 6 · Killer"), "{texts:?}");
    assert_eq!(texts[4], "Answers");
    // Each line's page holds what it names.
    for (line, page) in &lines {
        let there = text(&pdf, *page, *page);
        // The key's heading is the title's: `Winter Cages (answers)`.
        let sought = match line.split(" · ").next().unwrap() {
            "Puzzles 1–5" => "Puzzle 1 ·",
            "Answers" => "(answers)",
            words => words,
        };
        assert!(there.contains(sought), "{line} on page {page}: {there}");
    }
    // A rules page explains its worked example's cages from the solution.
    let rules = text(&pdf, lines[0].1, lines[0].1);
    assert!(
        rules.contains("Every puzzle has exactly one solution."),
        "{rules}"
    );
    assert!(
        rules.contains("The 7+ cage in r3c1 and r4c1 holds 4 and 3"),
        "{rules}"
    );
    // The key comes last: the 4x4s' answers, then the larger 9x9's on a page of its own.
    assert_eq!(page_count(&pdf), lines[4].1 + 1);
}

#[test]
fn the_rules_can_be_the_book_s_own_or_none() {
    let dir = scratch("print-own-rules");
    let rules = dir.join("rules.txt");
    std::fs::write(
        &rules,
        "House rules\n\nFill every row\nand column.\n\nNo guessing.\n",
    )
    .unwrap();
    let rules = rules.to_string_lossy();
    let own = print(&dir, "own", &easy_puzzles(2), &["--rules", &rules]);
    // The rules page, the puzzles, the key.
    assert_eq!(page_count(&own), 3);
    let page = text(&own, 1, 1);
    for words in ["House rules", "Fill every row and column.", "No guessing."] {
        assert!(page.contains(words), "{words}: {page}");
    }
    let none = print(&dir, "none", &easy_puzzles(2), &["--rules", "none"]);
    assert_eq!(page_count(&none), 2);

    // A subtitle without a title, a rules file that is missing or empty: refused.
    let out = dir.join("refused.pdf");
    let out = out.to_string_lossy();
    let refused = |args: &[&str]| {
        let mut all = vec!["print", "-o", &out];
        all.extend(args);
        let output = cagey_with(&all, Some(&easy_puzzles(1)), &[]);
        (output.status.code(), stderr(&output))
    };
    let (code, message) = refused(&["--subtitle", "Sub"]);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("--title"), "{message}");
    let missing = dir.join("missing.txt");
    let (code, message) = refused(&["--rules", &missing.to_string_lossy()]);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("cannot read the rules file"), "{message}");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "\n\n").unwrap();
    let (code, message) = refused(&["--rules", &empty.to_string_lossy()]);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("the rules' text is empty"), "{message}");
    assert!(!dir.join("refused.pdf").exists());
}

/// `--pdfx 4`: PDF/X-4 as poppler reads it back (its subtype and version, the dates, the
/// XMP's PDF/X version), dated from SOURCE_DATE_EPOCH and the same bytes twice, with its
/// OutputIntent and file ID in the raw bytes; the plain booklet has none of it; a version
/// or a SOURCE_DATE_EPOCH it cannot write is refused, writing nothing.
#[test]
fn pdfx_4_is_read_back_by_poppler_and_dated_from_source_date_epoch() {
    let dir = scratch("print-pdfx");
    let input = dir.join("three.kk");
    std::fs::write(&input, easy_puzzles(3)).unwrap();
    let input = input.to_string_lossy().into_owned();
    let epoch = [("SOURCE_DATE_EPOCH", "1700000000")];
    let print = |out: &Path, extra: &[&str], env: &[(&str, &str)]| {
        let out = out.to_string_lossy();
        let mut args = vec![
            "print", &input, "--title", "Week 12", "--bleed", "3", "-o", &out,
        ];
        args.extend(extra);
        cagey_with(&args, None, env)
    };
    let (a, b, plain) = (dir.join("a.pdf"), dir.join("b.pdf"), dir.join("plain.pdf"));
    for pdf in [&a, &b] {
        let output = print(pdf, &["--pdfx", "4"], &epoch);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    }
    let bytes = std::fs::read(&a).unwrap();
    assert!(
        bytes == std::fs::read(&b).unwrap(),
        "the same inputs and date"
    );

    let info = String::from_utf8(poppler("pdfinfo", &["-isodates", &a.to_string_lossy()])).unwrap();
    for line in [
        "PDF version:     1.6",
        "PDF subtype:    PDF/X-4",
        "CreationDate:    2023-11-14T22:13:20Z",
        "ModDate:         2023-11-14T22:13:20Z",
        "Title:           Week 12",
    ] {
        assert!(info.contains(line), "{line}: {info}");
    }
    let meta = String::from_utf8(poppler("pdfinfo", &["-meta", &a.to_string_lossy()])).unwrap();
    for entry in [
        "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>",
        "<xmp:CreateDate>2023-11-14T22:13:20Z</xmp:CreateDate>",
        "<xmpMM:DocumentID>uuid:",
        "<pdf:Trapped>False</pdf:Trapped>",
    ] {
        assert!(meta.contains(entry), "{entry}: {meta}");
    }
    let raw = String::from_utf8_lossy(&bytes);
    for entry in [
        "/S /GTS_PDFX",
        "/DestOutputProfile ",
        "/Trapped /False",
        "/ID [<",
    ] {
        assert_eq!(raw.matches(entry).count(), 1, "{entry}");
    }

    let output = print(&plain, &[], &epoch);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let info = String::from_utf8(poppler("pdfinfo", &[&plain.to_string_lossy()])).unwrap();
    assert!(info.contains("PDF version:     1.7") && !info.contains("PDF subtype"));
    assert!(!info.contains("CreationDate"), "{info}");
    assert_eq!(
        poppler("pdfinfo", &["-meta", &plain.to_string_lossy()]),
        b""
    );

    let refused = dir.join("refused.pdf");
    let output = print(&refused, &["--pdfx", "3"], &epoch);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("only PDF/X-4 is written"));
    let output = print(
        &refused,
        &["--pdfx", "4"],
        &[("SOURCE_DATE_EPOCH", "yesterday")],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("SOURCE_DATE_EPOCH=\"yesterday\" is not a number"));
    assert!(!refused.exists());
}
