//! Requests for variant searches, decided once for every face (the command line, the web API,
//! Python): [`SolveRequest`] (solve, decide uniqueness, count) and [`TraceRequest`] (every
//! decision of the dancing-links search), their defaults, validation, and errors
//! ([`RequestError`], which keeps the field, line, column and the constraint at fault).
//!
//! A request is plain data (serde, `deny_unknown_fields`, no threads or files). The puzzle is
//! text in any of the formats [`crate::parse`] reads, or a JSON object (f-puzzles' or ours);
//! `format` names the format instead of detecting it. What to look for is `dlx-sudoku`'s
//! [`Mode`], with the same words and defaults as a classic grid's request.

use dlx_time::Instant;
use std::time::Duration;

use dlx_engine::{AlgorithmChoice, Heuristic};
use dlx_sudoku::request::Mode;
use serde::{Deserialize, Serialize};

use crate::error::Named;
use crate::error::ParseError;
use crate::format::{Format, detect, parse_as};
use crate::lower::EncodeError;
use crate::puzzle::Puzzle;
use crate::solve::Limits;

/// A variant puzzle as a request carries it: text in any format, or a JSON object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum PuzzleInput {
    /// f-puzzles JSON, an f-puzzles link (or its `load=` string), our JSON or our text format.
    Text(String),
    /// f-puzzles JSON (it has a `grid`) or our JSON, as an object.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    Object(serde_json::Map<String, serde_json::Value>),
}

impl Default for PuzzleInput {
    fn default() -> Self {
        PuzzleInput::Text(String::new())
    }
}

impl From<&str> for PuzzleInput {
    fn from(s: &str) -> Self {
        PuzzleInput::Text(s.to_string())
    }
}

impl From<String> for PuzzleInput {
    fn from(s: String) -> Self {
        PuzzleInput::Text(s)
    }
}

impl PuzzleInput {
    /// The puzzle, read in `format` (detected when `None`), with the format it was read in.
    pub fn read(&self, format: Option<Format>) -> Result<(Puzzle, Format), RequestError> {
        let text = match self {
            PuzzleInput::Text(t) => std::borrow::Cow::Borrowed(t.as_str()),
            PuzzleInput::Object(o) => std::borrow::Cow::Owned(
                serde_json::to_string(o).map_err(|e| RequestError::invalid("puzzle", e))?,
            ),
        };
        if let (PuzzleInput::Object(_), Some(f @ (Format::Link | Format::Text))) = (self, format) {
            return Err(RequestError::invalid(
                "format",
                format!(
                    "a puzzle given as a JSON object is f-puzzles or our JSON, not `{}`",
                    f.as_str()
                ),
            ));
        }
        let format = format.unwrap_or_else(|| detect(&text));
        let puzzle = parse_as(&text, format).map_err(|source| RequestError::Puzzle {
            field: "puzzle",
            source,
        })?;
        Ok((puzzle, format))
    }
}

/// Why a request cannot run: the field at fault and, where there is one, the place (a line and
/// column of the puzzle's text, the constraint and its cells), kept apart from the sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// A puzzle that does not read, or whose rules or givens are refused.
    #[error("{field}: {source}")]
    Puzzle {
        /// The field: `puzzle`.
        field: &'static str,
        /// Why, with its line and column or the constraint.
        source: ParseError,
    },
    /// A puzzle too large for the engine.
    #[error("{field}: {source}")]
    Encode {
        /// The field: `puzzle`.
        field: &'static str,
        /// Why.
        source: EncodeError,
    },
    /// Any other value out of range or combination refused.
    #[error("{field}: {message}")]
    Invalid {
        /// The field.
        field: &'static str,
        /// Why, lowercase.
        message: String,
    },
}

impl RequestError {
    /// `field` is refused because of `message`.
    pub fn invalid(field: &'static str, message: impl ToString) -> Self {
        RequestError::Invalid {
            field,
            message: message.to_string(),
        }
    }

    /// The request field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            RequestError::Puzzle { field, .. }
            | RequestError::Encode { field, .. }
            | RequestError::Invalid { field, .. } => field,
        }
    }

    /// Why, without the field: the sentence a face that names the input itself shows.
    pub fn reason(&self) -> String {
        match self {
            RequestError::Puzzle { source, .. } => source.to_string(),
            RequestError::Encode { source, .. } => source.to_string(),
            RequestError::Invalid { message, .. } => message.clone(),
        }
    }

    /// The line of the puzzle's text at fault (1-based), if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            RequestError::Puzzle { source, .. } => source.line(),
            _ => None,
        }
    }

    /// The column of that line (1-based), if any.
    pub fn column(&self) -> Option<usize> {
        match self {
            RequestError::Puzzle { source, .. } => source.column(),
            _ => None,
        }
    }

    /// The constraint at fault (its kind, number and cells), when the rules were refused.
    pub fn constraint(&self) -> Option<&Named> {
        match self {
            RequestError::Puzzle { source, .. } => source.rule_error()?.constraint(),
            _ => None,
        }
    }

    /// The cells at fault (row, column, 0-based): the constraint's, or the givens that break
    /// a rule.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        let Some(rule) = (match self {
            RequestError::Puzzle { source, .. } => source.rule_error(),
            _ => None,
        }) else {
            return Vec::new();
        };
        let cells: Vec<crate::Cell> = match rule {
            crate::RuleError::Givens { givens, .. } => givens.iter().map(|&(c, _)| c).collect(),
            crate::RuleError::Outside { cell, .. }
            | crate::RuleError::Repeated { cell, .. }
            | crate::RuleError::GivenDigit { cell, .. }
            | crate::RuleError::RegionNumber { cell, .. }
            | crate::RuleError::Uncovered { cell } => vec![*cell],
            crate::RuleError::RegionSize { cells, .. } => cells.clone(),
            other => other
                .constraint()
                .map(|n| n.cells.clone())
                .unwrap_or_default(),
        };
        cells
            .into_iter()
            .map(|c| (usize::from(c.row), usize::from(c.col)))
            .collect()
    }

    /// Whether the puzzle read but its rules or givens were refused (a constraint that cannot
    /// hold, cells outside the grid, contradictions): the API answers these with 422, a puzzle
    /// that does not read with 400.
    pub fn is_rules(&self) -> bool {
        matches!(self, RequestError::Puzzle { source, .. } if source.rule_error().is_some())
    }
}

/// Solve, decide uniqueness or count one variant puzzle.
///
/// ```
/// use dlx_variants::request::SolveRequest;
/// use dlx_variants::Verdict;
///
/// let r: SolveRequest = serde_json::from_str(
///     r#"{"puzzle": "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals"}"#,
/// )
/// .unwrap();
/// let (_, answer) = r.run().unwrap();
/// assert_eq!(answer.verdict, Verdict::Unique);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VariantSolveRequest))]
#[cfg_attr(feature = "openapi", schema(examples(json!({
    "puzzle": "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals"
}))))]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The puzzle: f-puzzles JSON (text or object), an f-puzzles link, our JSON or our text
    /// format.
    pub puzzle: PuzzleInput,
    /// The puzzle's format (`fpuzzles`, `link`, `json`, `text`); detected when absent.
    #[serde(default)]
    pub format: Option<Format>,
    /// What to look for (default `unique`, or `count` when a limit is given).
    #[serde(default)]
    pub mode: Option<Mode>,
    /// With `count`: stop after this many solutions (absent or 0: count them all, within the
    /// budgets).
    #[serde(default)]
    pub limit: Option<u64>,
    /// How many solutions to return (default 1).
    #[serde(default)]
    pub list: Option<usize>,
    /// The search: `auto` (dancing cells, or dancing links when solutions are listed in order
    /// on several threads), `cells` or `links`.
    #[serde(default)]
    pub algorithm: AlgorithmChoice,
    /// How the item to branch on is chosen (default `mrv`).
    #[serde(default)]
    pub heuristic: Heuristic,
    /// Stop after this many search-tree nodes.
    #[serde(default)]
    pub node_budget: Option<u64>,
    /// Stop after this many milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

impl SolveRequest {
    /// A request for `puzzle` with every default.
    pub fn new(puzzle: impl Into<PuzzleInput>) -> Self {
        SolveRequest {
            puzzle: puzzle.into(),
            ..SolveRequest::default()
        }
    }

    /// What the request looks for: its `mode`, or `unique`, or `count` when it gives a limit;
    /// a limit with another mode is refused (as for a classic grid).
    pub fn mode(&self) -> Result<Mode, RequestError> {
        dlx_sudoku::SolveRequest {
            mode: self.mode,
            limit: self.limit,
            ..dlx_sudoku::SolveRequest::default()
        }
        .mode()
        .map_err(|e| RequestError::invalid(e.field(), e.reason()))
    }

    /// The solutions to return: `list`, or 1.
    pub fn list(&self) -> usize {
        self.list.unwrap_or(1)
    }

    /// Checks everything but the puzzle itself; `max_list` is the most solutions the face
    /// returns.
    pub fn validate(&self, max_list: usize) -> Result<(), RequestError> {
        self.mode()?;
        if self.list() > max_list {
            return Err(RequestError::invalid(
                "list",
                format!(
                    "at most {max_list} solutions can be listed, not {}",
                    self.list()
                ),
            ));
        }
        Ok(())
    }

    /// The engine's limits: the mode's solution limit, the solutions kept, the budgets (the
    /// time limit starts now), one thread (a face sets [`Limits::threads`]).
    pub fn limits(&self) -> Result<Limits, RequestError> {
        let solutions = match self.mode()? {
            Mode::One => 1,
            Mode::Unique => 2,
            _ => self.limit.unwrap_or(0),
        };
        Ok(Limits {
            solutions,
            keep: self.list(),
            node_budget: self.node_budget,
            deadline: self
                .time_limit_ms
                .and_then(|ms| Instant::now().checked_add(Duration::from_millis(ms))),
            threads: 1,
            algorithm: self.algorithm.resolve(false),
            heuristic: self.heuristic,
        })
    }

    /// The puzzle, read, and the format it was read in.
    pub fn puzzle(&self) -> Result<(Puzzle, Format), RequestError> {
        self.puzzle.read(self.format)
    }

    /// Reads the puzzle and solves it on one thread.
    pub fn run(&self) -> Result<(Puzzle, crate::Answer), RequestError> {
        self.validate(usize::MAX)?;
        let (puzzle, _) = self.puzzle()?;
        let limits = self.limits()?;
        let answer = crate::solve(&puzzle, &limits).map_err(|source| RequestError::Encode {
            field: "puzzle",
            source,
        })?;
        Ok((puzzle, answer))
    }
}

/// Every decision of the dancing-links search on one variant puzzle.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VariantTraceRequest))]
#[cfg_attr(feature = "openapi", schema(examples(json!({
    "puzzle": "size 4\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals",
    "max_steps": 50
}))))]
#[serde(deny_unknown_fields)]
pub struct TraceRequest {
    /// The puzzle, as in [`SolveRequest::puzzle`].
    pub puzzle: PuzzleInput,
    /// The puzzle's format; detected when absent.
    #[serde(default)]
    pub format: Option<Format>,
    /// How the item to branch on is chosen (default `mrv`).
    #[serde(default)]
    pub heuristic: Heuristic,
    /// Record at most this many steps.
    #[serde(default)]
    pub max_steps: Option<usize>,
    /// Stop after this many solutions (default 1; 0: explore the whole tree).
    #[serde(default)]
    pub limit: Option<u64>,
    /// Stop after this many search-tree nodes.
    #[serde(default)]
    pub node_budget: Option<u64>,
    /// Stop after this many milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

impl TraceRequest {
    /// A request for `puzzle` with every default.
    pub fn new(puzzle: impl Into<PuzzleInput>) -> Self {
        TraceRequest {
            puzzle: puzzle.into(),
            ..TraceRequest::default()
        }
    }

    /// Checks everything but the puzzle; `cap` is the most steps the face allows.
    pub fn validate(&self, cap: usize) -> Result<(), RequestError> {
        if let Some(m) = self.max_steps
            && (m == 0 || m > cap)
        {
            return Err(RequestError::invalid(
                "max_steps",
                format!("must be from 1 to {cap}, not {m}"),
            ));
        }
        Ok(())
    }

    /// The steps to record: `max_steps`, or `default_steps`.
    pub fn max_steps(&self, default_steps: usize) -> usize {
        self.max_steps.unwrap_or(default_steps)
    }

    /// The solutions to stop after (0 for none).
    pub fn limit(&self) -> u64 {
        self.limit.unwrap_or(1)
    }

    /// The engine's limits of the trace: the heuristic and the budgets (the time limit starts
    /// now).
    pub fn limits(&self) -> Limits {
        Limits {
            node_budget: self.node_budget,
            deadline: self
                .time_limit_ms
                .and_then(|ms| Instant::now().checked_add(Duration::from_millis(ms))),
            heuristic: self.heuristic,
            algorithm: dlx_engine::Algorithm::Links,
            ..Limits::default()
        }
    }

    /// The puzzle, read, and the format it was read in.
    pub fn puzzle(&self) -> Result<(Puzzle, Format), RequestError> {
        self.puzzle.read(self.format)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals\n";

    #[test]
    fn modes_limits_and_lists() {
        let mut r = SolveRequest::new(SMALL);
        assert_eq!(r.limits().unwrap().solutions, 2);
        r.limit = Some(5);
        assert_eq!(r.mode(), Ok(Mode::Count));
        assert_eq!(r.limits().unwrap().solutions, 5);
        r.mode = Some(Mode::One);
        assert_eq!(r.mode().unwrap_err().field(), "limit");
        r.limit = None;
        assert_eq!(r.limits().unwrap().solutions, 1);
        r.list = Some(11);
        assert_eq!(r.validate(10).unwrap_err().field(), "list");
        let (_, a) = SolveRequest::new(SMALL).run().unwrap();
        assert_eq!(a.verdict, crate::Verdict::Unique);
    }

    #[test]
    fn errors_name_the_constraint_its_cells_and_line() {
        let bad = "size 4\ncage 3 r1c1 r1c2 r1c3\n";
        let e = SolveRequest::new(bad).puzzle().unwrap_err();
        assert!(e.is_rules(), "{e}");
        assert_eq!(e.field(), "puzzle");
        assert_eq!(e.line(), Some(2));
        let named = e.constraint().unwrap();
        assert_eq!((named.kind, named.index), ("killer cage", 1));
        assert_eq!(e.cells(), vec![(0, 0), (0, 1), (0, 2)]);
        let e = SolveRequest::new("size 4\ncage 7 r1cx\n")
            .puzzle()
            .unwrap_err();
        assert!(!e.is_rules());
        assert_eq!((e.line(), e.column()), (Some(2), Some(8)));
        let e = SolveRequest {
            format: Some(Format::Text),
            ..SolveRequest::new(PuzzleInput::Object(serde_json::Map::new()))
        }
        .puzzle()
        .unwrap_err();
        assert_eq!(e.field(), "format");
        assert!(
            serde_json::from_str::<SolveRequest>(r#"{"puzzle": "x", "rules": 1}"#).is_err(),
            "unknown fields are refused"
        );
    }

    #[test]
    fn objects_and_named_formats_read() {
        let text = crate::write(&crate::parse(SMALL).unwrap(), Format::FPuzzles);
        let obj: serde_json::Value = serde_json::from_str(&text).unwrap();
        let r: SolveRequest = serde_json::from_value(serde_json::json!({ "puzzle": obj })).unwrap();
        assert_eq!(r.puzzle().unwrap().1, Format::FPuzzles);
        let r: SolveRequest =
            serde_json::from_value(serde_json::json!({ "puzzle": SMALL, "format": "text" }))
                .unwrap();
        assert_eq!(r.puzzle().unwrap().1, Format::Text);
        let t = TraceRequest {
            max_steps: Some(0),
            ..TraceRequest::new(SMALL)
        };
        assert_eq!(t.validate(10).unwrap_err().field(), "max_steps");
    }
}
