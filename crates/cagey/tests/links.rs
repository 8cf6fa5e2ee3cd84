//! The links and strings Killer Sudoku players share, on real data from public projects'
//! tests (`tests/links/`, each file naming its source), round trips through every link
//! writer, the traps links meet on the way (`+` read as a space, percent-escapes), and
//! property tests that no input makes a link reader panic.

use std::path::Path;

use cagey::formats::{self, Entry, Format};
use cagey::model::{Grid, Puzzle};
use cagey::solve::{self, Limits, Outcome};
use proptest::prelude::*;

fn file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Reads `text` with its format detected, expecting `format` and one puzzle.
fn read(text: &str, format: Format) -> Entry {
    let (detected, mut results) =
        formats::parse_detected(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(detected, format, "{text}");
    results.remove(0).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The puzzle's one solution, or a panic naming what the solver found.
fn unique_solution(entry: &Entry) -> Grid {
    let report = solve::default_solver()
        .solve(&entry.puzzle, &Limits::solutions(2))
        .unwrap();
    match report.outcome {
        Outcome::Unique(grid) => grid,
        other => panic!("not unique: {other:?}"),
    }
}

/// Whether two puzzles are the same puzzle: the same cages, givens and rules, and regions
/// that part the grid alike (Solo numbers jigsaw regions its own way).
fn assert_same(a: &Puzzle, b: &Puzzle, context: &str) {
    let n = a.size();
    let houses = |p: &Puzzle| {
        let mut houses = p.regions().houses(n);
        houses.sort();
        houses
    };
    assert_eq!(a.cages(), b.cages(), "{context}");
    assert_eq!(houses(a), houses(b), "{context}");
    assert_eq!(a.options(), b.options(), "{context}");
    assert_eq!(a.kind(), b.kind(), "{context}");
    assert!(a.cells().all(|c| a.given(c) == b.given(c)), "{context}");
}

/// How many link formats hold a 9x9 Killer: all six (SudokuPad's two payloads among them),
/// less Solo when a cell is outside every cage or a cage joins at a corner.
fn killer_writers(entry: &Entry) -> usize {
    if entry.puzzle.uncovered().next().is_some() || entry.puzzle.options().corner_cages {
        5
    } else {
        6
    }
}

/// Every link format that can hold `entry`'s puzzle writes it, and what it writes is
/// detected as that format (as `sudokupad` for `sudokupad-scl`, whose links SudokuPad's
/// one reader reads) and reads back as the same puzzle.
fn round_trips(entry: &Entry) -> usize {
    let mut written = 0;
    for format in Format::ALL.into_iter().filter(|f| f.is_link()) {
        let Ok(text) = formats::write(format, entry) else {
            continue;
        };
        let back = read(&text, format.reader());
        assert_same(&back.puzzle, &entry.puzzle, &format!("{format}: {text}"));
        written += 1;
    }
    written
}

#[test]
fn the_forum_killer_strings_read_solve_to_their_solutions_and_round_trip() {
    let text = file("tests/links/killer_strings_sigh.txt");
    let (mut checked, mut corners) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (string, solution) = line.split_once(' ').unwrap();
        let format = if string.starts_with("3x3") {
            Format::LongKiller
        } else {
            Format::ShortKiller
        };
        // One of the long killers has a cage joined corner to corner (a diagonal of three
        // cells): read with the model's corner_cages on, and written only by the formats
        // that can say so (the forum strings, f-puzzles, SudokuPad; not Solo).
        let entry = formats::parse_all(format, string).remove(0).unwrap();
        if entry.puzzle.options().corner_cages {
            corners += 1;
            let error = formats::write(Format::Kk, &entry).unwrap_err().to_string();
            assert!(error.contains("joins at a corner"), "{error}");
            // Drawn as any other: each cell's label and outline, no error.
            use cagey::render::{svg, terminal, Contents};
            let picture = svg::render(&entry.puzzle, Contents::NONE, &svg::Options::default());
            assert!(picture.is_ok_and(|p| p.contains("<svg")));
            let text = terminal::draw(&entry.puzzle, Contents::NONE, &terminal::Options::default());
            assert!(text.is_ok());
        }
        assert_eq!(formats::detect(string), format);
        let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        let expected = Grid::from_digits(9, digits).unwrap();
        assert_eq!(cagey::check(&entry.puzzle, &expected), Ok(()), "{string}");
        assert_eq!(unique_solution(&entry), expected, "{string}");
        // Short, long, Solo, f-puzzles and SudokuPad (both payloads) all hold a 9x9 Killer.
        assert_eq!(round_trips(&entry), killer_writers(&entry), "{string}");
        checked += 1;
    }
    assert_eq!((checked, corners), (10, 1));
}

/// Issue #45: a diagonal long killer (`3x3:d:k:`), refused before cagey had the diagonal
/// rule, reads as a Killer X: the first of the forum strings with its header made
/// diagonal.
#[test]
fn a_diagonal_long_killer_reads_as_a_killer_x() {
    let text = file("tests/links/killer_strings_sigh.txt");
    let long = text
        .lines()
        .find(|line| line.starts_with("3x3::k:"))
        .and_then(|line| line.split_whitespace().next())
        .expect("a long killer string");
    let plain = formats::parse_all(Format::LongKiller, long)
        .remove(0)
        .unwrap();
    let crossed = long.replacen("3x3::k:", "3x3:d:k:", 1);
    let entry = formats::parse_all(Format::LongKiller, &crossed)
        .remove(0)
        .unwrap();
    assert!(entry.puzzle.options().diagonals);
    assert!(!plain.puzzle.options().diagonals);
    assert_eq!(entry.puzzle.cages(), plain.puzzle.cages());
}

#[test]
fn dclamage_sudokusolver_killer_link_reads_and_solves_uniquely() {
    // SudokuSolver's SumConstraintTests.cs: "a killer-cage-only puzzle" it checks unique.
    let link = file("tests/links/fpuzzles_dclamage_killer.txt");
    let entry = read(&link, Format::Fpuzzles);
    assert!(entry.puzzle.options().killer);
    assert_eq!(entry.puzzle.cages().len(), 17);
    let grid = unique_solution(&entry);
    assert_eq!(cagey::check(&entry.puzzle, &grid), Ok(()));
    assert_eq!(round_trips(&entry), killer_writers(&entry));
    // The same payload on SudokuPad, and after the trip through a form (`+` as a space) and
    // an escaping address bar (`%2B`).
    let payload = link.trim().split_once("load=").unwrap().1;
    for copy in [
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/fpuz{}", payload.replace('+', " ")),
        format!(
            "https://f-puzzles.com/?load={}",
            payload.replace('+', "%2B")
        ),
        payload.replace('+', " "),
    ] {
        let format = if copy.contains("sudokupad") {
            Format::SudokuPad
        } else {
            Format::Fpuzzles
        };
        assert_eq!(read(&copy, format).puzzle, entry.puzzle, "{copy}");
    }
}

#[test]
fn dclamage_sudokusolver_innie_link_reads_its_two_cages() {
    // SudokuSolver's SumConstraintTests.cs: two cages that leave innie cells.
    let entry = read(
        &file("tests/links/fpuzzles_dclamage_innie.txt"),
        Format::Fpuzzles,
    );
    assert_eq!(entry.puzzle.cages().len(), 2);
    assert_eq!(entry.puzzle.cages()[1].target(), 33);
}

#[test]
fn the_killer_jigsaws_and_kendoku_of_the_puzzles_folder_round_trip() {
    for (name, expected) in [
        ("puzzles/killer.kk", 6),
        ("puzzles/jigsaw.kk", 0),
        ("puzzles/kendoku.kk", 3),
        ("puzzles/kk1.kk", 3),
        ("puzzles/p4.kk", 3),
    ] {
        for entry in formats::parse_all(Format::Kk, &file(name)) {
            let entry = entry.unwrap();
            let written = round_trips(&entry);
            if expected > 0 {
                assert!(written >= expected, "{name}: {written} link formats");
            }
        }
    }
}

#[test]
fn killer_jigsaws_of_the_corpus_round_trip_through_solo_fpuzzles_and_sudokupad() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora/killer-and-jigsaw.kk"),
    )
    .unwrap();
    let mut jigsaws = 0;
    for entry in formats::parse_all(Format::Kk, &text).into_iter().flatten() {
        let written = round_trips(&entry);
        assert!(written >= 3, "{written}");
        if matches!(entry.puzzle.regions(), cagey::model::Regions::Jigsaw(_)) {
            jigsaws += 1;
        }
    }
    assert!(jigsaws > 0);
}

#[test]
fn pzprjs_factors_link_reads_by_detection() {
    let entry = read(
        "https://puzz.link/p?factors/5/5/rvvcm9jf54653-28ca2833-14",
        Format::Factors,
    );
    let grid = unique_solution(&entry);
    assert_eq!(grid.row_text(0), "5 4 3 2 1");
    // pzv.jp addresses name the same puzzles.
    let pzv = read(
        "http://pzv.jp/p.html?factors/5/5/rvvcm9jf54653-28ca2833-14",
        Format::Factors,
    );
    assert_eq!(pzv.puzzle, entry.puzzle);
}

#[test]
fn refusals_say_what_the_target_cannot_hold() {
    let kenken = formats::parse_all(Format::Kk, &file("puzzles/kk0.kk"))
        .remove(0)
        .unwrap();
    for (format, words) in [
        (Format::ShortKiller, "9x9 Killer Sudoku only"),
        (Format::LongKiller, "9x9 Killer Sudoku only"),
        (Format::Solo, "Killer cages"),
        (Format::Penpa, "does not write"),
        (Format::Factors, "products only"),
    ] {
        let error = formats::write(format, &kenken).unwrap_err().to_string();
        assert!(error.contains(words), "{format}: {error}");
    }
}

/// The link formats, for the property tests.
fn link_formats() -> Vec<Format> {
    Format::ALL.into_iter().filter(|f| f.is_link()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// No text makes a link reader panic, and detection on it neither.
    #[test]
    fn no_text_makes_a_link_reader_panic(text in "\\PC{0,120}") {
        for format in link_formats() {
            let _ = formats::parse_all(format, &text);
        }
        let _ = formats::parse_detected(&text);
    }

    /// Near misses: real links with a character changed, cut short, or doubled; every reader
    /// answers with a puzzle or an error.
    #[test]
    fn damaged_links_are_errors_not_panics(at in 0usize..2000, with in "[A-Za-z0-9+/=_:,.<>^v`'-]", cut in 0usize..2000) {
        let killer = file("tests/links/fpuzzles_dclamage_killer.txt");
        let strings = file("tests/links/killer_strings_sigh.txt");
        let mut samples: Vec<String> = strings
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split(' ').next())
            .map(str::to_string)
            .collect();
        samples.push(killer.trim().to_string());
        samples.push("https://puzz.link/p?factors/5/5/rvvcm9jf54653-28ca2833-14".into());
        samples.push(file("tests/links/penpa_lisudoku.txt").trim().to_string());
        let zipped = formats::write(Format::SudokuPad, &formats::parse_all(Format::Kk, &file("puzzles/killer.kk")).remove(0).unwrap()).unwrap();
        samples.push(zipped);
        samples.push(formats::write(Format::Solo, &formats::parse_all(Format::Kk, &file("puzzles/killer.kk")).remove(0).unwrap()).unwrap());
        for sample in samples {
            let chars: Vec<char> = sample.chars().collect();
            let i = at % chars.len();
            let mut changed = chars.clone();
            changed[i] = with.chars().next().unwrap();
            let changed: String = changed.into_iter().collect();
            let short: String = chars[..cut % chars.len()].iter().collect();
            for text in [changed, short] {
                for format in link_formats() {
                    let _ = formats::parse_all(format, &text);
                }
            }
        }
    }
}

#[test]
fn sakana_sudoku_bench_scl_link_unpacks_its_zipped_json() {
    // SakanaAI/Sudoku-Bench's README: "parity fish" by Marty Sears, SudokuPad's zipped JSON
    // (single quotes, bare keys, `\'` and `\n` in its rules). It reads to the end and is
    // refused for what it is: a sudoku with lines and dots, and no cage.
    let link = file("tests/links/sudokupad_sakana_parity_fish.txt");
    let error = formats::parse_all(Format::SudokuPad, &link)
        .remove(0)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "sudokupad format, a cage puzzle needs at least one cage, and this one has none"
    );
    // The same README's short link is a server id: refused offline, and said so.
    let error = formats::parse_all(Format::SudokuPad, "https://sudokupad.app/wsj7iunsg6")
        .remove(0)
        .unwrap_err();
    assert!(
        error.to_string().contains("cannot be read offline"),
        "{error}"
    );
}

#[test]
fn solo_generated_killer_ids_read_solve_uniquely_and_write_back_byte_for_byte() {
    let text = file("tests/links/solo_generated.txt");
    let mut checked = 0;
    for id in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let entry = read(id, Format::Solo);
        let grid = unique_solution(&entry);
        assert_eq!(cagey::check(&entry.puzzle, &grid), Ok(()), "{id}");
        let written = formats::write(Format::Solo, &entry).unwrap();
        let params = id.split(':').next().unwrap();
        let (_, desc) = id.split_once(':').unwrap();
        // Solo's difficulty parameter is not part of the puzzle; the description is.
        assert_eq!(written.split_once(':').unwrap().1, desc, "{id}");
        assert!(
            params.starts_with(written.split(':').next().unwrap()),
            "{id}"
        );
        assert!(round_trips(&entry) >= 3, "{id}");
        checked += 1;
    }
    assert_eq!(checked, 5);
}

#[test]
fn marktekfan_penpa_links_unpack_and_are_refused_for_what_they_are() {
    let text = file("tests/links/penpa_marktekfan.txt");
    let mut reasons = Vec::new();
    for link in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let error = read_error(link, Format::Penpa);
        // Unpacking never fails on a real link: each refusal is about the puzzle itself.
        assert!(!error.contains("does not unpack"), "{error}");
        reasons.push(error);
    }
    assert_eq!(reasons.len(), 8);
    assert!(reasons.iter().any(|r| r.contains("at least one cage")));
    assert!(reasons.iter().any(|r| r.contains("\"tri\"")));
    assert!(reasons.iter().any(|r| r.contains("thermometers")));
}

/// The error `format`'s reader gives `text`.
fn read_error(text: &str, format: Format) -> String {
    formats::parse_all(format, text)
        .remove(0)
        .unwrap_err()
        .to_string()
}

#[test]
fn a_link_whose_double_slash_was_collapsed_reads_as_written() {
    // Some copies collapse `//` to `/` (address normalisers do it to paths). Among the
    // 16x16 corpus puzzles some links have a `//` in their payload; each reads back the same
    // after the collapse, as SudokuPad repairs it.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora/random/unique-16x16.kk"),
    )
    .unwrap();
    let mut repaired = 0;
    for entry in formats::parse_all(Format::Kk, &text).into_iter().flatten() {
        for format in [Format::Fpuzzles, Format::SudokuPad, Format::SudokuPadScl] {
            let link = formats::write(format, &entry).unwrap();
            let (scheme, payload) = link.split_once("://").unwrap();
            if !payload.contains("//") {
                continue;
            }
            let collapsed = format!("{scheme}://{}", payload.replacen("//", "/", 1));
            let back = read(&collapsed, format.reader());
            assert_eq!(back.puzzle, entry.puzzle, "{collapsed}");
            repaired += 1;
        }
    }
    assert!(repaired >= 2, "{repaired}");
}

/// Guards #45: the address of a site cagey reads no links of was read as a kk cage line and
/// refused for its missing comma; it is refused as a link, naming its site and the sites
/// cagey reads, by kk alone (no list of twelve formats' refusals).
#[test]
fn a_link_to_another_site_names_its_site_and_the_sites_read() {
    for (link, host) in [
        ("https://tinyurl.com/abc", "tinyurl.com"),
        (
            "https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=000ABC",
            "logic-masters.de",
        ),
    ] {
        let (format, results) = formats::parse_detected(link).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(format, Format::Kk);
        let error = results[0].as_ref().unwrap_err().to_string();
        assert!(
            error.contains(&format!(
                "is a link to {host}, a site whose links cagey does not read"
            )),
            "{error}"
        );
        assert!(!error.contains("comma"), "{error}");
        for site in ["f-puzzles.com", "sudokupad.app", "penpa-edit", "puzz.link"] {
            assert!(error.contains(site), "{site}: {error}");
        }
        // The streaming reader (the command line's) says the same.
        let read = formats::Reader::new(link.as_bytes()).next().unwrap();
        assert!(read.unwrap_err().to_string().contains(host));
    }
}

/// Guards #45: an error about one cage named it "cage 0", counted from 0 and naming no
/// cell; it names the cage by its clue and first cell.
#[test]
fn a_cage_in_an_error_is_named_by_its_clue_and_first_cell() {
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R2C1","R2C3"],"value":"4"}]}"#;
    let link = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    );
    let error = read_error(&link, Format::Fpuzzles);
    assert_eq!(
        error,
        "fpuzzles format, cage 4+ at r2c1: its cells are not connected (each cell must share a side with another)"
    );
    // A cage whose cells touch nowhere, in a format that allows corners, too.
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "killercage":[{"cells":["R1C1","R1C3"],"value":"4"}]}"#;
    let link = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    );
    let error = read_error(&link, Format::Fpuzzles);
    assert!(
        error.contains("cage 4+ at r1c1: its cells are not connected"),
        "{error}"
    );
}

/// The JSON a written f-puzzles or SudokuPad link packs.
fn unpacked(link: &str) -> serde_json::Value {
    let payload = link
        .rsplit_once("load=")
        .or_else(|| link.rsplit_once("/fpuzzles"))
        .unwrap()
        .1;
    let wide = lz_str::decompress_from_base64(payload).unwrap();
    serde_json::from_str(&String::from_utf16(&wide).unwrap()).unwrap()
}

/// Guards #45: written links lost the title, author, rules and solution (SudokuPad then
/// says "Untitled", "No rules" and cannot check the answer) and wrote a one-cell given cage
/// as a cage. A forum killer with one-cell cages and its solution, given a title, author and
/// rules of two lines, writes them all as f-puzzles' keys and its one-cell cages as givens,
/// and reads back the same, through both sites and through SudokuPad's own JSON.
#[test]
fn written_links_keep_what_players_need_and_read_back() {
    let text = file("tests/links/killer_strings_sigh.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let (string, solution) = line.split_once(' ').unwrap();
    let forum = read(string, Format::ShortKiller);
    // Its smallest cage split into one-cell given cages of its solution's digits.
    let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
    let mut cages = forum.puzzle.cages().to_vec();
    let pair = (0..cages.len())
        .min_by_key(|&i| cages[i].cells().len())
        .unwrap();
    let split = cages.remove(pair);
    for &cell in split.cells() {
        cages.push(cagey::model::Cage::given(cell, digits[cell.index()]));
    }
    let puzzle = cagey::model::Puzzle::builder(9)
        .cages(cages)
        .regions(forum.puzzle.regions().clone())
        .options(forum.puzzle.options())
        .build()
        .unwrap();
    let mut entry = Entry::new(puzzle);
    entry.comments = vec![
        "title=Forum killer".into(),
        "author=A setter".into(),
        "rules=Normal killer rules.\\nCages may not repeat digits.".into(),
        format!("solution={solution}"),
    ];
    let ones: Vec<_> = entry
        .puzzle
        .cages()
        .iter()
        .filter(|c| c.cells().len() == 1)
        .map(|c| (c.cells()[0], c.target()))
        .collect();
    for format in [Format::Fpuzzles, Format::SudokuPad] {
        let link = formats::write(format, &entry).unwrap();
        let json = unpacked(&link);
        assert_eq!(json["title"], "Forum killer", "{format}");
        assert_eq!(json["author"], "A setter");
        assert_eq!(
            json["ruleset"],
            "Normal killer rules.\nCages may not repeat digits."
        );
        let digits: Vec<u64> = solution.bytes().map(|b| u64::from(b - b'0')).collect();
        assert_eq!(json["solution"], serde_json::json!(digits));
        for &(cell, digit) in &ones {
            let (r, c) = (cell.row(9), cell.col(9));
            assert_eq!(json["grid"][r][c]["value"], digit, "{format}");
            assert_eq!(json["grid"][r][c]["given"], true);
        }
        let cages = json["killercage"].as_array().unwrap();
        assert!(cages
            .iter()
            .all(|c| c["cells"].as_array().unwrap().len() > 1));
        assert_eq!(cages.len() + ones.len(), entry.puzzle.cages().len());
        let back = read(&link, format);
        assert_eq!(back.puzzle, entry.puzzle, "{format}");
        assert_eq!(back.comments, entry.comments, "{format}");
    }
    // SudokuPad's own JSON carries them as its metadata cages, the one-cell cages as values
    // in their cells, and reads back the same.
    let link = formats::write(Format::SudokuPadScl, &entry).unwrap();
    let payload = link.strip_prefix("https://sudokupad.app/scl").unwrap();
    let wide = lz_str::decompress_from_base64(payload).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&String::from_utf16(&wide).unwrap()).unwrap();
    let cages = json["cages"].as_array().unwrap();
    let metadata: Vec<&str> = cages
        .iter()
        .filter(|c| c["cells"] == serde_json::json!([]))
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(
        metadata,
        [
            "title: Forum killer".to_string(),
            "author: A setter".into(),
            "rules: Normal killer rules.\nCages may not repeat digits.".into(),
            format!("solution: {solution}")
        ]
    );
    for &(cell, digit) in &ones {
        let (r, c) = (cell.row(9), cell.col(9));
        assert_eq!(json["cells"][r][c], serde_json::json!({"value": digit}));
    }
    assert_eq!(
        cages.len() - metadata.len() + ones.len(),
        entry.puzzle.cages().len()
    );
    let back = read(&link, Format::SudokuPad);
    assert_eq!(back.puzzle, entry.puzzle);
    assert_eq!(back.comments, entry.comments);
}
