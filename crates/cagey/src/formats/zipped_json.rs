//! SudokuPad's "zipped" JSON: the short form its links carry when plain JSON would be long.
//!
//! SudokuPad writes its puzzle JSON shorter before packing it, and a reader undoes that
//! (SudokuPad's `puzzlezipper`; learnt from it, not copied):
//!
//! ```text
//!   {"cages":[{"cells":[[0,0],[0,1]],"value":"3","unique":true}],"cells":[[{},{"value":5}]]}
//!   {ca:[{ce:[[0,0],[0,1]],v:3,unique:t}],ce:[[,{v:5}]]}
//! ```
//!
//! - strings in single quotes (`\'` an apostrophe), keys bare;
//! - an empty slot of an array (`[,` `,,` `,]`) is an empty object `{}`;
//! - `t` and `f` are `true` and `false`; `#0`, `#F` and six hex digits after a colon are
//!   colours (`#000000`, `#FFFFFF`, `#1a2b3c`);
//! - short keys: `ca` cages, `ce` cells, `v` value, `re` regions, `c` color, `c1`
//!   borderColor, `c2` backgroundColor, `o`/`u` overlays/underlays, `l` lines, `wp`
//!   wayPoints, `t` title, `te` text, and the others of [`SHORT_KEYS`].
//!
//! Rather than SudokuPad's chain of text replacements, this is one small recursive parser
//! of the relaxed grammar, which also reads plain JSON; its depth is bounded so that no input
//! can overflow the stack.

use serde_json::{Map, Number, Value};

/// Short keys and the names they stand for.
pub(crate) const SHORT_KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Nesting deeper than this is refused: a puzzle is an object of arrays of arrays of
/// objects, a handful of levels.
const MAX_DEPTH: usize = 64;

/// Why a zipped text does not read: the character position (from 1) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ZipError {
    /// Character position, from 1.
    pub position: usize,
    /// What was expected there.
    pub expected: &'static str,
}

/// Reads zipped (or plain) JSON and expands its short keys.
pub(crate) fn parse(text: &str) -> Result<Value, ZipError> {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = Parser { chars, at: 0 };
    parser.skip_space();
    let value = parser.value(0, false)?;
    parser.skip_space();
    if parser.at < parser.chars.len() {
        return Err(parser.error("the end of the text"));
    }
    Ok(expand(value))
}

/// Renames the short keys of every object, everywhere in `value`.
fn expand(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(key, value)| {
                    let long = SHORT_KEYS
                        .iter()
                        .find(|(short, _)| *short == key)
                        .map_or(key, |(_, long)| (*long).to_string());
                    (long, expand(value))
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(expand).collect()),
        other => other,
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn error(&self, expected: &'static str) -> ZipError {
        ZipError {
            position: self.at + 1,
            expected,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// A value; `after_colon` says whether it is an object member's, where colours are
    /// written bare.
    fn value(&mut self, depth: usize, after_colon: bool) -> Result<Value, ZipError> {
        if depth > MAX_DEPTH {
            return Err(self.error("less deeply nested values"));
        }
        self.skip_space();
        match self.peek() {
            Some('{') => self.object(depth),
            Some('[') => self.array(depth),
            Some(quote @ ('"' | '\'')) => self.string(quote).map(Value::String),
            Some(_) => {
                let word = self.word();
                if word.is_empty() {
                    return Err(self.error("a value"));
                }
                Ok(bare(&word, after_colon))
            }
            None => Err(self.error("a value")),
        }
    }

    /// A bare run of characters up to a delimiter.
    fn word(&mut self) -> String {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !matches!(c, ',' | ':' | '{' | '}' | '[' | ']') && !c.is_whitespace())
        {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    fn string(&mut self, quote: char) -> Result<String, ZipError> {
        self.at += 1;
        let mut out = String::new();
        loop {
            match self.peek() {
                None => return Err(self.error("the closing quote")),
                Some(c) if c == quote => {
                    self.at += 1;
                    return Ok(out);
                }
                Some('\\') => {
                    self.at += 1;
                    let escaped = self
                        .peek()
                        .ok_or_else(|| self.error("an escaped character"))?;
                    self.at += 1;
                    match escaped {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' | 'f' => {}
                        'u' => {
                            let hex: String = self.chars.iter().skip(self.at).take(4).collect();
                            let code = u32::from_str_radix(&hex, 16)
                                .ok()
                                .filter(|_| hex.len() == 4)
                                .ok_or_else(|| self.error("four hex digits after \\u"))?;
                            self.at += 4;
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        other => out.push(other),
                    }
                }
                Some(c) => {
                    out.push(c);
                    self.at += 1;
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, ZipError> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                // An empty slot: `[,`, `,,`, `,]` and `[]` alike, as SudokuPad reads them.
                Some(',') | Some(']') => items.push(Value::Object(Map::new())),
                _ => items.push(self.value(depth + 1, false)?),
            }
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, ZipError> {
        self.at += 1;
        let mut map = Map::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some('}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                Some(',') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let key = match self.peek() {
                Some(quote @ ('"' | '\'')) => self.string(quote)?,
                _ => self.word(),
            };
            if key.is_empty() {
                return Err(self.error("a key"));
            }
            self.skip_space();
            if self.peek() != Some(':') {
                return Err(self.error("':' after a key"));
            }
            self.at += 1;
            let value = self.value(depth + 1, true)?;
            map.insert(key, value);
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some('}') => {}
                _ => return Err(self.error("',' or '}'")),
            }
        }
    }
}

/// The value a bare word stands for.
fn bare(word: &str, after_colon: bool) -> Value {
    match word {
        "t" | "true" => return Value::Bool(true),
        "f" | "false" => return Value::Bool(false),
        "null" => return Value::Null,
        "#0" if after_colon => return Value::String("#000000".into()),
        "#F" if after_colon => return Value::String("#FFFFFF".into()),
        _ => {}
    }
    if after_colon && word.len() == 6 && word.chars().all(|c| c.is_ascii_hexdigit()) {
        return Value::String(format!("#{word}"));
    }
    if let Ok(int) = word.parse::<i64>() {
        return Value::Number(int.into());
    }
    if let Some(number) = word.parse::<f64>().ok().and_then(Number::from_f64) {
        return Value::Number(number);
    }
    Value::String(word.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_form_reads_as_the_long() {
        let zipped = "{ca:[{ce:[[0,0],[0,1]],v:3,unique:t}],ce:[[,{v:5}]],t:'It\\'s'}";
        let value = parse(zipped).unwrap();
        assert_eq!(
            value,
            serde_json::json!({
                "cages": [{"cells": [[0, 0], [0, 1]], "value": 3, "unique": true}],
                "cells": [[{}, {"value": 5}]],
                "title": "It's",
            })
        );
    }

    #[test]
    fn plain_json_reads_too() {
        let value = parse(r#"{"a": [1, 2.5, "x"], "b": null}"#).unwrap();
        assert_eq!(value["arrows"], serde_json::json!([1, 2.5, "x"]));
    }

    #[test]
    fn bad_text_names_where() {
        assert_eq!(parse("{ca:[1,2").unwrap_err().expected, "',' or ']'");
        assert_eq!(parse("{ca 1}").unwrap_err().expected, "':' after a key");
        let deep = "[".repeat(1000);
        assert!(parse(&deep).is_err());
    }
}
