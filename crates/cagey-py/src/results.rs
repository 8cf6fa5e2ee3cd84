//! What the methods answer: `SolveResult`, `Count`, `Check` and its `Violation`s, `Grade`,
//! `Explanation`, `Step`, `Hint`, `Verification` and `Judgement`. Each holds the library's record (the `wire` shape where there is one) and reads
//! its fields from it; `to_dict()` is that record as plain, JSON-ready data.

use cagey::logic::{self, Hint as LogicHint};
use cagey::model::Progress;
use cagey::solve::{End, Report, Search};
use cagey::wire::judge::JudgementRecord;
use cagey::wire::solve::Verdict;
use cagey::wire::{
    CheckRecord, ExplanationRecord, GradeRecord, HintRecord, StepRecord, VerdictRecord,
    ViolationRecord,
};
use cagey::Grid;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice};
use pyo3::IntoPyObjectExt;
use serde::{Deserialize, Serialize};

use crate::{html, values};

/// What `solve` found: `verdict` ("unique", "several", "none" or "gave_up"), the solution
/// `grid` (the first found; `None` when there is none), `message` (the command's verdict
/// line) and the effort (`nodes`, `guesses`, `seconds`).
#[pyclass(module = "cagey", frozen)]
pub struct SolveResult {
    verdict: String,
    solutions: Vec<Grid>,
    message: String,
    nodes: u64,
    guesses: u64,
    seconds: f64,
}

impl SolveResult {
    /// The result of a solver's report.
    pub fn new(report: &Report) -> SolveResult {
        let outcome = &report.outcome;
        SolveResult {
            verdict: Verdict::of(outcome).name().to_string(),
            solutions: outcome.solutions().to_vec(),
            message: outcome.describe(),
            nodes: report.stats.nodes,
            guesses: report.stats.guesses,
            seconds: report.stats.elapsed.as_secs_f64(),
        }
    }
}

#[pymethods]
impl SolveResult {
    /// "unique", "several", "none" or "gave_up".
    #[getter]
    fn verdict(&self) -> &str {
        &self.verdict
    }

    /// The solution as rows of ints (the first found when there are several), or `None`.
    #[getter]
    fn grid<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.solutions
            .first()
            .map(|g| values::grid(py, g))
            .transpose()
    }

    /// The solutions found, up to two (two prove there are several).
    #[getter]
    fn solutions<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyList>>> {
        self.solutions.iter().map(|g| values::grid(py, g)).collect()
    }

    /// The verdict as `cagey solve` words it: `unique solution`, `no solution`, ...
    #[getter]
    fn message(&self) -> &str {
        &self.message
    }

    /// Search nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Digits tried without proof.
    #[getter]
    fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Wall-clock seconds the search took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// True when the solution is unique.
    fn __bool__(&self) -> bool {
        self.verdict == "unique"
    }

    /// The result as a plain dict: verdict, grid, message, nodes, guesses, seconds.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("verdict", &self.verdict)?;
        dict.set_item("grid", self.grid(py)?)?;
        dict.set_item("message", &self.message)?;
        dict.set_item("nodes", self.nodes)?;
        dict.set_item("guesses", self.guesses)?;
        dict.set_item("seconds", self.seconds)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("<cagey.SolveResult {}: {}>", self.verdict, self.message)
    }

    /// A notebook's view: the verdict and the solution as a table.
    fn _repr_html_(&self) -> String {
        let grid = self.solutions.first().map(html::grid).unwrap_or_default();
        format!(
            "<div><b>{}</b>: {}{grid}</div>",
            html::escape(&self.verdict),
            html::escape(&self.message)
        )
    }

    /// Pickling: the result's fields, the solutions as their digits.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let solutions: Vec<(usize, Vec<u8>)> = self
            .solutions
            .iter()
            .map(|g| (g.size(), g.digits().to_vec()))
            .collect();
        let state = (
            &self.verdict,
            solutions,
            &self.message,
            self.nodes,
            self.guesses,
            self.seconds,
        );
        reduce(py, "SolveResult", state)
    }
}

/// How many solutions `count` found: `count`, and whether it is `exact` (otherwise there
/// are at least that many: the search stopped at its limit or ran out of time).
#[pyclass(module = "cagey", frozen)]
pub struct Count {
    count: u64,
    end: &'static str,
    /// The command's line for it.
    message: String,
}

/// Why a count stopped, each name `Count.end` gives.
const ENDS: [&str; 3] = ["exhausted", "limit", "gave_up"];

impl Count {
    /// The count of a search.
    pub fn new(search: &Search) -> Count {
        Count {
            count: search.count,
            end: match search.end {
                End::Exhausted => ENDS[0],
                End::SolutionLimit => ENDS[1],
                End::OutOfBudget(_) => ENDS[2],
            },
            message: search.describe(),
        }
    }
}

#[pymethods]
impl Count {
    /// Solutions found.
    #[getter]
    fn count(&self) -> u64 {
        self.count
    }

    /// True when every possibility was examined, so `count` is the number of solutions.
    #[getter]
    fn exact(&self) -> bool {
        self.end == ENDS[0]
    }

    /// Why the count stopped: "exhausted", "limit" or "gave_up".
    #[getter]
    fn end(&self) -> &'static str {
        self.end
    }

    fn __int__(&self) -> u64 {
        self.count
    }

    /// The line `cagey solve --count` prints: `2`, `at least 100 (stopped at the limit of
    /// 100)`.
    fn __str__(&self) -> String {
        self.message.clone()
    }

    /// Pickling: count, end and the command's line.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Count", (self.count, self.end, &self.message))
    }

    fn __repr__(&self) -> String {
        format!("<cagey.Count {}>", self.__str__())
    }

    /// A notebook's view: the command's line.
    fn _repr_html_(&self) -> String {
        format!("<div><b>count</b>: {}</div>", html::escape(&self.message))
    }

    /// The count as a plain dict: count, exact, end.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("count", self.count)?;
        dict.set_item("exact", self.exact())?;
        dict.set_item("end", self.end())?;
        Ok(dict)
    }
}

/// A check of a grid against a puzzle, as `/api/check` answers: `solved`, and what keeps the
/// grid from solving the puzzle, a list of `Violation`s (iterate, index or `len()` the
/// check): every broken rule in the order rows, columns, boxes or regions, givens, cages,
/// then the empty cells in one. A check is empty, and false, exactly when `solved`.
#[pyclass(module = "cagey", frozen)]
pub struct Check {
    record: CheckRecord,
}

impl Check {
    /// The check of the library's record.
    pub fn new(record: CheckRecord) -> Check {
        Check { record }
    }
}

#[pymethods]
impl Check {
    /// Whether the grid solves the puzzle: full, and breaking no rule.
    #[getter]
    fn solved(&self) -> bool {
        self.record.solved
    }

    /// The broken rules, then the empty cells.
    #[getter]
    fn violations(&self) -> Vec<Violation> {
        self.record
            .violations
            .iter()
            .cloned()
            .map(Violation::new)
            .collect()
    }

    fn __len__(&self) -> usize {
        self.record.violations.len()
    }

    /// A violation by its index (from the end when negative), or a list of the
    /// violations of a slice, as a list's.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        item(py, &self.record.violations, index, "violation", |record| {
            Violation::new(record.clone())
        })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.violations())?
            .try_iter()
            .map(Bound::into_any)
    }

    /// The violations, last first.
    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let violations: Vec<Violation> = self.violations().into_iter().rev().collect();
        PyList::new(py, violations)?.try_iter().map(Bound::into_any)
    }

    fn __repr__(&self) -> String {
        match self.record.violations.len() {
            0 => "<cagey.Check solved>".to_string(),
            count => format!("<cagey.Check {count} violations>"),
        }
    }

    /// A notebook's view: solved, or a list of what is broken.
    fn _repr_html_(&self) -> String {
        if self.record.solved {
            return "<div><b>solved</b></div>".to_string();
        }
        let items = self
            .record
            .violations
            .iter()
            .map(|v| format!("<li><b>{}</b>: {}</li>", v.rule, html::escape(&v.message)));
        format!(
            "<div><b>not solved</b><ul>{}</ul></div>",
            items.collect::<String>()
        )
    }

    /// The check as a plain dict, as `/api/check` answers: `solved`, and `violations`, each
    /// with `rule`, `cells` (`[row, col]`) and `message`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        values::record(py, &self.record)
    }

    /// Pickling: the record's JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Check", (json(&self.record)?,))
    }
}

/// One thing that keeps a grid from solving its puzzle: the `rule` broken ("row",
/// "column", "region", "given", "cage", "killer", "empty" or "size"), the `cells` that
/// break it (`(row, col)` from 0) and the `message`, as `cagey check` prints it; `str()` of
/// it is the message.
#[pyclass(module = "cagey", frozen)]
pub struct Violation {
    record: ViolationRecord,
}

impl Violation {
    /// A violation of the library's record.
    pub fn new(record: ViolationRecord) -> Violation {
        Violation { record }
    }
}

#[pymethods]
impl Violation {
    /// What is broken: "row", "column", "region" (a box or jigsaw region), "given", "cage",
    /// "killer", "empty" or "size".
    #[getter]
    fn rule(&self) -> &'static str {
        self.record.rule
    }

    /// The cells that break it, `(row, col)` from 0: those holding the repeated digit, the
    /// cell contradicting its given, the cage's cells, the empty cells.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        values::places(py, self.record.cells.iter().map(|p| (p.0, p.1)))
    }

    /// The sentence `cagey check` prints: `row 2 holds 1 four times: r2c1, r2c2, r2c3 and
    /// r2c4`.
    #[getter]
    fn message(&self) -> &str {
        &self.record.message
    }

    /// The violation as a plain dict: rule, cells, message.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        values::record(py, &self.record)
    }

    /// Pickling: the record's JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Violation", (json(&self.record)?,))
    }

    fn __str__(&self) -> &str {
        &self.record.message
    }

    fn __repr__(&self) -> String {
        format!(
            "<cagey.Violation {}: {}>",
            self.record.rule, self.record.message
        )
    }

    /// A notebook's view: the rule and the sentence.
    fn _repr_html_(&self) -> String {
        format!(
            "<div><b>{}</b>: {}</div>",
            self.record.rule,
            html::escape(&self.record.message)
        )
    }
}

/// A puzzle's grade, as `cagey grade`: `level` (easy, normal, hard, extreme,
/// unreasonable), `score`, `steps` and the `rules` used with how many steps each took.
#[pyclass(module = "cagey", frozen)]
pub struct Grade {
    /// The library's record.
    pub record: GradeRecord,
}

#[pymethods]
impl Grade {
    /// The level of the hardest rule needed.
    #[getter]
    fn level(&self) -> &'static str {
        self.record.level.name()
    }

    /// The sum of the steps' weights: orders puzzles within a level.
    #[getter]
    fn score(&self) -> u32 {
        self.record.score
    }

    /// How many steps the solve took.
    #[getter]
    fn steps(&self) -> usize {
        self.record.steps
    }

    /// The rules used, cheapest first, each with its number of steps.
    #[getter]
    fn rules(&self) -> Vec<(&'static str, u32)> {
        self.record
            .rules
            .iter()
            .map(|r| (r.rule, r.count))
            .collect()
    }

    /// The grade as a plain dict, as `cagey grade --output jsonl` and the server write it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        values::record(py, &self.record)
    }

    /// Pickling: the record's JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Grade", (json(&self.record)?,))
    }

    /// `hard 412`, as `cagey grade` prints it.
    fn __str__(&self) -> String {
        format!("{} {}", self.record.level, self.record.score)
    }

    fn __repr__(&self) -> String {
        format!("<cagey.Grade {} {}>", self.record.level, self.record.score)
    }

    /// A notebook's view: level and score, and the rules used.
    fn _repr_html_(&self) -> String {
        let rules = self
            .record
            .rules
            .iter()
            .map(|r| format!("<tr><td>{}</td><td>{}</td></tr>", r.rule, r.count));
        format!(
            "<div><b>{}</b>, score {} in {} steps<table>{}</table></div>",
            self.record.level,
            self.record.score,
            self.record.steps,
            rules.collect::<String>()
        )
    }
}

/// One step of an explanation or hint: the `rule` used (and its `level` and `weight`), the
/// `house` it looks at, the `cells` that cause it, the digits `placed` and the candidates
/// `eliminated` (`(row, col, digit)` from 0), and its words (`text`, `description`,
/// `hints`).
#[pyclass(module = "cagey", frozen)]
pub struct Step {
    record: StepRecord,
}

impl Step {
    /// A step of the library's record.
    pub fn new(record: StepRecord) -> Step {
        Step { record }
    }
}

#[pymethods]
impl Step {
    /// The rule's name (see `cagey rules`).
    #[getter]
    fn rule(&self) -> &'static str {
        self.record.rule
    }

    /// The rule's level: easy, normal, hard, extreme or unreasonable.
    #[getter]
    fn level(&self) -> &'static str {
        self.record.level.name()
    }

    /// What the step adds to the score.
    #[getter]
    fn weight(&self) -> u32 {
        self.record.weight
    }

    /// Where the step looks: a row, column, box, cage or cell, in words.
    #[getter]
    fn house(&self) -> &str {
        &self.record.house
    }

    /// The cells that cause the step, `(row, col)` from 0.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        values::places(py, self.record.cells.iter().map(|p| (p.0, p.1)))
    }

    /// The digits placed, `(row, col, digit)`.
    #[getter]
    fn placed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        values::marks(py, self.record.placed.iter().map(|m| (m.0, m.1, m.2)))
    }

    /// The candidates removed, `(row, col, digit)`.
    #[getter]
    fn eliminated<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        values::marks(py, self.record.eliminated.iter().map(|m| (m.0, m.1, m.2)))
    }

    /// Why, in words.
    #[getter]
    fn text(&self) -> &str {
        &self.record.text
    }

    /// The whole step as one sentence with its effect, as `cagey explain` prints it.
    #[getter]
    fn description(&self) -> &str {
        &self.record.description
    }

    /// The step as three hints revealing more and more (`cagey hint --level 1, 2, 3`).
    #[getter]
    fn hints(&self) -> Vec<String> {
        self.record.hints.to_vec()
    }

    /// The step as a plain dict, as `cagey explain --output jsonl` writes it: rule, level,
    /// weight, house, cells, placed, eliminated, text, description, hints.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        values::record(py, &self.record)
    }

    /// Pickling: the record's JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Step", (json(&self.record)?,))
    }

    fn __repr__(&self) -> String {
        format!(
            "<cagey.Step {} ({}): {}>",
            self.record.rule, self.record.level, self.record.description
        )
    }

    /// A notebook's view: the rule, its level and the step in words.
    fn _repr_html_(&self) -> String {
        format!("<div>{}</div>", html::step(&self.record))
    }
}

/// An explanation: its steps in order (iterate, index or `len()` it), the `verdict` it
/// ended on ("solved", "several", "none" or "gave_up") with its `message`, and `to_dict()`
/// as `/api/explain` answers.
#[pyclass(module = "cagey", frozen)]
pub struct Explanation {
    record: ExplanationRecord,
    lines: Vec<String>,
}

impl Explanation {
    /// The explanation of the library's record; `explanation` gives the command's lines.
    pub fn new(
        record: ExplanationRecord,
        explanation: &logic::Explanation,
        size: usize,
    ) -> Explanation {
        let lines = explanation
            .steps
            .iter()
            .enumerate()
            .map(|(index, step)| {
                format!("{:>3}. {}, {}", index + 1, step.level, step.describe(size))
            })
            .collect();
        Explanation { record, lines }
    }
}

#[pymethods]
impl Explanation {
    /// The steps, in order.
    #[getter]
    fn steps(&self) -> Vec<Step> {
        self.record.steps.iter().cloned().map(Step::new).collect()
    }

    /// How the explanation ended: "solved", "several", "none" or "gave_up".
    #[getter]
    fn verdict(&self) -> &'static str {
        self.record.verdict.name()
    }

    /// The ending in words: `solved in 31 steps; the hardest is easy, the score 40`.
    #[getter]
    fn message(&self) -> &str {
        self.record.verdict.message()
    }

    /// The hardest level of the steps, when the verdict has one.
    #[getter]
    fn level(&self) -> Option<&'static str> {
        match &self.record.verdict {
            VerdictRecord::Solved { level, .. }
            | VerdictRecord::Several { level, .. }
            | VerdictRecord::NoSolution { level, .. } => Some(level.name()),
            _ => None,
        }
    }

    fn __len__(&self) -> usize {
        self.record.steps.len()
    }

    /// A step by its index (from the end when negative), or a list of the steps of a
    /// slice, as a list's.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        item(py, &self.record.steps, index, "step", |record| {
            Step::new(record.clone())
        })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.steps())?
            .try_iter()
            .map(Bound::into_any)
    }

    /// The steps, last first.
    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let steps: Vec<Step> = self.steps().into_iter().rev().collect();
        PyList::new(py, steps)?.try_iter().map(Bound::into_any)
    }

    /// The explanation as `cagey explain` prints it, one numbered line a step, then the
    /// verdict.
    fn __str__(&self) -> String {
        let mut text: String = self.lines.iter().map(|l| format!("{l}\n")).collect();
        text.push_str(self.record.verdict.message());
        text
    }

    fn __repr__(&self) -> String {
        format!(
            "<cagey.Explanation {} steps, {}>",
            self.record.steps.len(),
            self.record.verdict.name()
        )
    }

    /// A notebook's view: the steps as a numbered list, then the verdict.
    fn _repr_html_(&self) -> String {
        let steps = self
            .record
            .steps
            .iter()
            .map(|step| format!("<li>{}</li>", html::step(step)));
        format!(
            "<div><ol>{}</ol><b>{}</b></div>",
            steps.collect::<String>(),
            html::escape(self.record.verdict.message())
        )
    }

    /// The explanation as a plain dict, as `/api/explain` answers: the verdict's fields,
    /// `start` (every cell's candidates before the first step) and `steps`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        values::record(py, &self.record)
    }

    /// Pickling: the record's JSON and the command's lines.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Explanation", (json(&self.record)?, &self.lines))
    }
}

/// A hint, as `cagey hint`: `kind` ("step", "mistakes", "solved" or "stuck"), `text` (the
/// command's words at the level asked), the `step` (for a step), and the `cells` involved.
#[pyclass(module = "cagey", frozen)]
pub struct Hint {
    record: HintRecord,
    text: String,
}

impl Hint {
    /// The hint of `hint` from `progress`, worded at `level`.
    pub fn new(hint: &LogicHint, progress: &Progress, level: u8, size: usize) -> Hint {
        Hint {
            record: HintRecord::new(hint, progress),
            text: hint.text(level, size),
        }
    }
}

#[pymethods]
impl Hint {
    /// "step", "mistakes", "solved" or "stuck".
    #[getter]
    fn kind(&self) -> &'static str {
        self.record.kind()
    }

    /// The hint in the command's words, at the level asked.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The record's message: the first hint of a step, or what the other kinds say.
    #[getter]
    fn message(&self) -> &str {
        self.record.message()
    }

    /// The step, for a hint of kind "step"; else `None`.
    #[getter]
    fn step(&self) -> Option<Step> {
        match &self.record {
            HintRecord::Step { step, .. } => Some(Step::new((**step).clone())),
            _ => None,
        }
    }

    /// The cells involved, `(row, col)` from 0 (the mistaken ones for "mistakes").
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        values::places(py, self.record.cells().iter().map(|p| (p.0, p.1)))
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<cagey.Hint {}: {}>", self.record.kind(), self.text)
    }

    /// A notebook's view: the kind and the words.
    fn _repr_html_(&self) -> String {
        format!(
            "<div><b>{}</b>: {}</div>",
            self.record.kind(),
            html::escape(&self.text)
        )
    }

    /// The hint as a plain dict, as `/api/hint` answers it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        values::record(py, &self.record)
    }

    /// Pickling: the record's JSON and the words at the level asked.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Hint", (json(&self.record)?, &self.text))
    }
}

/// How an answer stands against the puzzle's one solution, as `verify` says: `verdict`
/// ("solved", "wrong" or "incomplete"), `wrong` (the filled cells that are not the
/// solution's) and `empty` (the empty cells), `(row, col)` from 0, and `message`, the
/// verdict in words with cells named `r1c1`. True exactly when solved.
#[pyclass(module = "cagey", frozen)]
pub struct Verification {
    verdict: String,
    wrong: Vec<(usize, usize)>,
    empty: Vec<(usize, usize)>,
    message: String,
}

impl Verification {
    /// The library's verdict on a grid of side `size`.
    pub fn new(verification: &cagey::model::Verification, size: usize) -> Verification {
        let places = |cells: &[cagey::model::Cell]| -> Vec<(usize, usize)> {
            cells.iter().map(|c| (c.row(size), c.col(size))).collect()
        };
        Verification {
            verdict: verification.name().to_string(),
            wrong: places(verification.wrong()),
            empty: places(verification.empty()),
            message: verification.describe(size),
        }
    }
}

#[pymethods]
impl Verification {
    /// "solved", "wrong" or "incomplete".
    #[getter]
    fn verdict(&self) -> &str {
        &self.verdict
    }

    /// Whether the answer is the solution.
    #[getter]
    fn solved(&self) -> bool {
        self.verdict == "solved"
    }

    /// The filled cells whose digit is not the solution's, `(row, col)` from 0.
    #[getter]
    fn wrong(&self) -> Vec<(usize, usize)> {
        self.wrong.clone()
    }

    /// The empty cells, `(row, col)` from 0.
    #[getter]
    fn empty(&self) -> Vec<(usize, usize)> {
        self.empty.clone()
    }

    /// The verdict in words: `solved`, `2 cells are wrong: r1c2 and r1c3; 13 cells are
    /// empty`, `incomplete: r4c4 is empty`.
    #[getter]
    fn message(&self) -> &str {
        &self.message
    }

    fn __bool__(&self) -> bool {
        self.solved()
    }

    fn __str__(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        format!("<cagey.Verification {}: {}>", self.verdict, self.message)
    }

    /// A notebook's view: the verdict in words.
    fn _repr_html_(&self) -> String {
        format!(
            "<div><b>{}</b>: {}</div>",
            html::escape(&self.verdict),
            html::escape(&self.message)
        )
    }

    /// The verification as a plain dict: verdict, wrong, empty (each `[row, col]`),
    /// message.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("verdict", &self.verdict)?;
        let lists = |cells: &[(usize, usize)]| -> Vec<[usize; 2]> {
            cells.iter().map(|&(r, c)| [r, c]).collect()
        };
        dict.set_item("wrong", lists(&self.wrong))?;
        dict.set_item("empty", lists(&self.empty))?;
        dict.set_item("message", &self.message)?;
        Ok(dict)
    }

    /// Pickling: the fields.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let state = (&self.verdict, &self.wrong, &self.empty, &self.message);
        reduce(py, "Verification", state)
    }
}

/// A move judged by the step check (`Puzzle.judge`): `verdict` ("follows", "consistent"
/// or "wrong"), `reward` (1.0, 0.0 or -1.0), for a move that follows the `rule` of the step
/// that derived it, the hardest `level` on the way, that `step` and how many `steps` the
/// engine took; `reason` in words for every verdict. True exactly when the move follows.
#[pyclass(module = "cagey", frozen)]
pub struct Judgement {
    /// The library's record.
    pub record: JudgementRecord,
}

#[pymethods]
impl Judgement {
    /// "follows", "consistent" or "wrong".
    #[getter]
    fn verdict(&self) -> &'static str {
        self.record.verdict.name()
    }

    /// The verdict's reward: 1.0 for a move that follows, 0.0 for one only consistent
    /// with the solution, -1.0 for a wrong one.
    #[getter]
    fn reward(&self) -> f64 {
        self.record.reward
    }

    /// For a move that follows, the rule of the step that derived it; else `None`.
    #[getter]
    fn rule(&self) -> Option<&'static str> {
        self.record.rule
    }

    /// For a move that follows, the hardest level of the steps that derived it (easy,
    /// normal, hard, extreme, unreasonable); else `None`.
    #[getter]
    fn level(&self) -> Option<&'static str> {
        self.record.level.map(|level| level.name())
    }

    /// Why, in words, cells named `r1c1`.
    #[getter]
    fn reason(&self) -> &str {
        &self.record.reason
    }

    /// For a move that follows, the steps the engine took from the board to derive it
    /// (1 when the move is the engine's own next step); else 0.
    #[getter]
    fn steps(&self) -> usize {
        self.record.steps
    }

    /// For a move that follows, the `Step` that derived it; else `None`.
    #[getter]
    fn step(&self) -> Option<Step> {
        self.record.step.clone().map(Step::new)
    }

    /// The move judged, as `judge` takes it: `(action, row, col, digit)` with row and
    /// column from 1, `(action, row, col)` for an erase.
    #[getter]
    fn r#move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let at = &self.record.at;
        let action = self.record.action.as_str();
        if action == "erase" {
            (action, at.0 + 1, at.1 + 1).into_bound_py_any(py)
        } else {
            (action, at.0 + 1, at.1 + 1, at.2).into_bound_py_any(py)
        }
    }

    fn __bool__(&self) -> bool {
        self.verdict() == "follows"
    }

    /// `follows (hidden single, easy): ...`, `wrong: ...`.
    fn __str__(&self) -> String {
        match (self.record.rule, self.record.level) {
            (Some(rule), Some(level)) => {
                format!(
                    "{} ({rule}, {level}): {}",
                    self.verdict(),
                    self.record.reason
                )
            }
            _ => format!("{}: {}", self.verdict(), self.record.reason),
        }
    }

    fn __repr__(&self) -> String {
        format!("<cagey.Judgement {}>", self.__str__())
    }

    /// A notebook's view: the verdict, its reward and the reason.
    fn _repr_html_(&self) -> String {
        format!(
            "<div><b>{}</b> ({:+}): {}</div>",
            html::escape(self.verdict()),
            self.record.reward,
            html::escape(&self.record.reason)
        )
    }

    /// The judgement as a plain dict (the library's record: `move` is `[row, col, digit]`
    /// from 0, as every record of the package's `to_dict()` writes cells).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        values::record(py, &self.record)
    }

    /// Pickling: the record's JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Judgement", (json(&self.record)?,))
    }
}

/// The item of `records` at `index` as a list's `[]` gives it: one by an int (from the end
/// when negative), a list by a slice; `IndexError` naming `what` past the end.
fn item<'py, R, T>(
    py: Python<'py>,
    records: &[R],
    index: &Bound<'py, PyAny>,
    what: &str,
    make: impl Fn(&R) -> T,
) -> PyResult<Bound<'py, PyAny>>
where
    T: IntoPyObject<'py>,
{
    if let Ok(slice) = index.cast::<PySlice>() {
        let span = slice.indices(records.len() as isize)?;
        let mut picked = Vec::with_capacity(span.slicelength);
        let mut at = span.start;
        for _ in 0..span.slicelength {
            picked.push(make(&records[at as usize]));
            at += span.step;
        }
        return PyList::new(py, picked).map(Bound::into_any);
    }
    let index: isize = index
        .extract()
        .map_err(|_| PyTypeError::new_err(format!("{what} indices must be ints or slices")))?;
    let len = records.len() as isize;
    let i = if index < 0 { index + len } else { index };
    if !(0..len).contains(&i) {
        return Err(PyIndexError::new_err(format!("{what} index out of range")));
    }
    make(&records[i as usize]).into_bound_py_any(py)
}

/// What `__reduce__` answers: `cagey._unpickle` and its arguments, the class's name and its
/// state.
type Reduced<'py> = (Bound<'py, PyAny>, (&'static str, Bound<'py, PyAny>));

/// A result pickled as `cagey._unpickle(kind, state)`.
fn reduce<'py>(
    py: Python<'py>,
    kind: &'static str,
    state: impl IntoPyObject<'py>,
) -> PyResult<Reduced<'py>> {
    let unpickle = py.import("cagey")?.getattr("_unpickle")?;
    let state = state.into_bound_py_any(py)?;
    Ok((unpickle, (kind, state)))
}

/// A record as the JSON its `to_dict()` holds, to pickle it.
fn json(record: &impl Serialize) -> PyResult<String> {
    serde_json::to_string(record).map_err(crate::errors::value_error)
}

/// A record read back from the JSON [`json`] wrote.
fn record<T: for<'de> Deserialize<'de>>(kind: &str, text: &str) -> PyResult<T> {
    serde_json::from_str(text)
        .map_err(|error| PyValueError::new_err(format!("a pickled {kind} is damaged: {error}")))
}

/// Rebuilds a pickled result (the other half of each result's `__reduce__`).
#[pyfunction]
pub fn _unpickle(py: Python<'_>, kind: &str, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let object = match kind {
        "SolveResult" => {
            #[allow(clippy::type_complexity)]
            let (verdict, solutions, message, nodes, guesses, seconds): (
                String,
                Vec<(usize, Vec<u8>)>,
                String,
                u64,
                u64,
                f64,
            ) = state.extract()?;
            let solutions = solutions
                .into_iter()
                .map(|(size, digits)| {
                    Grid::from_digits(size, digits).ok_or_else(|| {
                        PyValueError::new_err("a pickled SolveResult holds a grid that is none")
                    })
                })
                .collect::<PyResult<Vec<Grid>>>()?;
            let result = SolveResult {
                verdict,
                solutions,
                message,
                nodes,
                guesses,
                seconds,
            };
            result.into_bound_py_any(py)?
        }
        "Count" => {
            let (count, end, message): (u64, String, String) = state.extract()?;
            let end = ENDS.into_iter().find(|e| *e == end).ok_or_else(|| {
                PyValueError::new_err(format!("a pickled Count ends {end:?}, which is no end"))
            })?;
            Count {
                count,
                end,
                message,
            }
            .into_bound_py_any(py)?
        }
        "Check" => {
            let (text,): (String,) = state.extract()?;
            Check::new(record(kind, &text)?).into_bound_py_any(py)?
        }
        "Violation" => {
            let (text,): (String,) = state.extract()?;
            Violation::new(record(kind, &text)?).into_bound_py_any(py)?
        }
        "Grade" => {
            let (text,): (String,) = state.extract()?;
            Grade {
                record: record(kind, &text)?,
            }
            .into_bound_py_any(py)?
        }
        "Step" => {
            let (text,): (String,) = state.extract()?;
            Step::new(record(kind, &text)?).into_bound_py_any(py)?
        }
        "Explanation" => {
            let (text, lines): (String, Vec<String>) = state.extract()?;
            Explanation {
                record: record(kind, &text)?,
                lines,
            }
            .into_bound_py_any(py)?
        }
        "Hint" => {
            let (text, words): (String, String) = state.extract()?;
            Hint {
                record: record(kind, &text)?,
                text: words,
            }
            .into_bound_py_any(py)?
        }
        "Verification" => {
            #[allow(clippy::type_complexity)]
            let (verdict, wrong, empty, message): (
                String,
                Vec<(usize, usize)>,
                Vec<(usize, usize)>,
                String,
            ) = state.extract()?;
            Verification {
                verdict,
                wrong,
                empty,
                message,
            }
            .into_bound_py_any(py)?
        }
        "Judgement" => {
            let (text,): (String,) = state.extract()?;
            Judgement {
                record: record(kind, &text)?,
            }
            .into_bound_py_any(py)?
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "{kind:?} is no result cagey pickles"
            )))
        }
    };
    Ok(object.unbind())
}
