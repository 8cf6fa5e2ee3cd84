//! The lexers of one cage line, `TARGET[OP],CELL CELL ...`: a byte-by-byte fast path for
//! the common ASCII form, and the full reading with every check of the essay's `triplets`
//! verb, which names what is wrong. A cage line is only lexed here; whether it fits the
//! cages around it is the block's and the build's business.

use super::error::{KkError, KkErrorKind, MAX_CELL};
use crate::formats::lines::excerpt;
use crate::model::Operation;

/// One cage line, parsed but not yet checked against the others; its cells are left in
/// the reader's scratch vector.
#[derive(Clone, Debug)]
pub(super) struct CageLine<'a> {
    pub(super) line: usize,
    pub(super) label: &'a str,
    pub(super) operation: Operation,
    pub(super) target: u64,
}

/// Reads the common form of a cage line byte by byte, its cells into `cells` (emptied
/// first): ASCII, `TARGET[OP],CELL CELL ...` with blanks anywhere between the parts. `None`
/// for anything else, which [`parse_line`] then reads with all its checks, naming what is
/// wrong. What this returns is what `parse_line` would (see the tests).
///
/// Most lines are of this form, and read through `parse_line`'s trimming, splitting on
/// Unicode blanks and checking of each token, they cost some 380 instructions a line more:
/// reading Keen's 2,252 puzzles (callgrind over the reading in `cagey bench`) took 123.8
/// million instructions, 105.7 million with this.
pub(super) fn parse_plain_line<'a>(
    line: &'a str,
    line_number: usize,
    cells: &mut Vec<usize>,
) -> Option<CageLine<'a>> {
    // The blanks of `str::trim` and `split_whitespace` that are ASCII.
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r');
    let bytes = line.as_bytes();
    let skip_blanks = |mut at: usize| {
        while at < bytes.len() && blank(bytes[at]) {
            at += 1;
        }
        at
    };
    // A run of decimal digits from `at`: its value (`None` past `u64`) and its end.
    let number = |at: usize| {
        let end = at
            + bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
        let value = bytes[at..end].iter().try_fold(0u64, |value, &b| {
            value.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        });
        (value, end)
    };
    let label_start = skip_blanks(0);
    let (target, mut at) = number(label_start);
    if at == label_start {
        return None;
    }
    let target = target?;
    let mut label_end = at;
    at = skip_blanks(at);
    let operation = match bytes.get(at) {
        Some(b',') => Operation::Given,
        Some(&sign) if sign.is_ascii() => {
            let operation = operation_of(char::from(sign))?;
            at += 1;
            label_end = at;
            at = skip_blanks(at);
            operation
        }
        _ => return None,
    };
    if bytes.get(at) != Some(&b',') {
        return None;
    }
    cells.clear();
    at += 1;
    loop {
        at = skip_blanks(at);
        if at == bytes.len() {
            break;
        }
        let (cell, end) = number(at);
        if end == at || (end < bytes.len() && !blank(bytes[end])) {
            return None;
        }
        let cell = usize::try_from(cell?)
            .ok()
            .filter(|&cell| cell <= MAX_CELL)?;
        cells.push(cell);
        at = end;
    }
    if cells.is_empty() {
        return None;
    }
    Some(CageLine {
        line: line_number,
        label: &line[label_start..label_end],
        operation,
        target,
    })
}

/// Parses one cage line, its cells into `cells` (emptied first).
pub(super) fn parse_line<'a>(
    line: &'a str,
    line_number: usize,
    cells: &mut Vec<usize>,
) -> Result<CageLine<'a>, KkError> {
    let error = |column: usize, kind: KkErrorKind| KkError {
        line: line_number,
        column: Some(column),
        kind,
    };
    // Columns count characters from 1.
    let column_of = |byte: usize| line[..byte].chars().count() + 1;

    if let Some(host) = crate::formats::link_text::web_host(line) {
        return Err(KkError {
            line: line_number,
            column: None,
            kind: KkErrorKind::UnknownSite {
                link: excerpt(line.trim()),
                host: excerpt(host),
            },
        });
    }
    // Byte by byte: on lines this short, faster than `find` and its search set-up.
    let comma_after = |from: usize| line.bytes().skip(from).position(|b| b == b',');
    let Some(comma) = comma_after(0) else {
        return Err(KkError {
            line: line_number,
            column: None,
            kind: KkErrorKind::NoComma,
        });
    };
    if let Some(second) = comma_after(comma + 1) {
        return Err(error(
            column_of(comma + 1 + second),
            KkErrorKind::ExtraComma,
        ));
    }

    let label_part = &line[..comma];
    let label_start = label_part.len() - label_part.trim_start().len();
    let label = label_part.trim();
    if label.is_empty() {
        return Err(error(column_of(comma), KkErrorKind::NoLabel));
    }
    let digits_end = label
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(label.len());
    let (target_text, rest) = label.split_at(digits_end);
    let operator_text = rest.trim_start();
    let operator_byte = label_start + digits_end + (rest.len() - operator_text.len());
    let mut operator_chars = operator_text.chars();
    let operation = match (operator_chars.next(), operator_chars.next()) {
        (None, _) => Operation::Given,
        (Some(sign), None) => match operation_of(sign) {
            Some(operation) => operation,
            None if target_text.is_empty() => {
                return Err(error(
                    column_of(operator_byte),
                    KkErrorKind::BadLabel {
                        label: excerpt(label),
                    },
                ))
            }
            None => {
                return Err(error(
                    column_of(operator_byte),
                    KkErrorKind::UnknownOperator {
                        found: sign,
                        label: excerpt(label),
                    },
                ))
            }
        },
        (Some(_), Some(_)) => {
            return Err(error(
                column_of(label_start),
                KkErrorKind::BadLabel {
                    label: excerpt(label),
                },
            ))
        }
    };
    if target_text.is_empty() {
        return Err(error(
            column_of(label_start),
            KkErrorKind::NoTarget {
                label: excerpt(label),
            },
        ));
    }
    let target: u64 = target_text.parse().map_err(|_| {
        error(
            column_of(label_start),
            KkErrorKind::TargetTooLarge {
                text: excerpt(target_text),
            },
        )
    })?;
    // A zero target is checked when the puzzle is built: `# multi-cell` allows `0-`.

    cells.clear();
    let cells_part = &line[comma + 1..];
    for token in cells_part.split_whitespace() {
        // `token` is a subslice of `line`: its distance from the start is its byte offset.
        let start = token.as_ptr() as usize - line.as_ptr() as usize;
        if !token.chars().all(|c| c.is_ascii_digit()) {
            return Err(error(
                column_of(start),
                KkErrorKind::BadCell {
                    text: excerpt(token),
                },
            ));
        }
        match token.parse::<usize>() {
            Ok(cell) if cell <= MAX_CELL => cells.push(cell),
            _ => {
                return Err(error(
                    column_of(start),
                    KkErrorKind::CellOutOfRange {
                        text: excerpt(token),
                    },
                ))
            }
        }
    }
    if cells.is_empty() {
        return Err(error(
            column_of(comma),
            KkErrorKind::NoCells {
                label: excerpt(label),
            },
        ));
    }
    Ok(CageLine {
        line: line_number,
        label,
        operation,
        target,
    })
}

/// The operation an operator character stands for, synonyms included.
fn operation_of(sign: char) -> Option<Operation> {
    match sign {
        '+' => Some(Operation::Add),
        '-' | '−' | '–' => Some(Operation::Subtract),
        '*' | 'x' | 'X' | '×' => Some(Operation::Multiply),
        '%' | '/' | '÷' => Some(Operation::Divide),
        '?' => Some(Operation::Unknown),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn full_read(line: &str) -> Result<(String, Operation, u64, Vec<usize>), KkError> {
        let mut cells = Vec::new();
        let cage = parse_line(line, 7, &mut cells)?;
        Ok((cage.label.to_string(), cage.operation, cage.target, cells))
    }

    #[test]
    fn common_lines_take_the_byte_by_byte_reading() {
        for line in [
            "11+,1 2 5 6",
            "1,0",
            " 2 % , 14\t15 ",
            "3x,0 1",
            "12 -,4 5",
            "007+,00 1",
        ] {
            let mut cells = Vec::new();
            let cage = parse_plain_line(line, 7, &mut cells).expect(line);
            let read = (cage.label.to_string(), cage.operation, cage.target, cells);
            assert_eq!(Ok(read), full_read(line), "{line:?}");
        }
        // Anything else is left to the full reading, and its errors.
        for line in [
            "11×,1 2",
            "x,0",
            "1+,",
            "1+,2,3",
            "1+,2a",
            "1+ 2,3",
            "99999999999999999999+,1",
        ] {
            assert!(
                parse_plain_line(line, 7, &mut Vec::new()).is_none(),
                "{line:?}"
            );
        }
    }

    proptest! {
        /// Whatever the byte-by-byte reading accepts, the full reading reads the same.
        #[test]
        fn plain_lines_read_as_any_line(
            head in prop_oneof![Just(""), Just("12+,"), Just(" 5 ,"), Just("3x, 4 "), Just("6 -,1")],
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("1"), Just("23"), Just("0"), Just("99999999999999999999"),
                    Just(" "), Just("\t"), Just("\x0b"), Just("\u{a0}"),
                    Just("+"), Just("-"), Just("*"), Just("x"), Just("%"), Just("/"), Just("?"),
                    Just("×"), Just(","), Just("a"), Just("1023"), Just("1024"),
                ],
                0..12,
            )
        ) {
            let line = format!("{head}{}", parts.concat());
            let mut cells = Vec::new();
            if let Some(cage) = parse_plain_line(&line, 7, &mut cells) {
                let read = (cage.label.to_string(), cage.operation, cage.target, cells);
                prop_assert_eq!(Ok(read), full_read(&line), "{:?}", line);
            }
        }
    }
}
