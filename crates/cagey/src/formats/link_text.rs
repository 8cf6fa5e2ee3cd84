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
//! Percent-escapes (`%2B`) are undone too. lz-string decoding itself never fails on bad
//! input: it returns garbage or nothing, so every caller checks what comes out (JSON that
//! parses).

use crate::model::Operation;

/// The longest payload read, in bytes: a 16x16 f-puzzles payload with every cell caged is a
/// few kilobytes; past this the text is not a link someone shares, and lz-string's
/// dictionary and the `//` repair would spend time on it for nothing.
pub(crate) const MAX_PAYLOAD: usize = 1 << 20;

/// How many repaired payloads the `//` repair tries (SudokuPad stops at 400 checks).
const MAX_SLASH_TRIES: usize = 200;

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

/// Unpacks lz-string's base64 form; `None` when the result is not text.
fn lz_unpack(payload: &str) -> Option<String> {
    let wide = lz_str::decompress_from_base64(payload)?;
    let text = String::from_utf16(&wide).ok()?;
    (!text.is_empty()).then_some(text)
}

/// Unpacks an lz-string base64 payload (already [`clean_payload`]ed) into the text `accept`
/// takes, repairing a collapsed `//` if needed; `None` if nothing unpacks to such a text.
pub(crate) fn lz_unpack_with(payload: &str, accept: impl Fn(&str) -> bool) -> Option<String> {
    if payload.len() > MAX_PAYLOAD {
        return None;
    }
    if let Some(text) = lz_unpack(payload).filter(|t| accept(t)) {
        return Some(text);
    }
    // A lone slash may have been a double one: try doubling each (one at a time; SudokuPad
    // goes on to pairs, which real links have not needed).
    let lone: Vec<usize> = payload
        .char_indices()
        .filter(|&(i, c)| {
            c == '/' && !payload[..i].ends_with('/') && !payload[i + 1..].starts_with('/')
        })
        .map(|(i, _)| i)
        .take(MAX_SLASH_TRIES)
        .collect();
    lone.into_iter().find_map(|i| {
        let repaired = format!("{}/{}", &payload[..i], &payload[i..]);
        lz_unpack(&repaired).filter(|t| accept(t))
    })
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
            lz_unpack_with(&packed, |t| t == text).as_deref(),
            Some(text)
        );
        // Every repair is tried and refused: no answer, no panic.
        let slashed = format!("{}/{}", &packed[..4], &packed[4..]);
        assert_eq!(lz_unpack_with(&slashed, |_| false), None);
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
