//! The HTML a notebook shows for a result (`_repr_html_`): short, plain markup with the
//! library's words escaped, a grid as a table. A puzzle shows as the library's SVG picture
//! (`Puzzle._repr_svg_`).

use cagey::wire::StepRecord;
use cagey::Grid;

/// `text` with `&`, `<`, `>` and `"` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// A grid of digits as a table, one cell a digit (empty for 0).
pub fn grid(grid: &Grid) -> String {
    let rows: String = grid
        .rows()
        .map(|row| {
            let cells: String = row
                .iter()
                .map(|&d| match d {
                    0 => "<td></td>".to_string(),
                    d => format!("<td>{d}</td>"),
                })
                .collect();
            format!("<tr>{cells}</tr>")
        })
        .collect();
    format!("<table style=\"font-family: monospace; text-align: center\">{rows}</table>")
}

/// A step: its rule and level in bold, then the whole step in words.
pub fn step(step: &StepRecord) -> String {
    format!(
        "<b>{}</b> ({}): {}",
        escape(step.rule),
        step.level,
        escape(&step.description)
    )
}
