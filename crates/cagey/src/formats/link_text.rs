//! What the link formats share: taking a payload out of a pasted address, undoing what the
//! way from one player to another does to it, lz-string and DEFLATE packing, and the labels
//! of arithmetic cages drawn on sites that check no arithmetic.
//!
//! A link passes through chat programs, forums and address bars before it reaches cagey, and
//! two things happen to it on the way (`../shared/formats/killer-links.md`):
//!
//! - a `+` of a base64 payload in a query string arrives as a space (form decoding reads `+`
//!   as a space), so spaces are put back as `+`;
//! - some copies collapse `//` to `/` (address normalisers do it to paths), so a payload that
//!   does not unpack is tried again with each lone `/` doubled, as SudokuPad itself does.
//!
//! Percent-escapes (`%2B`) are undone too. lz-string decoding fails on few bad inputs: it
//! mostly returns garbage, so every caller checks what comes out (JSON that parses).
//!
//! Every unpacking is bounded, in what it outputs and in the work of all its tries
//! ([`MAX_PAYLOAD`], [`MAX_UNPACKED`], [`MAX_WORK`]): a payload of a hundred kilobytes can
//! be written to unpack to gigabytes.

use thiserror::Error;

use super::lz_string::{self, LzError};
use crate::model::Operation;

/// The longest payload read, in characters: a 16x16 f-puzzles payload with every cell caged
/// is a few kilobytes; past this the text is not a link someone shares.
pub(crate) const MAX_PAYLOAD: usize = 1 << 20;

/// The most text a payload unpacks to: UTF-16 code units for lz-string (f-puzzles,
/// SudokuPad), bytes for DEFLATE (Penpa+). The fullest puzzles are far below it: a 32x32
/// SudokuPad JSON with every cell caged in pairs and a thousand characters of rules is
/// 39 KB, a 32x32 in f-puzzles' shape with every cell given, in a region and pencil-marked
/// with all 32 digits twice is 306 KB, and the real links in `tests/links/` unpack to 3 KB
/// at most. A mebibyte is three times the fullest of them, while an unpacking that would go
/// past it, which only a crafted payload does, stops there in milliseconds.
pub(crate) const MAX_UNPACKED: usize = 1 << 20;

/// What one payload's unpackings may output all together, the plain one and every `//`
/// repair: four times the cap, so that no payload costs more than a few unpackings that
/// reach the cap. Every lone slash of a 9x9 link (a few thousand characters, unpacking to
/// ten or twenty thousand) is tried well within it.
const MAX_WORK: usize = 4 * MAX_UNPACKED;

/// How many repaired payloads the `//` repair tries (SudokuPad stops at 400 checks).
const MAX_SLASH_TRIES: usize = 200;

/// A link refused for its size: the payload as given, or the text it unpacks to. Every
/// link format's error holds one when it says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum LinkLimit {
    /// The payload is longer than any link cagey reads.
    #[error("the payload is {length} characters long; cagey reads links of up to {MAX_PAYLOAD}")]
    Payload {
        /// Its length in characters.
        length: usize,
    },
    /// The payload unpacks to more text than any puzzle needs: unpacking stopped there.
    #[error("the payload unpacks to more than {MAX_UNPACKED} characters, far more than any puzzle needs (a 32x32 with every cell caged needs about 40,000), so it is not read")]
    Unpacked,
    /// The payload unpacks to JSON nested deeper than any puzzle's.
    #[error("the payload unpacks to JSON nested {depth} levels deep (arrays and objects within each other); cagey reads JSON nested at most {MAX_JSON_DEPTH} deep, and a puzzle's is nested 5, so it is not read")]
    Nested {
        /// How deep it is nested, counted up to a little past the limit.
        depth: usize,
    },
}

/// The deepest JSON a link's payload may unpack to: a puzzle is an object of arrays of
/// arrays of objects, five levels with a cage's cells. (SudokuPad's zipped reader,
/// [`zipped_json`](super::zipped_json), stops at 64 levels too; serde_json at 128.)
pub(crate) const MAX_JSON_DEPTH: usize = 64;

/// How deep the JSON text `text` nests (`[[1]]` is 2), brackets in strings not counted,
/// counted up to [`MAX_JSON_DEPTH`] + 1 and no further; 0 for a text that does not start
/// as JSON does, with `{` or `[`.
pub(crate) fn json_depth(text: &str) -> usize {
    if !text.trim_start().starts_with(['{', '[']) {
        return 0;
    }
    let (mut depth, mut deepest) = (0usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => {
                depth += 1;
                deepest = deepest.max(depth);
                if deepest > MAX_JSON_DEPTH {
                    break;
                }
            }
            '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// The sites whose links cagey reads, as an error that refuses another site's link lists
/// them (one place, so that a reader added below is named here too).
pub(crate) const SITES_READ: &str = "f-puzzles.com, sudokupad.app (also as app.crackingthecryptic.com and sudokupad.svencodes.com), Penpa+ (an address with penpa-edit in it), puzz.link and pzv.jp (Rooms of Factors) and sudokuwiki.org";

/// The host of a web address (`https://tinyurl.com/abc` gives `tinyurl.com`; `www.` starts
/// one too), or `None` for a line that is not one. Used to refuse the link of a site no
/// format reads in words about links, not about the kk cage line it would otherwise be
/// taken for.
pub(crate) fn web_host(line: &str) -> Option<&str> {
    let line = line.trim();
    let lower = |n: usize| line.get(..n).map(str::to_ascii_lowercase);
    let rest = if lower(8).as_deref() == Some("https://") {
        &line[8..]
    } else if lower(7).as_deref() == Some("http://") {
        &line[7..]
    } else if lower(4).as_deref() == Some("www.") {
        line
    } else {
        return None;
    };
    let host = rest.split(['/', '?', '#', ':']).next().unwrap_or_default();
    (!host.is_empty() && !host.contains(char::is_whitespace)).then_some(host)
}

/// Refuses a payload longer than [`MAX_PAYLOAD`].
pub(crate) fn check_length(payload: &str) -> Result<(), LinkLimit> {
    let length = payload.len();
    if length > MAX_PAYLOAD {
        return Err(LinkLimit::Payload { length });
    }
    Ok(())
}

/// The text of `payload` after percent-escapes: `%2B` is `+`. An escape that is not two hex
/// digits, or bytes that are not UTF-8, leave the text as it was.
pub(crate) fn percent_decode(payload: &str) -> String {
    if !payload.contains('%') {
        return payload.to_string();
    }
    let bytes = payload.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(byte) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| payload.to_string())
}

/// A payload as it was before the trip: percent-escapes undone, spaces back to `+`, and
/// whitespace at the ends gone.
pub(crate) fn clean_payload(payload: &str) -> String {
    percent_decode(payload.trim()).trim().replace(' ', "+")
}

/// Unpacks an lz-string base64 payload (already [`clean_payload`]ed) into the text `accept`
/// takes, repairing a collapsed `//` if needed: `Ok(None)` if nothing unpacks to such a
/// text, a [`LinkLimit`] if the payload is too long or unpacks to too much.
///
/// Every unpacking is bounded ([`lz_string`]: memory and time linear in the output, at most
/// [`MAX_UNPACKED`] units of it), and all of them together output at most [`MAX_WORK`]
/// units, which bounds `accept` too as long as it is linear in its text (parsing JSON is).
pub(crate) fn lz_unpack_with(
    payload: &str,
    accept: impl Fn(&str) -> bool,
) -> Result<Option<String>, LinkLimit> {
    check_length(payload)?;
    let sextets = lz_string::sextets(payload);
    let mut work = lz_string::Work::new(MAX_WORK);
    // The plain unpacking first. JSON nested past what any puzzle needs is refused by its
    // depth: said "not lz-string text", it read as a broken link when it is a crafted one
    // (#45).
    match lz_string::unpack(&sextets, None, MAX_UNPACKED, &mut work) {
        Ok(wide) => {
            if let Ok(text) = String::from_utf16(&wide) {
                let depth = json_depth(&text);
                if depth > MAX_JSON_DEPTH {
                    return Err(LinkLimit::Nested { depth });
                }
                if !text.is_empty() && accept(&text) {
                    return Ok(Some(text));
                }
            }
        }
        // A payload that unpacks past the cap is refused as it is: doubling a slash would
        // only spend more on it.
        Err(LzError::TooLarge) => return Err(LinkLimit::Unpacked),
        Err(LzError::Invalid | LzError::OutOfWork) => {}
    }
    let mut attempt = |insert_at: Option<usize>| -> Result<Option<String>, LzError> {
        let wide = lz_string::unpack(&sextets, insert_at, MAX_UNPACKED, &mut work)?;
        Ok(String::from_utf16(&wide)
            .ok()
            .filter(|text| !text.is_empty() && accept(text)))
    };
    // A lone slash may have been a double one: try doubling each (one at a time; SudokuPad
    // goes on to pairs, which real links have not needed). Each try unpacks the payload
    // again, so the tries share one budget of work rather than each having its own.
    let lone = (0..sextets.len())
        .filter(|&i| {
            sextets[i] == lz_string::SLASH
                && (i == 0 || sextets[i - 1] != lz_string::SLASH)
                && sextets.get(i + 1) != Some(&lz_string::SLASH)
        })
        .take(MAX_SLASH_TRIES);
    for i in lone {
        match attempt(Some(i)) {
            Ok(Some(text)) => return Ok(Some(text)),
            Err(LzError::OutOfWork) => break,
            Ok(None) | Err(LzError::Invalid | LzError::TooLarge) => {}
        }
    }
    Ok(None)
}

/// Packs `text` as lz-string's base64 form, as f-puzzles and SudokuPad write it.
pub(crate) fn lz_pack(text: &str) -> String {
    lz_str::compress_to_base64(text)
}

/// The value of `key` in the query string or `#` fragment of `url` (`…?load=X&y` gives `X`
/// for `load`), taken up to the next `&`.
pub(crate) fn query_value<'a>(url: &'a str, key: &str) -> Option<&'a str> {
    let start = url.find(['?', '#'])?;
    url[start + 1..]
        .split(['&', '?', '#'])
        .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
}

/// The metadata f-puzzles and SudokuPad links carry that an [`Entry`](super::Entry) keeps as
/// `key=value` comments: SudokuPad shows the first three beside the grid ("Untitled" and
/// "No rules" without them) and checks a player's grid against the solution.
pub(crate) const META_KEYS: [&str; 4] = ["title", "author", "rules", "solution"];

/// A label that is SudokuPad's metadata, `key: value` (`title: Four`, `msgcorrect: Well
/// done`): a key of letters, a colon, and the value (as SudokuPad reads a cage's value).
pub(crate) fn meta_tag(label: &str) -> Option<(&str, &str)> {
    let (key, value) = label.split_once(':')?;
    let value = value.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphabetic()) && !value.is_empty())
        .then_some((key, value))
}

/// A metadata value as the comment `key=value` holds it, on one line: a line break of the
/// rules becomes `\n`, which [`meta_value`] turns back (a comment is a line of a kk file).
pub(crate) fn meta_comment(key: &str, value: &str) -> String {
    let value = value.trim().replace("\r\n", "\n").replace('\n', "\\n");
    format!("{key}={value}")
}

/// A comment's metadata value as a link carries it: `\n` back to a line break.
pub(crate) fn meta_value(comment: &str) -> String {
    comment.replace("\\n", "\n")
}

/// The label of an arithmetic cage as written on a site that checks no arithmetic: the
/// target and the operation's sign, `12+`, `6×`, `2−`, `3÷`; a given is its digit alone, a
/// hidden operation its target alone (for a cage of more than one cell).
pub(crate) fn cage_label(operation: Operation, target: u64) -> String {
    match operation.sign() {
        Some('?') | None => target.to_string(),
        Some(sign) => format!("{target}{sign}"),
    }
}

/// Reads a cage label as [`cage_label`] writes it, and as players type it: the sign before
/// or after the target, ASCII (`+ - * x /`) or printed (`× − ÷`). A bare number is a given on
/// one cell and a hidden operation on more. `None` if the label is no such thing.
pub(crate) fn parse_cage_label(label: &str, cells: usize) -> Option<(Operation, u64)> {
    let label = label.trim();
    let sign_of = |c: char| match c {
        '+' => Some(Operation::Add),
        '-' | '−' | '–' => Some(Operation::Subtract),
        '*' | 'x' | 'X' | '×' | '·' => Some(Operation::Multiply),
        '/' | '÷' | ':' => Some(Operation::Divide),
        '?' => Some(Operation::Unknown),
        _ => None,
    };
    let (operation, digits) =
        if let Some(last) = label.chars().last().filter(|&c| sign_of(c).is_some()) {
            (sign_of(last), &label[..label.len() - last.len_utf8()])
        } else if let Some(first) = label.chars().next().filter(|&c| sign_of(c).is_some()) {
            (sign_of(first), &label[first.len_utf8()..])
        } else {
            (None, label)
        };
    let digits = digits.trim();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let target: u64 = digits.parse().ok()?;
    let operation = match operation {
        Some(operation) => operation,
        None if cells == 1 => Operation::Given,
        None => Operation::Unknown,
    };
    Some((operation, target))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plus_read_as_a_space_is_put_back() {
        assert_eq!(clean_payload(" N4Ig a/b%2Bc "), "N4Ig+a/b+c");
    }

    #[test]
    fn packing_reads_back_and_refusals_end() {
        let text = "{\"size\":9,\"title\":\"a/b//c\"}";
        let packed = lz_pack(text);
        assert_eq!(
            lz_unpack_with(&packed, |t| t == text).unwrap().as_deref(),
            Some(text)
        );
        // Every repair is tried and refused: no answer, no panic.
        let slashed = format!("{}/{}", &packed[..4], &packed[4..]);
        assert_eq!(lz_unpack_with(&slashed, |_| false), Ok(None));
    }

    #[test]
    fn a_collapsed_double_slash_is_repaired() {
        // A text whose packing has a `//` (found by trying titles of one character).
        let text = "{\"size\":9,\"title\":\"\u{7ff8}\"}";
        let packed = lz_pack(text);
        assert!(packed.contains("//") && !packed.contains("///"), "{packed}");
        let collapsed = packed.replacen("//", "/", 1);
        assert_eq!(
            lz_unpack_with(&collapsed, |t| t == text)
                .unwrap()
                .as_deref(),
            Some(text)
        );
    }

    /// Guards #41: a payload whose every repair unpacks a long text again stops when the
    /// tries have spent their shared budget, after a few of its hundreds of lone slashes.
    #[test]
    fn the_slash_repair_stops_when_its_work_is_spent() {
        // 1,300 self-extending codes unpack to 850,000 characters, then the stream ends;
        // the lone slashes after its end leave every repair unpacking the same.
        // (After an `a`: after a `{`, the text is JSON nested too deep, refused at once.)
        let mut payload = lz_string::self_extending_from(b'a', 1_300);
        payload.push_str(&"/A".repeat(MAX_SLASH_TRIES));
        let tries = std::cell::Cell::new(0);
        let started = std::time::Instant::now();
        let answer = lz_unpack_with(&payload, |text| {
            assert!(text.len() > 800_000);
            tries.set(tries.get() + 1);
            false
        });
        assert_eq!(answer, Ok(None));
        assert!(tries.get() <= MAX_WORK / 800_000, "{} tries", tries.get());
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    /// The crafted links of `tests/fixtures/` (for the command line's and the web server's
    /// tests) are the streams [`lz_string::self_extending`] writes.
    #[test]
    fn the_fixtures_are_the_crafted_links() {
        for (file, codes) in [
            ("lz-bomb-fpuzzles.txt", 40_000),
            ("lz-bomb-fpuzzles-149k.txt", 60_000),
        ] {
            let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            let payload = lz_string::self_extending(codes);
            assert_eq!(
                text,
                format!("https://www.f-puzzles.com/?load={payload}\n"),
                "{file}"
            );
        }
    }

    /// Guards #41: the crafted link of 40,000 self-extending codes is refused as unpacking
    /// to too much, as an f-puzzles and a SudokuPad link, at once.
    #[test]
    fn a_payload_unpacking_past_the_cap_is_refused() {
        let payload = lz_string::self_extending(40_000);
        let started = std::time::Instant::now();
        assert_eq!(lz_unpack_with(&payload, |_| true), Err(LinkLimit::Unpacked));
        assert!(started.elapsed() < std::time::Duration::from_millis(500));
        let long = "A".repeat(MAX_PAYLOAD + 1);
        assert_eq!(
            lz_unpack_with(&long, |_| true),
            Err(LinkLimit::Payload {
                length: MAX_PAYLOAD + 1
            })
        );
    }

    #[test]
    fn labels_read_as_written() {
        for (operation, target) in [
            (Operation::Add, 12),
            (Operation::Subtract, 2),
            (Operation::Multiply, 60),
            (Operation::Divide, 3),
            (Operation::Unknown, 7),
        ] {
            let label = cage_label(operation, target);
            assert_eq!(
                parse_cage_label(&label, 2),
                Some((operation, target)),
                "{label}"
            );
        }
        assert_eq!(parse_cage_label("5", 1), Some((Operation::Given, 5)));
        assert_eq!(parse_cage_label("x12", 2), Some((Operation::Multiply, 12)));
        assert_eq!(parse_cage_label("title: x", 0), None);
        assert_eq!(parse_cage_label("", 2), None);
    }

    /// Guards #45: 10,000 `[` packed as a link were refused as "not lz-string base64 text";
    /// they are JSON nested too deep, and said so with the limit.
    #[test]
    fn deeply_nested_json_is_refused_by_its_depth() {
        for text in ["[".repeat(10_000), format!("{{\"a\":{}", "[".repeat(200))] {
            let error = lz_unpack_with(&lz_pack(&text), |_| true).unwrap_err();
            assert_eq!(
                error,
                LinkLimit::Nested {
                    depth: MAX_JSON_DEPTH + 1
                }
            );
            assert!(
                error.to_string().contains("nested at most 64 deep"),
                "{error}"
            );
        }
        assert_eq!(json_depth(r#"{"a":[[1],"[[[["],"b":{}}"#), 3);
        assert_eq!(json_depth("N4Ig"), 0);
        // Wide characters in strings, and an escaped backslash just before a string's end:
        // the string ends there, so the third level counts.
        assert_eq!(json_depth(r#"[["é[ü\\",[1]]]"#), 3);
        let fine = format!(
            "{}{}",
            "[".repeat(MAX_JSON_DEPTH),
            "]".repeat(MAX_JSON_DEPTH)
        );
        assert_eq!(lz_unpack_with(&lz_pack(&fine), |_| true), Ok(Some(fine)));
    }

    #[test]
    fn metadata_labels_and_comments_read_back() {
        assert_eq!(meta_tag("title: Four"), Some(("title", "Four")));
        assert_eq!(
            meta_tag("msgcorrect: Well done: 9"),
            Some(("msgcorrect", "Well done: 9"))
        );
        assert_eq!(meta_tag("12+"), None);
        assert_eq!(meta_tag("a b: c"), None);
        let rules = "Normal sudoku rules.\nCages sum.";
        let comment = meta_comment("rules", rules);
        assert_eq!(comment, "rules=Normal sudoku rules.\\nCages sum.");
        assert_eq!(meta_value(comment.split_once('=').unwrap().1), rules);
    }

    #[test]
    fn web_hosts_are_found() {
        assert_eq!(web_host("https://tinyurl.com/abc"), Some("tinyurl.com"));
        assert_eq!(
            web_host(" HTTP://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=000ABC"),
            Some("logic-masters.de")
        );
        assert_eq!(web_host("www.example.org:8080/x"), Some("www.example.org"));
        assert_eq!(web_host("3+,0 1"), None);
        assert_eq!(web_host("https:// x"), None);
    }

    #[test]
    fn query_values_are_found() {
        assert_eq!(
            query_value("https://f-puzzles.com/?load=AB+C&x=1", "load"),
            Some("AB+C")
        );
        assert_eq!(
            query_value("https://x/penpa-edit/#m=solve&p=XYZ", "p"),
            Some("XYZ")
        );
        assert_eq!(query_value("https://x/?id=1", "load"), None);
    }
}
