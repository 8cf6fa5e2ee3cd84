//! A run with no puzzle twice: [`DistinctStream`] hands out a [`Stream`]'s puzzles in index
//! order, leaves out each that repeats an earlier one of the run by its fingerprint (the
//! same puzzle turned, mirrored or written with its cages in another order,
//! [`model::fingerprint`]), and makes one of the next indices in its place, so that the run
//! still gives as many as were asked for. With a [`Shard`] in the settings it also leaves
//! out a puzzle that is not the shard's, so that shards of one seed never share one.
//!
//! Which puzzles are kept depends only on the seed, the settings and the indices asked for,
//! never on the jobs: the stream hands them out in index order, and they are judged in it.
//!
//! ```text
//!   Stream [first, end) ──▶ seen before? ──yes──▶ left out; one more index from `end` on
//!                              │no                 (at most as many again as asked for)
//!                              ▼
//!                          handed out
//! ```

use std::collections::HashSet;
use std::ops::Range;

use super::{GenerateError, Made, Settings, Shard, Stream};
use crate::model::{self, Fingerprint};

/// Fresh indices a run may use beyond those asked for, at least: a small run of a size
/// with few puzzles still gets a fair number of tries.
pub const MIN_SPARE: u64 = 100;

/// The puzzles of a run, none twice (see the module's documentation). An index whose
/// puzzle could not be made (out of time) is handed out as it is, an error; when the spare
/// indices run out before enough distinct puzzles are made, the last item handed out is
/// [`GenerateError::TooFewDistinct`].
///
/// ```
/// use std::collections::HashSet;
/// use cagey::generate::{DistinctStream, Request};
///
/// let request = Request { size: Some(4), ..Request::default() };
/// let prints: HashSet<_> = DistinctStream::new(request.settings()?, 7, 0..30, 1)?
///     .map(|made| cagey::model::fingerprint(&made.result.unwrap().puzzle))
///     .collect();
/// assert_eq!(prints.len(), 30);
/// # Ok::<(), cagey::generate::GenerateError>(())
/// ```
pub struct DistinctStream {
    settings: Settings,
    shard: Option<Shard>,
    seed: u64,
    jobs: usize,
    stream: Stream,
    seen: HashSet<Fingerprint>,
    /// Puzzles still to hand out.
    wanted: u64,
    /// The next fresh index, and the end of the spare ones.
    fresh: u64,
    spare_end: u64,
    /// Puzzles left out.
    repeats: u64,
    /// Whether the run has ended (made enough, or said it could not).
    done: bool,
}

impl DistinctStream {
    /// The puzzles of the run with `seed` for `indices`, on `jobs` threads (0: one per
    /// core), none twice; its shard is the settings'.
    pub fn new(
        settings: Settings,
        seed: u64,
        indices: Range<u64>,
        jobs: usize,
    ) -> Result<DistinctStream, GenerateError> {
        let wanted = indices.end.saturating_sub(indices.start);
        let end = indices.start.saturating_add(wanted);
        Ok(DistinctStream {
            stream: Stream::new(settings.clone(), seed, indices.start..end, jobs)?,
            shard: settings.shard,
            settings,
            seed,
            jobs,
            seen: HashSet::new(),
            wanted,
            fresh: end,
            spare_end: end.saturating_add(wanted.max(MIN_SPARE)),
            repeats: 0,
            done: wanted == 0,
        })
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Puzzles left out so far: repeats, and (in a shard) puzzles of another shard.
    pub fn repeats(&self) -> u64 {
        self.repeats
    }

    /// Whether `made` is handed out: an error always, a puzzle once, and in a shard only
    /// one of the shard's.
    fn admit(&mut self, made: &Made) -> bool {
        let Ok(generated) = &made.result else {
            return true;
        };
        // The generator drew the grid for the shard; a puzzle whose digits may be renamed
        // (givens only) is judged with them renamed, as its fingerprint is.
        if let Some(shard) = self.shard {
            if !shard.holds(&generated.puzzle, &generated.solution) {
                return false;
            }
        }
        self.seen.insert(model::fingerprint(&generated.puzzle))
    }
}

impl Iterator for DistinctStream {
    type Item = Made;

    fn next(&mut self) -> Option<Made> {
        if self.done {
            return None;
        }
        loop {
            match self.stream.next() {
                Some(made) => {
                    if self.admit(&made) {
                        self.wanted -= 1;
                        self.done = self.wanted == 0;
                        return Some(made);
                    }
                    self.repeats += 1;
                }
                None => {
                    let more = self.wanted.min(self.spare_end - self.fresh);
                    if more == 0 {
                        self.done = true;
                        return Some(Made {
                            index: self.fresh,
                            result: Err(GenerateError::TooFewDistinct {
                                missing: self.wanted,
                                repeats: self.repeats,
                            }),
                            elapsed: std::time::Duration::ZERO,
                        });
                    }
                    let indices = self.fresh..self.fresh + more;
                    self.fresh += more;
                    match Stream::new(self.settings.clone(), self.seed, indices, self.jobs) {
                        Ok(stream) => self.stream = stream,
                        Err(error) => {
                            self.done = true;
                            return Some(Made {
                                index: self.fresh,
                                result: Err(error),
                                elapsed: std::time::Duration::ZERO,
                            });
                        }
                    }
                }
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.wanted).unwrap_or(usize::MAX);
        (0, Some(left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Request, Target};
    use crate::logic::Level;

    fn settings(size: usize) -> Settings {
        Request {
            size: Some(size),
            difficulty: Some(Target::from(Level::Easy)),
            ..Request::default()
        }
        .settings()
        .unwrap()
    }

    fn prints(stream: DistinctStream) -> Vec<Fingerprint> {
        stream
            .map(|made| model::fingerprint(&made.result.unwrap().puzzle))
            .collect()
    }

    /// Guards #47: 300 easy 3x3s of one seed, where a plain run repeats some (4x4s repeat
    /// too, more rarely: 4 in 10,000 hard), come out all different, and with any jobs the
    /// same.
    #[test]
    fn a_run_of_small_puzzles_has_no_repeat_and_any_jobs_give_the_same() {
        let plain: Vec<Fingerprint> = Stream::new(settings(3), 3, 0..300, 1)
            .unwrap()
            .map(|made| model::fingerprint(&made.result.unwrap().puzzle))
            .collect();
        let kinds: HashSet<_> = plain.iter().collect();
        assert!(
            kinds.len() < 300,
            "no repeat to leave out: pick another seed"
        );
        let one = prints(DistinctStream::new(settings(3), 3, 0..300, 1).unwrap());
        assert_eq!(one.len(), 300);
        assert_eq!(one.iter().collect::<HashSet<_>>().len(), 300);
        let two = prints(DistinctStream::new(settings(3), 3, 0..300, 2).unwrap());
        assert_eq!(one, two);
    }

    /// Guards #47: the shards of one seed share no puzzle, and each is the shard's.
    #[test]
    fn shards_of_one_seed_share_no_puzzle() {
        let mut all = HashSet::new();
        for index in 0..3 {
            let mut settings = settings(3);
            settings.shard = Some(Shard::new(index, 3).unwrap());
            let made: Vec<_> = DistinctStream::new(settings, 5, 0..40, 1)
                .unwrap()
                .map(|made| made.result.unwrap())
                .collect();
            assert_eq!(made.len(), 40);
            for generated in &made {
                assert!(all.insert(model::fingerprint(&generated.puzzle)));
                assert_eq!(generated.shard, Some(Shard::new(index, 3).unwrap()));
            }
        }
        assert_eq!(all.len(), 120);
    }

    #[test]
    fn a_run_that_cannot_be_distinct_says_so_last() {
        // Easy 3x3s come in a few hundred kinds: a thousand cannot all differ.
        let made: Vec<Made> = DistinctStream::new(settings(3), 1, 0..1000, 2)
            .unwrap()
            .collect();
        let (last, puzzles) = made.split_last().unwrap();
        assert!(
            matches!(
                last.result,
                Err(GenerateError::TooFewDistinct { missing, .. })
                    if missing as usize == 1000 - puzzles.len()
            ),
            "{:?}",
            last.result
        );
        let prints: HashSet<_> = puzzles
            .iter()
            .map(|made| model::fingerprint(&made.result.as_ref().unwrap().puzzle))
            .collect();
        assert_eq!(prints.len(), puzzles.len());
        assert!(puzzles.len() > 100, "{}", puzzles.len());
    }
}
