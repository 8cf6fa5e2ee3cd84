//! The streaming [`Reader`] against [`parse_all`]: over every file of the corpora and the
//! fuzzers' seeds, read in every format, and over random texts, the reader yields the same
//! entries and the same errors (with the same line numbers) as parsing the whole text.

use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use cagey::formats::{self, Entry, Format, ParseError, ReadError, Reader};
use proptest::prelude::*;

/// What the reader yields, in the terms of `parse_all`; an I/O error cannot happen on text
/// in memory and fails the test.
fn stream(
    reader: impl Iterator<Item = Result<Entry, ReadError>>,
) -> Vec<Result<Entry, ParseError>> {
    reader
        .map(|result| {
            result.map_err(|error| match error {
                ReadError::Parse { error, .. } => error,
                ReadError::Io { line, error } => panic!("line {line}: {error}"),
            })
        })
        .collect()
}

/// Checks the reader against `parse_all` on `text`: detected, and in each format; through
/// a buffer of the default size and through one of a single byte, so that lines arrive in
/// pieces.
fn assert_same(text: &str, name: &str) {
    let detected = formats::detect(text);
    let whole = formats::parse_all(detected, text);
    assert_eq!(
        stream(Reader::new(text.as_bytes())),
        whole,
        "{name}: detected"
    );
    let tiny = BufReader::with_capacity(1, text.as_bytes());
    assert_eq!(
        stream(Reader::new(tiny)),
        whole,
        "{name}: one byte at a time"
    );
    let mut reader = Reader::new(text.as_bytes());
    reader.by_ref().for_each(drop);
    assert_eq!(
        reader.format(),
        Some(detected),
        "{name}: the detected format"
    );
    for format in Format::ALL {
        assert_eq!(
            stream(Reader::with_format(text.as_bytes(), format)),
            formats::parse_all(format, text),
            "{name}: as {format}"
        );
    }
}

/// Every file under `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn reads_every_corpus_file_and_seed_as_parse_all_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut checked = 0;
    for dir in ["corpora", "fuzz/seeds", "fuzz/regressions"] {
        for path in files(&root.join(dir)) {
            // Fuzz inputs may be any bytes; the reader's line-by-line UTF-8 check is tested
            // on its own below.
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            assert_same(&text, &path.display().to_string());
            checked += 1;
        }
    }
    assert!(checked >= 80, "only {checked} files found");
}

#[test]
fn names_the_line_of_each_puzzle_in_string_formats() {
    let text = "# two Keen IDs and a bad one\n4:a_7a__a_aaba,d2s2m8m3d2a6a4s1\n\n9dx#17\n";
    let results: Vec<_> = Reader::new(text.as_bytes()).collect();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].as_ref().unwrap().line, 2);
    let error = results[1].as_ref().unwrap_err();
    assert_eq!(error.line(), Some(4));
    assert!(
        error
            .to_string()
            .starts_with("line 4: keen format, \"9dx#17\""),
        "{error}"
    );
}

#[test]
fn names_where_a_kk_puzzle_starts_when_its_error_is_about_all_of_it() {
    // The second puzzle lacks cell 3: its error names no line, the reader adds its start.
    let text = "3+,0 1\n1,2\n2,3\n\n# id=b\n3+,0 1\n3+,2\n";
    let results: Vec<_> = Reader::new(text.as_bytes()).collect();
    assert_eq!(results.len(), 2);
    let error = results[1].as_ref().unwrap_err();
    assert_eq!(error.line(), Some(6));
    assert_eq!(
        error.to_string(),
        "line 6: kk format, the cages cover 3 of the 4 cells of a 2x2 grid; in no cage: 3"
    );
}

#[test]
fn stops_at_a_line_that_is_not_utf8_after_what_came_before() {
    let mut bytes = b"3+,0 1\n1,2\n2,3\n\n3+,0 1\n".to_vec();
    bytes.extend_from_slice(b"1,\xff2\n2,3\n\n3+,0 1\n1,2\n2,3\n");
    let results: Vec<_> = Reader::new(&bytes[..]).collect();
    assert_eq!(results.len(), 2, "{results:?}");
    assert!(results[0].is_ok());
    let error = results[1].as_ref().unwrap_err();
    assert!(matches!(error, ReadError::Io { line: 6, .. }), "{error:?}");
    assert!(error.to_string().contains("not UTF-8"), "{error}");
}

#[test]
fn detects_json_arrays_as_convert_writes_them() {
    let text = "[\n{\"size\": 1, \"cages\": [{\"op\": \"=\", \"target\": 1, \"cells\": [[0, 0]]}]},\n{\"size\": 1, \"cages\": [{\"op\": \"=\", \"target\": 1, \"cells\": [[0, 0]]}]}\n]\n";
    assert_eq!(formats::detect(text), Format::Json);
    let entries: Vec<_> = Reader::new(text.as_bytes()).collect();
    assert_eq!(entries.len(), 2);
    assert!(entries.iter().all(Result::is_ok));
}

#[test]
fn holds_one_puzzle_at_a_time() {
    // A reader over an endless stream of puzzles yields the first ones without reaching
    // the end: it does not read ahead more than a puzzle.
    let puzzle = "3+,0 1\n1,2\n2,3\n\n";
    let cycle = puzzle.as_bytes().iter().copied().cycle();
    let reader = BufReader::new(IterRead(cycle));
    let lines: Vec<usize> = Reader::new(reader)
        .take(1000)
        .map(|entry| entry.unwrap().line)
        .collect();
    // Each puzzle takes four lines, the blank one included.
    assert_eq!(lines[999], 999 * 4 + 1);
}

/// A `Read` over an iterator of bytes: an input that never ends.
struct IterRead<I>(I);

impl<I: Iterator<Item = u8>> std::io::Read for IterRead<I> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        for (slot, byte) in buffer.iter_mut().zip(&mut self.0) {
            *slot = byte;
            n += 1;
        }
        Ok(n)
    }
}

/// Lines of every kind the formats know, good and bad, to build random texts from.
const LINES: &[&str] = &[
    "",
    "   ",
    "\r",
    "# a comment",
    "# id=x",
    "# boxes",
    "# killer",
    "# 4",
    "# 2",
    "1,0",
    "3+,0 1",
    "1,2",
    "2,3",
    "2,2",
    "1,3",
    "11+,1 2 5 6",
    "4+,3 7",
    "8*,4 8 9",
    "1-,10 11",
    "7+,12 13",
    "2%,14 15",
    "2%,14 14",
    "3+ 0 1",
    "+\t3\tA1 B1",
    "!\t1\tA2",
    "+\t3\tB2",
    "ab",
    "ab\r",
    "cc",
    "a 1",
    "b 3+",
    "c 2/",
    "4:a_7a__a_aaba,d2s2m8m3d2a6a4s1",
    "9dx#17",
    "K6C02ff00cr5oaz",
    "{\"size\": 1, \"cages\": [{\"op\": \"=\", \"target\": 1, \"cells\": [[0, 0]]}]}",
    "[",
    "]",
    ",",
];

proptest! {
    #[test]
    fn reads_random_texts_as_parse_all_does(
        picks in prop::collection::vec(0..LINES.len(), 0..40),
        crlf: bool,
        final_newline: bool,
    ) {
        let end = if crlf { "\r\n" } else { "\n" };
        let mut text = picks.iter().map(|&i| LINES[i]).collect::<Vec<_>>().join(end);
        if final_newline {
            text.push_str(end);
        }
        assert_same(&text, &format!("{text:?}"));
    }
}
