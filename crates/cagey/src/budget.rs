//! The time a piece of work may take: [`TimeLimit`], parsed once from the seconds a person
//! gives (a flag, a keyword argument, a server setting) and carried in that one form by the
//! solvers ([`Limits`](crate::solve::Limits)), the logic
//! ([`LogicLimits`](crate::logic::LogicLimits)) and the generator
//! ([`Settings`](crate::generate::Settings)).
//!
//! Every front end reads seconds the same way, through [`TimeLimit::from_secs`] (or
//! [`str::parse`]): `0` means no limit, a positive number that many seconds, and anything
//! past a century no limit either, since no clock can add it to the present
//! (`Instant + Duration` overflows and panics near 1e19 seconds, and `Duration` cannot even
//! hold 2e19). Negative numbers and NaN are refused with a message a person can act on.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use web_time::Instant;

use thiserror::Error;

/// Which budget ran out: the one way every search, explanation and grade that stops short
/// says why (a solver's [`Outcome::GaveUp`](crate::solve::Outcome::GaveUp), the logic's
/// [`LogicError::Limit`](crate::logic::LogicError::Limit)), and the one sentence for it,
/// [`Budget::ran_out`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// The node budget of a search.
    Nodes(u64),
    /// The time limit.
    Time(Duration),
    /// The work was cancelled ([`Cancel`](crate::solve::Cancel)): its client has gone.
    Cancelled,
    /// The steps an explanation may take.
    Steps(usize),
    /// The rule applications a run of the logic may make.
    Work(u64),
}

impl Budget {
    /// What ran out, as a clause: `the time limit of 5 s ran out`, `the run was cancelled`.
    pub fn ran_out(&self) -> String {
        match self {
            Budget::Cancelled => "the run was cancelled".to_string(),
            budget => format!("the {budget} ran out"),
        }
    }
}

impl fmt::Display for Budget {
    /// The budget as a noun phrase: `time limit of 5 s`, `node budget of 1000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Nodes(nodes) => write!(f, "node budget of {nodes}"),
            Budget::Time(time) => write!(f, "time limit of {}", seconds(*time)),
            Budget::Cancelled => write!(f, "budget of a cancelled run"),
            Budget::Steps(steps) => write!(f, "limit of {steps} steps"),
            Budget::Work(work) => write!(f, "limit of {work} rule applications"),
        }
    }
}

/// A duration as people read it in messages: `5 s`, `0.25 s`, `90 s`.
pub fn seconds(time: Duration) -> String {
    format!("{} s", time.as_secs_f64())
}

/// A century, in seconds: a limit this long or longer is no limit.
const CENTURY_SECS: u64 = 100 * 365 * 24 * 3600;

/// A bound on wall-clock time, or none.
///
/// ```
/// use std::time::Duration;
/// use cagey::budget::TimeLimit;
///
/// assert_eq!("2.5".parse::<TimeLimit>()?.duration(), Some(Duration::from_millis(2500)));
/// assert_eq!("0".parse::<TimeLimit>()?, TimeLimit::NONE);
/// assert_eq!("1e300".parse::<TimeLimit>()?, TimeLimit::NONE);
/// assert!("-1".parse::<TimeLimit>().is_err());
/// # Ok::<(), cagey::budget::TimeLimitError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeLimit(Option<Duration>);

/// Seconds that are not a time limit: negative, or not a number.
#[derive(Clone, Debug, PartialEq, Error)]
#[error("a time limit is a number of seconds, 0 (no limit) or more, not {0}")]
pub struct TimeLimitError(pub String);

impl TimeLimit {
    /// No limit.
    pub const NONE: TimeLimit = TimeLimit(None);

    /// A limit of `time`: no limit from a century on. Unlike [`TimeLimit::from_secs`], a
    /// zero `time` is a limit that has already run out (what is left of a spent budget),
    /// not the absence of one.
    pub const fn new(time: Duration) -> TimeLimit {
        if time.as_secs() >= CENTURY_SECS {
            TimeLimit(None)
        } else {
            TimeLimit(Some(time))
        }
    }

    /// The limit a person means by `seconds`: none for 0 and for a century or more, else
    /// that many seconds (rounded to the nanosecond); an error for a negative number or NaN.
    /// Infinity is no limit.
    pub fn from_secs(seconds: f64) -> Result<TimeLimit, TimeLimitError> {
        if seconds.is_nan() || seconds < 0.0 {
            return Err(TimeLimitError(seconds.to_string()));
        }
        if seconds == 0.0 || seconds >= CENTURY_SECS as f64 {
            return Ok(TimeLimit::NONE);
        }
        // In range now: below a century, so the conversion cannot fail; a tiny positive
        // number rounds to a limit of zero, which runs out at once, as asked.
        Ok(TimeLimit::new(Duration::from_secs_f64(seconds)))
    }

    /// The limit, or `None` for no limit.
    pub const fn duration(self) -> Option<Duration> {
        self.0
    }

    /// Whether there is no limit.
    pub const fn is_none(self) -> bool {
        self.0.is_none()
    }

    /// The instant the limit runs out for work started at `start`, or `None` for no limit.
    pub fn deadline(self, start: Instant) -> Option<Instant> {
        // Within a century the sum is representable on every platform cagey runs on; a
        // clock that cannot add it has no deadline to keep.
        self.0.and_then(|time| start.checked_add(time))
    }

    /// The limit in seconds, as the front ends take it back: 0 for none.
    pub fn as_secs_f64(self) -> f64 {
        self.0.map_or(0.0, |time| time.as_secs_f64())
    }

    /// The shorter of two limits (no limit being the longest).
    pub fn min(self, other: TimeLimit) -> TimeLimit {
        match (self.0, other.0) {
            (Some(a), Some(b)) => TimeLimit(Some(a.min(b))),
            (Some(a), None) | (None, Some(a)) => TimeLimit(Some(a)),
            (None, None) => TimeLimit::NONE,
        }
    }
}

/// When a [`TimeLimit`] runs out for work started at a given instant: the one form the
/// work carries down, so that what is left of it is handed to a sub-search as a
/// [`TimeLimit`] again, and no limit stays no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deadline(Option<Instant>);

impl Deadline {
    /// The deadline of `limit` for work starting now.
    pub(crate) fn after(limit: TimeLimit) -> Deadline {
        Deadline(limit.deadline(Instant::now()))
    }

    /// The deadline of `limit` for work started at `start`.
    pub(crate) fn from(limit: TimeLimit, start: Instant) -> Deadline {
        Deadline(limit.deadline(start))
    }

    /// Whether the deadline has passed.
    pub(crate) fn passed(self) -> bool {
        self.0.is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// What is left of the limit: zero once passed, no limit for no deadline.
    pub(crate) fn left(self) -> TimeLimit {
        self.0.map_or(TimeLimit::NONE, |deadline| {
            TimeLimit::new(deadline.saturating_duration_since(Instant::now()))
        })
    }
}

impl From<Duration> for TimeLimit {
    /// [`TimeLimit::new`].
    fn from(time: Duration) -> TimeLimit {
        TimeLimit::new(time)
    }
}

impl FromStr for TimeLimit {
    type Err = TimeLimitError;

    /// Seconds as [`TimeLimit::from_secs`] takes them, with or without the unit `s` (as
    /// [`Display`](fmt::Display) writes them): `0`, `2.5`, `1e-3`, `10 s`, `inf`.
    fn from_str(text: &str) -> Result<TimeLimit, TimeLimitError> {
        let number = text.trim();
        let number = number.strip_suffix('s').map_or(number, str::trim_end);
        let seconds: f64 = number
            .parse()
            .map_err(|_| TimeLimitError(format!("{text:?}")))?;
        TimeLimit::from_secs(seconds)
    }
}

impl fmt::Display for TimeLimit {
    /// `2.5 s`, or `no limit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(time) => write!(f, "{} s", time.as_secs_f64()),
            None => write!(f, "no limit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_read_as_people_mean_them() {
        let secs = |s: f64| TimeLimit::from_secs(s).map(TimeLimit::duration);
        assert_eq!(secs(0.0), Ok(None));
        assert_eq!(secs(1.5), Ok(Some(Duration::from_millis(1500))));
        assert_eq!(secs(1e-3), Ok(Some(Duration::from_millis(1))));
        for huge in [1e19, 2e19, 1e300, f64::MAX, f64::INFINITY] {
            assert_eq!(secs(huge), Ok(None), "{huge}");
        }
        assert_eq!(
            secs(CENTURY_SECS as f64 - 1.0).unwrap().unwrap().as_secs(),
            CENTURY_SECS - 1
        );
        for bad in [-1.0, -0.5, f64::NAN, f64::NEG_INFINITY] {
            assert!(secs(bad).is_err(), "{bad}");
        }
        assert_eq!(secs(-0.0), Ok(None));
    }

    #[test]
    fn text_reads_and_bad_text_is_named() {
        assert_eq!("60".parse(), Ok(TimeLimit::new(Duration::from_secs(60))));
        assert_eq!(" 1e19 ".parse(), Ok(TimeLimit::NONE));
        let written = TimeLimit::new(Duration::from_millis(2500));
        assert_eq!(written.to_string().parse(), Ok(written));
        assert_eq!("2.5s".parse(), Ok(written));
        assert!("s".parse::<TimeLimit>().is_err());
        let error = "soon".parse::<TimeLimit>().unwrap_err().to_string();
        assert!(error.contains("\"soon\""), "{error}");
        let error = "-3".parse::<TimeLimit>().unwrap_err().to_string();
        assert!(error.contains("not -3"), "{error}");
    }

    #[test]
    fn deadlines_never_overflow() {
        let now = Instant::now();
        assert_eq!(TimeLimit::NONE.deadline(now), None);
        let hour = TimeLimit::new(Duration::from_secs(3600));
        assert_eq!(hour.deadline(now), Some(now + Duration::from_secs(3600)));
        assert_eq!(TimeLimit::new(Duration::MAX), TimeLimit::NONE);
        assert_eq!(
            TimeLimit::new(Duration::ZERO).duration(),
            Some(Duration::ZERO)
        );
    }

    #[test]
    fn the_shorter_limit_wins() {
        let a = TimeLimit::new(Duration::from_secs(1));
        let b = TimeLimit::new(Duration::from_secs(2));
        assert_eq!(a.min(b), a);
        assert_eq!(b.min(a), a);
        assert_eq!(TimeLimit::NONE.min(b), b);
        assert_eq!(TimeLimit::NONE.min(TimeLimit::NONE), TimeLimit::NONE);
        assert_eq!(a.to_string(), "1 s");
        assert_eq!(TimeLimit::NONE.to_string(), "no limit");
    }
}
