//! One step: [`Found`], the plain record a rule returns and the engine runs on (the rule,
//! why as data in a [`Reason`], the cells that cause it, what it places and removes), and
//! [`Step`], the same step in words, made from it on request ([`Found::step`]) for the
//! callers that show steps to people (explain, hint). Grade and probe never build a word.
//! Ground floor: it knows levels, the geometry and how to name cells and cages, nothing of
//! the rules or the engine.
//!
//! The words used to be written by each rule as it found a step, and skipped by a switch on
//! the geometry for probes, which read none; as data, no run pays for words it does not
//! show, and one function ([`Found::step`]) says every rule's sentence.

use std::collections::BTreeMap;

use super::level::Level;
use super::state::{self, digit_list, digits, Contradiction, Geometry, HouseKind};
use crate::model::{and_list, CageId, Cell, Diagonal, DigitSet, Puzzle};

/// A step as a rule finds it: plain data, no words (see [`Found::step`] for those).
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The rule's name.
    pub(crate) rule: &'static str,
    /// The rule's level.
    pub(crate) level: Level,
    /// The rule's weight.
    pub(crate) weight: u32,
    /// Why: what the rule saw.
    pub(crate) reason: Reason,
    /// The cells that cause the step.
    pub(crate) cells: Vec<Cell>,
    /// The digits it places.
    pub(crate) placed: Vec<(Cell, u8)>,
    /// The candidates it removes (a placement's clean-up included).
    pub(crate) eliminated: Vec<(Cell, u8)>,
}

/// What a rule saw, one variant a rule: the houses (by index), cages (by index), cells and
/// digits its sentence names.
#[derive(Clone, Debug)]
pub(crate) enum Reason {
    /// `cell` is given as `d`; `cage` when it is a one-cell cage.
    Given {
        cell: Cell,
        d: u8,
        cage: Option<usize>,
    },
    /// `cell` has only `d` left, or (`placed`) is `d` and its peers lose it.
    NakedSingle { cell: Cell, d: u8, placed: bool },
    /// `d` fits only `cell` in house `house`.
    HiddenSingle { house: usize, cell: Cell, d: u8 },
    /// Cage `cage`'s `count` fitting layouts use only `union`.
    CageDigits {
        cage: usize,
        union: DigitSet,
        count: usize,
    },
    /// In cage `cage`'s `count` fitting layouts, each listed cell keeps only its digits;
    /// `combos`, the layouts' digit sets, on a killer (empty otherwise).
    CageLayouts {
        cage: usize,
        count: usize,
        combos: Vec<DigitSet>,
        keep: Vec<(Cell, DigitSet)>,
    },
    /// In region `region` (a house index), `d` fits only the step's cells, all in line
    /// `line`: the rest of the line loses `d`.
    Pointing { region: usize, line: usize, d: u8 },
    /// In line `line`, `d` fits only the step's cells, all in region `region`: the rest of
    /// the region loses `d`.
    Claiming { line: usize, region: usize, d: u8 },
    /// Every layout of cage `cage` puts `d` in house `house`.
    CageLine { cage: usize, house: usize, d: u8 },
    /// The step's cells hold only `union` between them in house `house` (a subset of `k`).
    NakedSubset {
        house: usize,
        union: DigitSet,
        k: usize,
    },
    /// The digits `set` fit only the step's cells in house `house` (a subset of `k`).
    HiddenSubset {
        house: usize,
        set: DigitSet,
        k: usize,
    },
    /// A fish of size `k` on `d`: base lines `chosen` (rows when `by_rows`), cover lines
    /// `covers`, both counted from 0.
    Fish {
        k: usize,
        d: u8,
        by_rows: bool,
        chosen: Vec<usize>,
        covers: Vec<usize>,
    },
    /// `start` is `orig` or `other`; if not `orig`, the chain's cells are `links` in turn,
    /// ending at `at`, which holds `orig`; `peer` sees both.
    ForcingChain {
        start: Cell,
        orig: u8,
        other: u8,
        links: Vec<(Cell, u8)>,
        at: Cell,
        peer: Cell,
    },
    /// In house `house`, `d` fits only cells of cage `cage`; its layouts that put `d` there
    /// leave each listed cell only its digits.
    CageConfined {
        house: usize,
        cage: usize,
        d: u8,
        keep: Vec<(Cell, DigitSet)>,
    },
    /// Line arithmetic over `houses`: each line adds up to (`sum`) or multiplies to `line`;
    /// with the cages `whole` inside and the placed digits, `leftover` must make
    /// `remaining`, and each listed cell keeps only its digits.
    LineSum {
        sum: bool,
        line: u128,
        houses: Vec<usize>,
        whole: Vec<usize>,
        leftover: Vec<Cell>,
        remaining: u128,
        keep: Vec<(Cell, DigitSet)>,
    },
    /// Killer cage combinations of cage `cage` that fit (`combos`); `shared`, the digits
    /// every one uses, leave the other cells of `houses` (each holding the whole cage).
    CageCombinations {
        cage: usize,
        combos: Vec<DigitSet>,
        shared: DigitSet,
        houses: Vec<usize>,
    },
    /// The 45 rule over `houses`: `sum(innies) - sum(outies) = value`; each listed cell
    /// keeps only its digits.
    InniesOuties {
        houses: Vec<usize>,
        innies: Vec<Cell>,
        outies: Vec<Cell>,
        value: i64,
        keep: Vec<(Cell, DigitSet)>,
    },
    /// House `house` less the cages `whole` leaves the cells `open` adding up to `sum`:
    /// their fitting combinations are `combos`, and `shared` is in every one.
    HiddenCage {
        house: usize,
        whole: Vec<usize>,
        open: Vec<Cell>,
        sum: i64,
        combos: Vec<DigitSet>,
        shared: DigitSet,
    },
    /// The 45 rule over `houses` leaves `part` of cage `cage` adding up to `value`, so the
    /// cage's open cells `rest` add up to `rest_value`; `count` layouts split so (of the
    /// combinations `combos`), leaving each listed cell only its digits.
    CageSplit {
        houses: Vec<usize>,
        cage: usize,
        part: Vec<Cell>,
        value: i64,
        rest: Vec<Cell>,
        rest_value: i64,
        count: usize,
        combos: Vec<DigitSet>,
        keep: Vec<(Cell, DigitSet)>,
    },
    /// House `house` holds every digit once: cage `cage` keeps the combinations `combos`,
    /// those that leave the other cages meeting the house digits that fit there with it;
    /// each listed cell keeps only its digits.
    HouseCombinations {
        house: usize,
        cage: usize,
        combos: Vec<DigitSet>,
        keep: Vec<(Cell, DigitSet)>,
    },
    /// Cage `cage` keeps the `count` layouts (of the combinations `combos`) that leave
    /// cage `other` (which its cells see) a layout; each listed cell keeps only its digits.
    CombinationInteraction {
        cage: usize,
        other: usize,
        count: usize,
        combos: Vec<DigitSet>,
        keep: Vec<(Cell, DigitSet)>,
    },
    /// If `cell` were `d`, the rules would take the steps `chain` (the first few; `elided`
    /// when there were more) and reach `end`.
    Trial {
        cell: Cell,
        d: u8,
        chain: Vec<Found>,
        elided: bool,
        end: Contradiction,
    },
    /// An assumption inside trial or the search: never shown as a step.
    Assume { cell: Cell },
    /// No rule applies; the solution has `d` in `cell`.
    Search { cell: Cell, d: u8 },
}

impl Found {
    /// The step in words, for a person: its house and text said with the geometry `g` of
    /// `puzzle`.
    pub(crate) fn step(&self, g: &Geometry, puzzle: &Puzzle) -> Step {
        Step {
            rule: self.rule,
            level: self.level,
            weight: self.weight,
            house: self.reason.house(g, puzzle),
            cells: self.cells.clone(),
            placed: self.placed.clone(),
            eliminated: self.eliminated.clone(),
            text: self.reason.text(&self.cells, &self.eliminated, g, puzzle),
        }
    }
}

/// A cage's name, `12+ at r3c4`.
fn cage(puzzle: &Puzzle, k: usize) -> String {
    puzzle.cage_name(CageId(k as u16))
}

/// `r3c4 only 1/2; r3c5 only 3`: each cell's candidates as pencil marks are written, not a
/// list in prose (`r3c4 only 1, 2, 4 or 6; r3c5 only ...` ran into the `;` between cells).
fn keeps(keep: &[(Cell, DigitSet)], g: &Geometry) -> String {
    keep.iter()
        .map(|&(c, ds)| format!("{} only {}", g.cell(c), digits(ds)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `pair`, `triple`, `quad`, `set of 5`.
fn subset_name(k: usize) -> String {
    match k {
        2 => "pair".into(),
        3 => "triple".into(),
        4 => "quad".into(),
        _ => format!("set of {k}"),
    }
}

/// `X-wing`, `swordfish`, `jellyfish`, `fish`.
fn fish_name(k: usize) -> &'static str {
    match k {
        2 => "X-wing",
        3 => "swordfish",
        4 => "jellyfish",
        _ => "fish",
    }
}

/// Lines counted from 0, said from 1: `1 and 3`, `1, 3 and 7`.
fn lines(ix: &[usize]) -> String {
    and_list(&ix.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>())
}

/// Houses by name, as a list in prose: `row 3 and box 1`.
fn house_list(g: &Geometry, houses: &[usize]) -> String {
    and_list(&houses.iter().map(|&h| g.house_name(h)).collect::<Vec<_>>())
}

/// Cages by name, as a list in prose: `12+ at r3c4 and 7+ at r5c1`.
fn cage_list(puzzle: &Puzzle, cages: &[usize]) -> String {
    and_list(&cages.iter().map(|&k| cage(puzzle, k)).collect::<Vec<_>>())
}

/// Cells joined by `sep`: `r3c4 + r3c5`.
fn terms(g: &Geometry, cells: &[Cell], sep: &str) -> String {
    cells
        .iter()
        .map(|&c| g.cell(c))
        .collect::<Vec<_>>()
        .join(sep)
}

/// Combinations as players write them: `1+9, 2+8 or 3+7` (the first few, then `...`).
fn combos_text(combos: &[DigitSet]) -> String {
    const SHOWN: usize = 8;
    let mut said: Vec<String> = combos
        .iter()
        .take(SHOWN)
        .map(|s| {
            s.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect();
    if combos.len() > SHOWN {
        said.push(format!("... ({} in all)", combos.len()));
    }
    match said.len() {
        0 => "nothing".into(),
        1 => said.remove(0),
        _ => {
            let last = said.pop().expect("two or more");
            format!("{} or {last}", said.join(", "))
        }
    }
}

/// The houses of `cell` where a peer loses a digit in `eliminated`, as a placed single's
/// text names them, with their verb: (`row, column and box`, `lose`), (`column`, `loses`).
/// A single whose box (or region) also loses the digit says so: "its row and column lose 8"
/// was said when its box lost it too (issue #45).
fn losing_houses(g: &Geometry, cell: Cell, eliminated: &[(Cell, u8)]) -> (String, &'static str) {
    let n = g.n;
    let (row, col, region) = (cell.row(n), cell.col(n), g.region_of[cell.index()]);
    let peers = || eliminated.iter().map(|&(c, _)| c).filter(|&c| c != cell);
    let mut names = Vec::new();
    if peers().any(|c| c.row(n) == row) {
        names.push("row");
    }
    if peers().any(|c| c.col(n) == col) {
        names.push("column");
    }
    if region.is_some() && peers().any(|c| g.region_of[c.index()] == region) {
        names.push(if g.boxes { "box" } else { "region" });
    }
    let crossed = g
        .houses
        .iter()
        .any(|house| matches!(house.kind, HouseKind::Diagonal(_)));
    match Diagonal::through(cell, n)
        .filter(|diagonal| crossed && peers().any(|c| diagonal.contains(c, n)))
        .count()
    {
        0 => {}
        1 => names.push("diagonal"),
        _ => names.push("diagonals"),
    }
    let verb = if names.len() == 1 { "loses" } else { "lose" };
    let said = if names.is_empty() {
        "peers".to_string()
    } else {
        and_list(
            &names
                .iter()
                .map(|name| name.to_string())
                .collect::<Vec<_>>(),
        )
    };
    (said, if names.is_empty() { "lose" } else { verb })
}

/// An area as people name it: `row 3`, `rows 1-3`, `columns 4-5`, `boxes 1 and 2`.
fn area_name(g: &Geometry, houses: &[usize]) -> String {
    let n = g.n;
    if houses.len() > 1 && houses.windows(2).all(|w| w[1] == w[0] + 1) {
        let (first, last) = (houses[0], houses[houses.len() - 1]);
        if last < n {
            return format!("rows {}-{}", first + 1, last + 1);
        }
        if first >= n && last < 2 * n {
            return format!("columns {}-{}", first - n + 1, last - n + 1);
        }
    }
    let region = |h: usize| matches!(g.houses[h].kind, HouseKind::Region(_));
    if houses.len() == 2 && region(houses[0]) && region(houses[1]) {
        let word = if g.boxes { "boxes" } else { "regions" };
        return format!(
            "{word} {} and {}",
            houses[0] - 2 * n + 1,
            houses[1] - 2 * n + 1
        );
    }
    house_list(g, houses)
}

impl Reason {
    /// What the step looks at: a house, a cage (`cage 12+ at r3c4`), a cell.
    fn house(&self, g: &Geometry, puzzle: &Puzzle) -> String {
        match self {
            Reason::Given { cell, cage: k, .. } => match k {
                Some(k) => format!("cage {}", cage(puzzle, *k)),
                None => g.cell(*cell),
            },
            Reason::NakedSingle { cell, .. }
            | Reason::Trial { cell, .. }
            | Reason::Assume { cell }
            | Reason::Search { cell, .. } => g.cell(*cell),
            Reason::HiddenSingle { house, .. }
            | Reason::Pointing { region: house, .. }
            | Reason::Claiming { line: house, .. }
            | Reason::NakedSubset { house, .. }
            | Reason::HiddenSubset { house, .. } => g.house_name(*house),
            Reason::CageDigits { cage: k, .. } | Reason::CageLayouts { cage: k, .. } => {
                format!("cage {}", cage(puzzle, *k))
            }
            Reason::CageLine { cage: k, house, .. } => {
                format!("cage {} and {}", cage(puzzle, *k), g.house_name(*house))
            }
            Reason::Fish {
                by_rows, chosen, ..
            } => {
                let base_word = if *by_rows { "rows" } else { "columns" };
                format!("{base_word} {}", lines(chosen))
            }
            Reason::ForcingChain { start, .. } => format!("chain from {}", g.cell(*start)),
            Reason::CageConfined { house, cage: k, .. } => {
                format!("{} and cage {}", g.house_name(*house), cage(puzzle, *k))
            }
            Reason::CageCombinations { cage: k, .. } => format!("cage {}", cage(puzzle, *k)),
            Reason::InniesOuties { houses, .. } | Reason::CageSplit { houses, .. } => {
                area_name(g, houses)
            }
            Reason::HiddenCage { house, .. } => g.house_name(*house),
            Reason::HouseCombinations { house, cage: k, .. } => {
                format!("{} and cage {}", g.house_name(*house), cage(puzzle, *k))
            }
            Reason::CombinationInteraction { cage: k, other, .. } => format!(
                "cage {} and cage {}",
                cage(puzzle, *k),
                cage(puzzle, *other)
            ),
            Reason::LineSum { houses, .. } => house_list(g, houses),
        }
    }

    /// Why, in words; `cells` are the step's cells, `eliminated` what it removes.
    fn text(
        &self,
        cells: &[Cell],
        eliminated: &[(Cell, u8)],
        g: &Geometry,
        puzzle: &Puzzle,
    ) -> String {
        match self {
            Reason::Given { cell, d, .. } => format!("{} is given as {d}", g.cell(*cell)),
            Reason::NakedSingle { cell, d, placed } => {
                if *placed {
                    let (houses, verb) = losing_houses(g, *cell, eliminated);
                    format!("{} is {d}, so its {houses} {verb} {d}", g.cell(*cell))
                } else {
                    format!("{} has only {d} left", g.cell(*cell))
                }
            }
            Reason::HiddenSingle { house, cell, d } => {
                format!("{d} fits only {} in {}", g.cell(*cell), g.house_name(*house))
            }
            Reason::CageDigits { cage: k, union, count } => format!(
                "cage {} can only be filled with the digits {} ({} layout{} fit{})",
                cage(puzzle, *k),
                digit_list(*union),
                count,
                if *count == 1 { "" } else { "s" },
                if *count == 1 { "s" } else { "" },
            ),
            // A killer player counts combinations (1+9, 2+8), not the orders of their
            // digits: "in the 4 layouts of cage 10+" counted 1+9 twice (issue #45).
            Reason::CageLayouts { cage: k, combos, keep, .. } if !combos.is_empty() => format!(
                "cage {} can only be {}, placed where they fit: {}",
                cage(puzzle, *k),
                combos_text(combos),
                keeps(keep, g),
            ),
            Reason::CageLayouts { cage: k, count, keep, .. } => format!(
                "in the {} layout{} of cage {} that fit, {}",
                count,
                if *count == 1 { "" } else { "s" },
                cage(puzzle, *k),
                keeps(keep, g),
            ),
            Reason::Pointing { region: within, line: only, d }
            | Reason::Claiming { line: within, region: only, d } => format!(
                // Pointing: in box 1, 7 is only in row 3 (r3c1 and r3c2), so the rest of row 3
                // loses 7; claiming the same with the line first.
                "in {}, {d} is only in {} ({}), so the rest of {} loses {d}",
                g.house_name(*within),
                g.house_name(*only),
                g.cells(cells),
                g.house_name(*only),
            ),
            Reason::CageLine { cage: k, house, d } if g.killer => format!(
                "cage {} must put {d} in {}",
                cage(puzzle, *k),
                g.house_name(*house)
            ),
            Reason::CageLine { cage: k, house, d } => format!(
                "every layout of cage {} puts {d} in {}",
                cage(puzzle, *k),
                g.house_name(*house)
            ),
            Reason::NakedSubset { house, union, k } => format!(
                "{} hold only {} between them (naked {} in {})",
                g.cells(cells),
                digit_list(*union),
                subset_name(*k),
                g.house_name(*house)
            ),
            Reason::HiddenSubset { house, set, k } => format!(
                "{} fit only {} in {} (hidden {})",
                digit_list(*set),
                g.cells(cells),
                g.house_name(*house),
                subset_name(*k)
            ),
            Reason::Fish { k, d, by_rows, chosen, covers } => {
                let (base_word, cover_word) = if *by_rows {
                    ("rows", "columns")
                } else {
                    ("columns", "rows")
                };
                format!(
                    "{} ({}): in {base_word} {}, {d} fits only in {cover_word} {}, so those {cover_word} hold their {d} there",
                    fish_name(*k),
                    d,
                    lines(chosen),
                    lines(covers),
                )
            }
            Reason::ForcingChain { start, orig, other, links, at, peer } => {
                let links: Vec<String> = links
                    .iter()
                    .map(|&(c, d)| format!("{} is {}", g.cell(c), d))
                    .collect();
                let links = and_list(&links);
                format!(
                    "{} is {} or {}: if it is not {orig}, then {}; so either {} or {} is {orig}, and {}, which sees both, cannot be {orig}",
                    g.cell(*start),
                    orig,
                    other,
                    links,
                    g.cell(*start),
                    g.cell(*at),
                    g.cell(*peer),
                )
            }
            Reason::CageConfined { house, cage: k, d, keep } => format!(
                "in {}, {d} fits only cells of cage {}, so the cage puts {d} there; its {} that do leave {}",
                g.house_name(*house),
                cage(puzzle, *k),
                if g.killer { "combinations" } else { "layouts" },
                keeps(keep, g)
            ),
            Reason::LineSum { sum, line, houses: _, whole, leftover, remaining, keep } => {
                let area = self.house(g, puzzle);
                let (verb, total_word) = if *sum {
                    ("add up to", "adds up to")
                } else {
                    ("multiply to", "multiplies to")
                };
                format!(
                    "each line {total_word} {line}; with the cages {} inside {area} and the digits placed, {} must {verb} {remaining}: {}",
                    cage_list(puzzle, whole),
                    g.cells(leftover),
                    keeps(keep, g)
                )
            }
            Reason::CageCombinations { cage: k, combos, shared, houses } => {
                let mut text = format!(
                    "cage {} can only be {}",
                    cage(puzzle, *k),
                    combos_text(combos)
                );
                if !houses.is_empty() {
                    text.push_str(&format!(
                        "; every combination holds {}, so the rest of {} cannot",
                        digit_list(*shared),
                        house_list(g, houses)
                    ));
                }
                text
            }
            Reason::InniesOuties { houses, innies, outies, value, keep } => {
                // Walkthroughs write the positive difference: outies − innies = 9, never
                // innies − outies = -9.
                let (kind, left, right) = if innies.is_empty() {
                    ("outies", terms(g, outies, " + "), -*value)
                } else if outies.is_empty() {
                    ("innies", terms(g, innies, " + "), *value)
                } else if *value < 0 {
                    (
                        "outies − innies",
                        format!("{} − {}", terms(g, outies, " + "), terms(g, innies, " − ")),
                        -*value,
                    )
                } else {
                    (
                        "innies − outies",
                        format!("{} − {}", terms(g, innies, " + "), terms(g, outies, " − ")),
                        *value,
                    )
                };
                format!(
                    "{kind} of {}: {left} = {right}: {}",
                    area_name(g, houses),
                    keeps(keep, g)
                )
            }
            Reason::HiddenCage { house, whole, open, sum, combos, shared } => {
                let mut text = format!(
                    "{} less the cage{} {} leaves a hidden cage {} = {sum}, which can only be {}",
                    g.house_name(*house),
                    if whole.len() == 1 { "" } else { "s" },
                    cage_list(puzzle, whole),
                    terms(g, open, " + "),
                    combos_text(combos)
                );
                if !shared.is_empty() && !combos.is_empty() {
                    text.push_str(&format!(
                        "; every combination holds {}, so the rest of {} cannot",
                        digit_list(*shared),
                        g.house_name(*house)
                    ));
                }
                text
            }
            Reason::CageSplit { houses, cage: k, part, value, rest, rest_value, count, combos, keep } => {
                let split = if combos.is_empty() {
                    format!("{} layout{} split so", count, if *count == 1 { "" } else { "s" })
                } else {
                    format!("it can only be {} split so", combos_text(combos))
                };
                format!(
                    "cage {} splits across {}: {} = {value} (the 45 rule), so {} = {rest_value}; {split}: {}",
                    cage(puzzle, *k),
                    area_name(g, houses),
                    terms(g, part, " + "),
                    terms(g, rest, " + "),
                    keeps(keep, g)
                )
            }
            Reason::HouseCombinations { house, cage: k, combos, keep } => format!(
                "the cages meeting {} share out its digits: cage {} can only be {}, the combinations that leave the others digits that fit: {}",
                g.house_name(*house),
                cage(puzzle, *k),
                combos_text(combos),
                keeps(keep, g)
            ),
            Reason::CombinationInteraction { cage: k, other, count, combos, keep } => {
                let kept = if combos.is_empty() {
                    format!("only {count} of its layouts leave")
                } else {
                    format!(
                        "only {} leave{}",
                        combos_text(combos),
                        if combos.len() == 1 { "s" } else { "" }
                    )
                };
                format!(
                    "cage {} meets cage {}: {kept} that cage one that fits: {}",
                    cage(puzzle, *k),
                    cage(puzzle, *other),
                    keeps(keep, g)
                )
            }
            Reason::Trial { cell, d, chain, elided, end } => {
                let mut text = format!("if {} were {d}: ", g.cell(*cell));
                if !chain.is_empty() {
                    let mut said: Vec<String> = chain
                        .iter()
                        .map(|f| f.reason.text(&f.cells, &f.eliminated, g, puzzle))
                        .collect();
                    if *elided {
                        said.push("...".into());
                    }
                    text.push_str(&said.join("; "));
                    text.push_str("; then ");
                }
                text.push_str(&format!(
                    "{}. So {} is not {d}",
                    end.describe(g, puzzle),
                    g.cell(*cell)
                ));
                text
            }
            Reason::Assume { .. } => String::new(),
            Reason::Search { cell, d } => format!(
                "no rule applies; a search shows that only {d} in {} leads to a solution",
                g.cell(*cell)
            ),
        }
    }
}

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule's name.
    pub rule: &'static str,
    /// The rule's level.
    pub level: Level,
    /// The rule's weight.
    pub weight: u32,
    /// What the step looks at: a house, a cage (`cage 12+ at r3c4`), a cell.
    pub house: String,
    /// The cells that cause the step.
    pub cells: Vec<Cell>,
    /// The digits it places.
    pub placed: Vec<(Cell, u8)>,
    /// The candidates it removes (a placement's clean-up included).
    pub eliminated: Vec<(Cell, u8)>,
    /// Why, in words.
    pub text: String,
}

impl Step {
    /// The step as a sentence with its effect, cells named `r3c4` in a grid of side `size`:
    /// `naked single: r3c4 has only 5 left: place 5 in r3c4; r3c1 loses 5`.
    pub fn describe(&self, size: usize) -> String {
        let mut out = format!("{}: {}", self.rule, self.text);
        let effect = self.effect(size);
        if !effect.is_empty() {
            out.push_str(": ");
            out.push_str(&effect);
        }
        out
    }

    /// What the step does, `place 5 in r3c4; r3c1 and r3c2 lose 5; r4c4 loses 1 and 2`.
    pub fn effect(&self, size: usize) -> String {
        let mut parts: Vec<String> = self
            .placed
            .iter()
            .map(|&(c, d)| format!("place {d} in {}", state::cell_name(c, size)))
            .collect();
        let placed_cells: Vec<Cell> = self.placed.iter().map(|p| p.0).collect();
        // Group eliminations by digit (most rules remove one digit from several cells) or by
        // cell, whichever is shorter.
        let shown: Vec<(Cell, u8)> = self
            .eliminated
            .iter()
            .copied()
            .filter(|(c, _)| !placed_cells.contains(c))
            .collect();
        let mut by_digit: BTreeMap<u8, Vec<Cell>> = BTreeMap::new();
        let mut by_cell: BTreeMap<Cell, Vec<u8>> = BTreeMap::new();
        for &(c, d) in &shown {
            by_digit.entry(d).or_default().push(c);
            by_cell.entry(c).or_default().push(d);
        }
        let names = |cells: &[Cell]| {
            and_list(
                &cells
                    .iter()
                    .map(|&c| state::cell_name(c, size))
                    .collect::<Vec<_>>(),
            )
        };
        let list = |ds: &[u8]| and_list(&ds.iter().map(u8::to_string).collect::<Vec<_>>());
        if by_digit.len() <= by_cell.len() {
            // Digits losing the same cells go together: `r1c4 and r2c4 lose 2 and 4`.
            let mut groups: Vec<(Vec<Cell>, Vec<u8>)> = Vec::new();
            for (d, cells) in by_digit {
                match groups.iter_mut().find(|(c, _)| *c == cells) {
                    Some((_, ds)) => ds.push(d),
                    None => groups.push((cells, vec![d])),
                }
            }
            for (cells, ds) in groups {
                let verb = if cells.len() == 1 { "loses" } else { "lose" };
                parts.push(format!("{} {verb} {}", names(&cells), list(&ds)));
            }
        } else {
            let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
            for (c, ds) in by_cell {
                match groups.iter_mut().find(|(d, _)| *d == ds) {
                    Some((_, cells)) => cells.push(c),
                    None => groups.push((ds, vec![c])),
                }
            }
            for (ds, cells) in groups {
                let verb = if cells.len() == 1 { "loses" } else { "lose" };
                parts.push(format!("{} {verb} {}", names(&cells), list(&ds)));
            }
        }
        parts.join("; ")
    }

    /// The hint a player asked for, by how much is revealed: `1` names the rule and where
    /// to look, `2` adds the cells, `3` (or more) is the whole step.
    ///
    /// The cells the place already names are not named again (`in cage 12+ at r1c1, with
    /// r1c2`). A step whose place is its cells (a single, a given, a trial: `r3c4`) is looked
    /// for at 1 in the cell's row and pointed at in 2 (`in row 3`, then `in row 3, at r3c4`):
    /// 1 and 2 used to be the same text (issue #45).
    pub fn hint_text(&self, reveal: u8, size: usize) -> String {
        let named: Vec<&str> = self
            .house
            .split(|ch: char| !ch.is_ascii_alphanumeric())
            .collect();
        let names: Vec<String> = self
            .cells
            .iter()
            .map(|&c| state::cell_name(c, size))
            .collect();
        let rest: Vec<&String> = names
            .iter()
            .filter(|name| !named.contains(&name.as_str()))
            .collect();
        let area = match self.cells.first() {
            Some(first) if rest.is_empty() => format!("row {}", first.row(size) + 1),
            _ => self.house.clone(),
        };
        let first = format!("look for {} ({}) in {area}", sought(self.rule), self.level);
        let list =
            |cells: &[&String]| and_list(&cells.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        match reveal {
            0 | 1 => first,
            2 if rest.is_empty() => {
                let all: Vec<&String> = names.iter().collect();
                if all.is_empty() {
                    first
                } else {
                    format!("{first}, at {}", list(&all))
                }
            }
            2 if rest.len() < self.cells.len() => format!("{first}, with {}", list(&rest)),
            2 => format!("{first}, at {}", list(&rest)),
            _ => self.describe(size),
        }
    }
}

/// A rule's name as the thing to look for: `a hidden single`, `cage combinations`,
/// `pointing`, `an X-wing` (the article only where the name is one thing: "look for a cage
/// digits" was the player review's example, issue #43, and "look for a cage combinations"
/// issue #45's; a plural or an -ing word takes none).
fn sought(rule: &str) -> String {
    match rule {
        "cage forces a digit into a line" => "a cage that forces a digit into a line".to_string(),
        "line arithmetic" => rule.to_string(),
        rule if rule.ends_with('s') || rule.ends_with("ing") || rule.starts_with("innies") => {
            rule.to_string()
        }
        rule if rule.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {rule}"),
        rule => format!("a {rule}"),
    }
}

#[cfg(test)]
mod sought_tests {
    use super::sought;

    #[test]
    fn every_rule_reads_after_look_for() {
        assert_eq!(sought("hidden single"), "a hidden single");
        assert_eq!(sought("cage digits"), "cage digits");
        assert_eq!(sought("line arithmetic"), "line arithmetic");
        assert_eq!(sought("innies and outies"), "innies and outies");
        assert_eq!(
            sought("cage forces a digit into a line"),
            "a cage that forces a digit into a line"
        );
        assert_eq!(sought("cage combinations"), "cage combinations");
        assert_eq!(sought("pointing"), "pointing");
        assert_eq!(sought("claiming"), "claiming");
        assert_eq!(sought("cage splitting"), "cage splitting");
        for rule in crate::logic::RULES
            .iter()
            .chain(crate::logic::KILLER_RULES.iter())
        {
            let phrase = sought(rule.name);
            let last = phrase.rsplit(' ').next().unwrap_or_default();
            let plural = last.ends_with('s') || last.ends_with("ing");
            assert!(
                !(phrase.starts_with("a ") || phrase.starts_with("an ")) || !plural,
                "{phrase}"
            );
            // "a" before a consonant, "an" before a vowel.
            if let Some(word) = phrase.strip_prefix("a ") {
                assert!(!word.starts_with(['a', 'e', 'i', 'o', 'u']), "{phrase}");
            }
        }
    }
}
