//! From a block of cage lines to a puzzle: the directives picked out of its comments, the
//! grid side found, and the checks that need all the cages at once (every cell once, cages
//! connected, targets that fit the size), each error naming the line of the cage at fault.

use super::block::{Block, ParsedCage};
use super::directives::{directive, RegionSpec, Rules};
use super::error::{list, KkError, KkErrorKind};
use crate::formats::entry::Entry;
use crate::model::{Cage, Cell, Operation, Options, Puzzle, PuzzleError, Regions, MAX_SIZE};

/// The puzzle of `block`, read under `options` besides its directives; the block is
/// left to be cleared.
pub(super) fn finish(block: &mut Block, options: Options) -> Result<Entry, KkError> {
    if let Some(error) = block.error.take() {
        return Err(error);
    }
    let line = block.cages[0].line;
    let mut rules = Rules {
        options,
        ..Rules::default()
    };
    let mut comments = Vec::new();
    for (line, comment) in block.comments.drain(..) {
        match directive(&comment) {
            Some(Ok(directive)) => rules.apply(directive, line),
            Some(Err(reason)) => {
                return Err(KkError {
                    line,
                    column: None,
                    kind: KkErrorKind::Directive { reason },
                })
            }
            None => comments.push(comment),
        }
    }
    let puzzle = build(block, &rules)?;
    Ok(Entry {
        puzzle,
        line,
        comments,
        progress: None,
    })
}

/// Whether cage `index` of `block`, which reuses a cell of the cages before it, looks like
/// the first cage of a second puzzle run into the first without the blank line between
/// them: the cages before it cover a whole square grid, each cell once (a complete plain
/// puzzle), or they are two or more written from cell 0 in order of their smallest cells, as
/// every writer writes them, and this cage holds cell 0 again (a puzzle starting again at
/// the top; this catches a killer puzzle that leaves cells out, too).
fn runs_together(block: &Block, index: usize) -> bool {
    let before = &block.cages[..index];
    let count: usize = before.iter().map(|cage| cage.cells.len()).sum();
    let side = count.isqrt();
    // The cages before do not overlap (this is the first reused cell), so covering k*k
    // cells all below k*k is covering the k x k grid.
    let complete = count > 0
        && side * side == count
        && before
            .iter()
            .all(|cage| block.cells_of(cage).iter().all(|&cell| cell < count));
    let smallest = |cage: &ParsedCage| block.cells_of(cage).iter().copied().min();
    let firsts: Vec<Option<usize>> = before.iter().map(smallest).collect();
    let restarts = firsts.len() >= 2
        && firsts[0] == Some(0)
        && firsts.windows(2).all(|pair| pair[0] < pair[1])
        && smallest(&block.cages[index]) == Some(0);
    complete || restarts
}

/// Checks the cages of `block` against each other and builds the puzzle.
pub(super) fn build(block: &Block, rules: &Rules) -> Result<Puzzle, KkError> {
    let cages = &block.cages;
    let at = |line: usize, kind: KkErrorKind| KkError {
        line,
        column: None,
        kind,
    };
    let highest = block.cells.iter().copied().max().unwrap_or(0);
    let mut size = (highest + 1).isqrt();
    if size * size <= highest {
        size += 1;
    }
    if let Some((line, stated)) = rules.size {
        if !(1..=MAX_SIZE).contains(&stated) {
            let reason =
                format!("a grid of side {stated} is not supported: sizes run from 1 to {MAX_SIZE}");
            return Err(at(line, KkErrorKind::Directive { reason }));
        }
        if stated < size {
            let reason = format!(
                "cell {highest} is outside the {stated}x{stated} grid that `# size {stated}` on line {line} gives (cells 0 to {})",
                stated * stated - 1
            );
            // The line of the cage naming the cell, where the typo most likely is.
            let cage_line = cages
                .iter()
                .find(|cage| block.cells_of(cage).contains(&highest))
                .map_or(line, |cage| cage.line);
            return Err(at(cage_line, KkErrorKind::Directive { reason }));
        }
        size = stated;
    }
    let total = size * size;
    let mut owner: Vec<Option<usize>> = vec![None; total];
    for (index, cage) in cages.iter().enumerate() {
        for &cell in block.cells_of(cage) {
            match owner[cell] {
                Some(first_line) if first_line == cage.line => {
                    return Err(at(cage.line, KkErrorKind::RepeatedCell { cell, size }))
                }
                Some(first_line) => {
                    let run_together = runs_together(block, index);
                    return Err(at(
                        cage.line,
                        KkErrorKind::Overlap {
                            cell,
                            first_line,
                            size,
                            run_together,
                        },
                    ));
                }
                None => owner[cell] = Some(cage.line),
            }
        }
    }
    let missing: Vec<usize> = (0..total).filter(|&c| owner[c].is_none()).collect();
    if !missing.is_empty() {
        match (rules.options.killer, rules.size) {
            // A killer puzzle may leave cells out, but only once its size is stated: guessing
            // it from the highest cell would silently shrink a grid whose last cells are
            // uncovered.
            (true, Some(_)) => {}
            (true, None) => {
                let reason = format!(
                    "the cages leave {} of the {total} cells out ({}); a killer puzzle may, once it states its grid side with `# size N`",
                    missing.len(),
                    list(&missing)
                );
                return Err(at(0, KkErrorKind::Directive { reason }));
            }
            (false, _) => {
                // A stated size is the grid; without one, the highest cell may be a typo.
                if let Some((line, stray)) = stray(block, &missing).filter(|_| rules.size.is_none())
                {
                    return Err(at(line, stray));
                }
                return Err(at(
                    0,
                    KkErrorKind::Missing {
                        size,
                        covered: total - missing.len(),
                        total,
                        missing,
                    },
                ));
            }
        }
    }
    let model_cages = cages
        .iter()
        .map(|c| {
            let cells = block.cells_of(c).iter().map(|&i| Cell(i as u16)).collect();
            Cage::new(c.operation, c.target, cells)
        })
        .collect();
    let mut builder = Puzzle::builder(size)
        .cages(model_cages)
        .options(rules.options);
    builder = match &rules.regions {
        None => builder,
        Some((_, RegionSpec::Standard)) => {
            match Regions::standard_boxes(size) {
                Some(boxes) => builder.regions(boxes),
                None => {
                    let reason = format!("a {size}x{size} grid has no standard boxes: give their shape, `# boxes RxC`");
                    return Err(at(
                        rules.regions.as_ref().map_or(0, |r| r.0),
                        KkErrorKind::Directive { reason },
                    ));
                }
            }
        }
        Some((_, RegionSpec::Boxes(rows, cols))) => builder.regions(Regions::Boxes {
            rows: *rows,
            cols: *cols,
        }),
        Some((_, RegionSpec::Jigsaw(regions))) => builder.regions(Regions::Jigsaw(regions.clone())),
    };
    for &(_, cell, digit) in &rules.givens {
        builder = builder.given(Cell(cell as u16), digit);
    }
    builder.build().map_err(|error| {
        let Some(index) = error.cage() else {
            // Size and coverage were checked above; what is left is about the directives.
            let line = match error {
                PuzzleError::BadGiven { cell, .. } => rules
                    .givens
                    .iter()
                    .find(|g| g.1 == cell.index())
                    .map_or(0, |g| g.0),
                _ => rules.regions.as_ref().map_or(0, |r| r.0),
            };
            return at(
                line,
                KkErrorKind::Directive {
                    reason: error.to_string(),
                },
            );
        };
        let cage = &cages[index];
        let label = block.labels[cage.label.clone()].to_string();
        let kind = match error {
            PuzzleError::NotConnected { .. } => {
                let mut cells = block.cells_of(cage).to_vec();
                cells.sort_unstable();
                KkErrorKind::NotConnected { label, cells }
            }
            PuzzleError::Arity {
                operation,
                cells,
                expected,
                ..
            } => KkErrorKind::Arity {
                label,
                cells,
                rule: match operation {
                    Operation::Given => {
                        "a cage without an operator is a given and has exactly one cell".into()
                    }
                    Operation::Subtract | Operation::Divide if cells > 2 => format!(
                        "a {} cage {expected} (hint: for {} over more cells, the multi-cell rules, add a `# multi-cell` line)",
                        operation.ascii().unwrap_or(' '),
                        operation.ascii().unwrap_or(' ')
                    ),
                    _ => format!("a {} cage {expected}", operation.ascii().unwrap_or(' ')),
                },
            },
            PuzzleError::KillerOperation { .. } => KkErrorKind::Directive {
                reason: error.detail(),
            },
            PuzzleError::GivenOutOfRange { size, .. } => {
                KkErrorKind::GivenOutOfRange { label, size }
            }
            PuzzleError::ZeroTarget { .. } => KkErrorKind::ZeroTarget { label },
            other => unreachable!("checked while parsing the line: {other}"),
        };
        at(cage.line, kind)
    })
}

/// The typo of a cell past the grid: when the cages cover a square grid of k*k cells but
/// for as many cells as they name past it (`99` where `11` was meant in a 4x4), the line
/// of the first such cell and the error that names it. Not when the cages are a whole grid
/// numbered from 1, which has its own hint.
fn stray(block: &Block, missing: &[usize]) -> Option<(usize, KkErrorKind)> {
    let covered = block.cells.len();
    let side = covered.isqrt();
    let inside: Vec<usize> = missing
        .iter()
        .copied()
        .filter(|&c| c < side * side)
        .collect();
    let from_one = inside == [0] && missing[1..].iter().all(|&c| c > covered);
    if side == 0 || side * side != covered || inside.is_empty() || from_one {
        return None;
    }
    block.cages.iter().find_map(|cage| {
        let cell = block
            .cells_of(cage)
            .iter()
            .copied()
            .find(|&c| c >= side * side)?;
        let kind = KkErrorKind::Stray {
            cell,
            size: side,
            missing: inside.clone(),
        };
        Some((cage.line, kind))
    })
}
