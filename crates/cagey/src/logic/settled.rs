//! What the trial rule remembers between its sweeps: the assumptions that ended without a
//! contradiction, with where they ended ([`Settled`]). Apart from the rule, in the run's
//! context ([`super::rule::Ctx`]), so that the context does not import the rule, which
//! runs the engine.

use crate::model::{DigitSet, MAX_SIZE};

/// The assumptions of the outermost trials that ended without a contradiction, each with
/// the candidates its run ended on and those of the state it was tried on.
///
/// Every rule only removes candidates, and a removal a rule can make stays one it can make
/// after further removals, so the rules take a state to one end whatever the order of their
/// steps, and a smaller state to a smaller end. An assumption tried again on a later state
/// that holds no candidate the earlier state lacked, and every candidate the earlier run
/// ended with, therefore ends where it ended before: it still leads to no contradiction,
/// and the sweep passes over it without running the rules (a twelfth of the assumptions
/// of a 9x9 "unreasonable" grade; docs/rules.md, "What a grade costs").
#[derive(Debug, Default)]
pub(crate) struct Settled {
    /// The candidates of the states trials were tried on, once per sweep that noted one.
    starts: Vec<Vec<DigitSet>>,
    /// Per cell and digit (slot `cell * (MAX_SIZE + 1) + digit`), the latest run that ended
    /// without a contradiction: the index of its start in `starts`, and its end.
    ends: Vec<Option<(usize, Vec<DigitSet>)>>,
}

impl Settled {
    fn slot(i: usize, d: u8) -> usize {
        i * (MAX_SIZE + 1) + d as usize
    }

    /// Whether assuming `d` in cell `i` is known to end without a contradiction from a
    /// state with candidates `now`.
    pub(super) fn knows(&self, i: usize, d: u8, now: &[DigitSet]) -> bool {
        let Some(Some((start, end))) = self.ends.get(Self::slot(i, d)) else {
            return false;
        };
        now.iter()
            .zip(&self.starts[*start])
            .zip(end)
            .all(|((&now, &start), &end)| (now & !start).is_empty() && (end & !now).is_empty())
    }

    /// Notes that assuming `d` in cell `i` on the state with candidates `start` ended
    /// without a contradiction at `end`. `sweep_start` is this sweep's entry in `starts`,
    /// made at its first note.
    pub(super) fn note(
        &mut self,
        i: usize,
        d: u8,
        start: &[DigitSet],
        end: Vec<DigitSet>,
        sweep_start: &mut Option<usize>,
    ) {
        let at = *sweep_start.get_or_insert_with(|| {
            self.starts.push(start.to_vec());
            self.starts.len() - 1
        });
        let slot = Self::slot(i, d);
        if self.ends.len() <= slot {
            self.ends.resize(Self::slot(start.len(), 0), None);
        }
        self.ends[slot] = Some((at, end));
    }
}

#[cfg(test)]
mod tests {
    use super::Settled;
    use crate::model::DigitSet;

    fn sets(cells: &[&[u8]]) -> Vec<DigitSet> {
        cells
            .iter()
            .map(|digits| {
                digits
                    .iter()
                    .fold(DigitSet::EMPTY, |set, &d| set | DigitSet::single(d))
            })
            .collect()
    }

    #[test]
    fn an_assumption_is_known_only_between_its_start_and_its_end() {
        let mut settled = Settled::default();
        let start = sets(&[&[1, 2, 3], &[1, 2, 3], &[2, 3]]);
        let end = sets(&[&[1], &[2, 3], &[2, 3]]);
        let mut sweep = None;
        settled.note(0, 1, &start, end, &mut sweep);
        // The start itself, and a state between the two.
        assert!(settled.knows(0, 1, &start));
        assert!(settled.knows(0, 1, &sets(&[&[1, 2], &[2, 3], &[2, 3]])));
        // A state that lost a candidate the end kept: the run may end elsewhere now.
        assert!(!settled.knows(0, 1, &sets(&[&[1, 2], &[2], &[2, 3]])));
        // A state holding a candidate the start lacked is from another run.
        assert!(!settled.knows(0, 1, &sets(&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]])));
        // Another assumption is not known.
        assert!(!settled.knows(0, 2, &start));
        assert!(!settled.knows(1, 1, &start));
        assert_eq!(sweep, Some(0));
    }
}
