//! Requests for solving by logic, decided once for every face (the command line, the web API,
//! the browser build): [`ExplainRequest`], [`HintRequest`] (with the user's pencil marks,
//! [`Marks`]) and [`RateRequest`], their defaults, validation, and [`LogicRequestError`],
//! which keeps the field, line, column and cells at fault apart from the sentence.

use dlx_sudoku::request::read_grid;
use dlx_sudoku::{Grid, Shape};
use serde::{Deserialize, Serialize};

use crate::filter::{Filtered, RateFilter, RatingRange, rate_filtered};
use crate::marks::{MarksError, parse_marks};
use crate::solver::{Explanation, Ladder, LogicError, Options, Rating, Solver};
use crate::step::{Step, Technique};
use crate::technique::{Scale, TechniqueSet};

/// Why a logic request cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogicRequestError {
    /// A grid that does not read, a shape that is not supported.
    #[error(transparent)]
    Read(#[from] dlx_sudoku::RequestError),
    /// Pencil marks that do not read.
    #[error("marks: {0}")]
    Marks(#[from] MarksError),
    /// The puzzle cannot be solved by logic as asked (no solution, several, a wrong digit).
    #[error("{field}: {source}")]
    Logic {
        /// `puzzle` or `progress`.
        field: &'static str,
        /// Why.
        source: LogicError,
    },
    /// Any other value refused.
    #[error("{field}: {message}")]
    Invalid {
        /// The field.
        field: &'static str,
        /// Why, lowercase.
        message: String,
    },
}

impl LogicRequestError {
    /// The request field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            LogicRequestError::Read(e) => e.field(),
            LogicRequestError::Marks(_) => "marks",
            LogicRequestError::Logic { field, .. } | LogicRequestError::Invalid { field, .. } => {
                field
            }
        }
    }

    /// The line of the text at fault (1-based), if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            LogicRequestError::Read(e) => e.line(),
            _ => None,
        }
    }

    /// The column of the text at fault (1-based), if any.
    pub fn column(&self) -> Option<usize> {
        match self {
            LogicRequestError::Read(e) => e.column(),
            _ => None,
        }
    }

    /// The cells at fault (row, column, 0-based), if any.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        match self {
            LogicRequestError::Read(e) => e.cells(),
            LogicRequestError::Marks(e) => e.cell().into_iter().collect(),
            LogicRequestError::Logic { source, .. } => source.cells(),
            LogicRequestError::Invalid { .. } => Vec::new(),
        }
    }

    fn logic(field: &'static str) -> impl Fn(LogicError) -> LogicRequestError {
        move |source| LogicRequestError::Logic { field, source }
    }
}

/// Every step of the easiest-first path, and the rating.
///
/// ```
/// use dlx_logic::request::ExplainRequest;
///
/// let r: ExplainRequest = serde_json::from_str(r#"{"puzzle": "1...\n..3.\n.4..\n...2", "upto": "naked_single"}"#).unwrap();
/// assert!(r.run().unwrap().grid.is_full());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// At most this many steps (default 10,000).
    #[serde(default)]
    pub max_steps: Option<usize>,
    /// The hardest technique allowed, by name (`x_wing`, ...; default all of them).
    #[serde(default)]
    pub upto: Option<String>,
    /// Leave out unique rectangles and BUG+1, which assume one solution.
    #[serde(default)]
    pub no_uniqueness: bool,
    /// Stop after this many milliseconds (every step shown is sound).
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

impl ExplainRequest {
    /// A request for `puzzle` with every default.
    pub fn new(puzzle: impl Into<String>) -> Self {
        ExplainRequest {
            puzzle: puzzle.into(),
            ..ExplainRequest::default()
        }
    }

    /// The solver's options (the time limit starts now).
    pub fn options(&self) -> Result<Options, LogicRequestError> {
        let defaults = Options::default();
        let max_technique = match &self.upto {
            Some(name) => {
                name.parse::<Technique>()
                    .map_err(|message| LogicRequestError::Invalid {
                        field: "upto",
                        message,
                    })?
            }
            None => defaults.max_technique,
        };
        Ok(Options {
            max_steps: self.max_steps.unwrap_or(defaults.max_steps),
            max_technique,
            uniqueness: !self.no_uniqueness,
            deadline: self.time_limit_ms.and_then(|ms| {
                dlx_time::Instant::now().checked_add(std::time::Duration::from_millis(ms))
            }),
        })
    }

    /// The puzzle, read.
    pub fn grid(&self) -> Result<Grid, LogicRequestError> {
        Ok(read_grid("puzzle", &self.puzzle, self.shape)?)
    }

    /// Explains the puzzle with `options` (the request's, perhaps capped by the face).
    pub fn run_with(
        &self,
        grid: &Grid,
        options: &Options,
    ) -> Result<Explanation, LogicRequestError> {
        crate::explain(grid, options).map_err(LogicRequestError::logic("puzzle"))
    }

    /// Reads and explains the puzzle.
    pub fn run(&self) -> Result<Explanation, LogicRequestError> {
        let options = self.options()?;
        self.run_with(&self.grid()?, &options)
    }

    /// Explains a variant puzzle (read by the face with `dlx-variants`; the request's
    /// `puzzle` and `shape` unused) with the request's options.
    pub fn run_variant(
        &self,
        puzzle: &dlx_variants::Puzzle,
    ) -> Result<Explanation, LogicRequestError> {
        let options = self.options()?;
        crate::explain_variant(puzzle, &options, &Ladder::default())
            .map_err(LogicRequestError::logic("puzzle"))
    }
}

/// The user's pencil marks: one list of digits a cell (row-major; an empty list for a cell
/// without marks, where every candidate stands), or text in a form
/// [`parse_marks`] reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum Marks {
    /// One list of digits a cell.
    Lists(Vec<Vec<u8>>),
    /// Candidate lists or `N` characters a cell, as text.
    Text(String),
}

impl Marks {
    /// One candidate mask a cell (bit `d - 1` for digit `d`) for a grid of `shape`.
    pub fn masks(&self, shape: Shape) -> Result<Vec<u64>, MarksError> {
        let n = shape.n();
        match self {
            Marks::Text(text) => parse_marks(text, shape),
            Marks::Lists(lists) => {
                if lists.len() != n * n {
                    return Err(MarksError::Lists {
                        found: lists.len(),
                        cells: n * n,
                    });
                }
                let all = shape.full_mask();
                lists
                    .iter()
                    .enumerate()
                    .map(|(k, digits)| {
                        if digits.is_empty() {
                            return Ok(all);
                        }
                        digits.iter().try_fold(0u64, |mask, &d| {
                            if d == 0 || usize::from(d) > n {
                                Err(MarksError::Digit {
                                    row: k / n,
                                    col: k % n,
                                    digit: d,
                                    n,
                                })
                            } else {
                                Ok(mask | 1 << (d - 1))
                            }
                        })
                    })
                    .collect()
            }
        }
    }
}

/// The steps a hint reveals unless asked otherwise: the whole deduction.
pub const FULL_HINT: u8 = 3;

/// The easiest next step from a grid in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The puzzle (its givens).
    pub puzzle: String,
    /// The grid as the user has it (givens and digits placed), same size; default the puzzle.
    #[serde(default)]
    pub progress: Option<String>,
    /// The user's pencil marks.
    #[serde(default)]
    pub marks: Option<Marks>,
    /// A box shape other than the default for the size.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// How much the hint tells: 1, the technique and where to look; 2, the cells of its
    /// pattern too; 3 (the default), the whole deduction.
    #[serde(default)]
    pub level: Option<u8>,
}

/// The answer to a [`HintRequest`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// The easiest next step, or `None` when the grid is solved or nothing applies.
    pub step: Option<Step>,
    /// The step told at the level asked for ([`Step::hint_text`]).
    pub text: Option<String>,
    /// Whether the grid in progress is already solved.
    pub solved: bool,
}

impl HintRequest {
    /// A request for `puzzle` with every default.
    pub fn new(puzzle: impl Into<String>) -> Self {
        HintRequest {
            puzzle: puzzle.into(),
            ..HintRequest::default()
        }
    }

    /// The level asked for, checked.
    pub fn level(&self) -> Result<u8, LogicRequestError> {
        match self.level.unwrap_or(FULL_HINT) {
            l @ 1..=FULL_HINT => Ok(l),
            l => Err(LogicRequestError::Invalid {
                field: "level",
                message: format!("must be 1, 2 or 3, not {l}"),
            }),
        }
    }

    /// The puzzle, read.
    pub fn grid(&self) -> Result<Grid, LogicRequestError> {
        Ok(read_grid("puzzle", &self.puzzle, self.shape)?)
    }

    /// The hint for the puzzle `grid` (read by [`HintRequest::grid`]).
    pub fn run_on(&self, grid: &Grid) -> Result<Hint, LogicRequestError> {
        let level = self.level()?;
        let progress = match &self.progress {
            Some(p) => Some(read_grid("progress", p, Some(grid.shape))?),
            None => None,
        };
        let marks = match &self.marks {
            Some(m) => Some(m.masks(grid.shape)?),
            None => None,
        };
        let solver = Solver::from_progress(
            grid,
            progress.as_ref(),
            marks.as_deref(),
            &Options::default(),
        )
        .map_err(LogicRequestError::logic(if progress.is_some() {
            "progress"
        } else {
            "puzzle"
        }))?;
        let mut solver = solver;
        let step = solver.next_step();
        let solved = step.is_none() && progress.as_ref().unwrap_or(grid).is_full();
        Ok(Hint {
            text: step.as_ref().map(|s| s.hint_text(level)),
            step,
            solved,
        })
    }

    /// Reads the grids and finds the hint.
    pub fn run(&self) -> Result<Hint, LogicRequestError> {
        self.run_on(&self.grid()?)
    }

    /// The hint for a variant puzzle (read by the face with `dlx-variants`; the request's
    /// `puzzle` and `shape` unused): `progress` is read as a grid of the puzzle's size,
    /// `marks` as for a classic grid.
    pub fn run_variant(&self, puzzle: &dlx_variants::Puzzle) -> Result<Hint, LogicRequestError> {
        let level = self.level()?;
        let n = puzzle.size();
        let shape = Shape::for_size(n).map_err(|e| LogicRequestError::Invalid {
            field: "puzzle",
            message: e.to_string(),
        })?;
        let progress = match &self.progress {
            Some(p) => Some(read_grid("progress", p, Some(shape))?.cells),
            None => None,
        };
        let marks = match &self.marks {
            Some(m) => Some(m.masks(shape)?),
            None => None,
        };
        let mut solver = Solver::for_variant(
            puzzle,
            progress.as_deref(),
            marks.as_deref(),
            &Options::default(),
            &Ladder::default(),
        )
        .map_err(LogicRequestError::logic(if progress.is_some() {
            "progress"
        } else {
            "puzzle"
        }))?;
        let step = solver.next_step();
        let solved = step.is_none() && solver.board().is_solved();
        Ok(Hint {
            text: step.as_ref().map(|s| s.hint_text(level)),
            step,
            solved,
        })
    }
}

/// The rating of a puzzle on Sudoku Explainer's scale, perhaps on another ladder (a scale, a
/// set of techniques) and perhaps through a filter that stops as soon as the verdict is known.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RateRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// The scale: `sukaku` (SukakuExplainer 1.18's default techniques, the default) or
    /// `classic` (Sudoku Explainer 1.2.1's set, as skfr rates).
    #[serde(default)]
    pub scale: Option<String>,
    /// The techniques to use instead of the scale's, by name, separated by commas.
    #[serde(default)]
    pub techniques: Option<String>,
    /// Keep puzzles whose ER is in this range (`7.2`, `6..8.9`, `9..`, `..3.5`).
    #[serde(default)]
    pub er: Option<String>,
    /// Keep puzzles whose EP is in this range.
    #[serde(default)]
    pub ep: Option<String>,
    /// Keep puzzles whose ED is in this range.
    #[serde(default)]
    pub ed: Option<String>,
    /// Keep diamonds only (ER = ED).
    #[serde(default)]
    pub diamonds: bool,
    /// Keep pearls only (ER = EP).
    #[serde(default)]
    pub pearls: bool,
}

impl RateRequest {
    /// A request for `puzzle` with every default.
    pub fn new(puzzle: impl Into<String>) -> Self {
        RateRequest {
            puzzle: puzzle.into(),
            ..RateRequest::default()
        }
    }

    /// The puzzle, read.
    pub fn grid(&self) -> Result<Grid, LogicRequestError> {
        Ok(read_grid("puzzle", &self.puzzle, self.shape)?)
    }

    /// The ladder asked for (scale and techniques), checked.
    pub fn ladder(&self) -> Result<Ladder, LogicRequestError> {
        let scale = match &self.scale {
            Some(s) => s
                .parse::<Scale>()
                .map_err(|message| LogicRequestError::Invalid {
                    field: "scale",
                    message,
                })?,
            None => Scale::Sukaku,
        };
        let techniques = match &self.techniques {
            Some(t) => {
                Some(
                    TechniqueSet::parse(t).map_err(|message| LogicRequestError::Invalid {
                        field: "techniques",
                        message,
                    })?,
                )
            }
            None => None,
        };
        Ok(Ladder { scale, techniques })
    }

    /// The filter asked for, checked (empty when none).
    pub fn filter(&self) -> Result<RateFilter, LogicRequestError> {
        let range = |field: &'static str, v: &Option<String>| -> Result<_, LogicRequestError> {
            v.as_deref()
                .map(|t| {
                    t.parse::<RatingRange>()
                        .map_err(|message| LogicRequestError::Invalid { field, message })
                })
                .transpose()
        };
        Ok(RateFilter {
            er: range("er", &self.er)?,
            ep: range("ep", &self.ep)?,
            ed: range("ed", &self.ed)?,
            diamond: self.diamonds,
            pearl: self.pearls,
        })
    }

    /// Rates the puzzle `grid` on the default scale (the request's other fields unused).
    pub fn run_on(grid: &Grid) -> Result<Rating, LogicRequestError> {
        crate::rate(grid).map_err(LogicRequestError::logic("puzzle"))
    }

    /// Rates the puzzle `grid` on the request's ladder, through its filter: the verdict, and
    /// the rating as far as the filter needed it (the whole rating when there is no filter).
    pub fn rate_on(&self, grid: &Grid) -> Result<Filtered, LogicRequestError> {
        let ladder = self.ladder()?;
        let filter = self.filter()?;
        rate_filtered(grid, &ladder, &filter, &Options::default())
            .map_err(LogicRequestError::logic("puzzle"))
    }

    /// Rates a variant puzzle (read by the face with `dlx-variants`; the request's `puzzle`
    /// and `shape` unused) on the request's ladder with the variant techniques, through its
    /// filter (the whole path is rated, so `early` is false).
    pub fn rate_variant(
        &self,
        puzzle: &dlx_variants::Puzzle,
    ) -> Result<Filtered, LogicRequestError> {
        let ladder = self.ladder()?;
        let filter = self.filter()?;
        let path = crate::explain_variant(puzzle, &Options::default(), &ladder)
            .map_err(LogicRequestError::logic("puzzle"))?;
        let rating = path.rating;
        Ok(Filtered {
            pass: path.stop == crate::Stop::Solved && filter.accepts(&rating),
            early: false,
            stop: Some(path.stop),
            steps: rating.steps,
            rating,
        })
    }

    /// Reads and rates the puzzle on the request's ladder (the filter unused).
    pub fn run(&self) -> Result<Rating, LogicRequestError> {
        let ladder = self.ladder()?;
        crate::rate_with(&self.grid()?, &ladder).map_err(LogicRequestError::logic("puzzle"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "...7.6...8...2........9.....861....7.2.4....87.15.9.6.6..271.4.......2...49..8...";

    #[test]
    fn hints_name_the_cell_at_fault() {
        let mut progress: Vec<u8> = EASY.bytes().collect();
        progress[0] = b'9';
        let r = HintRequest {
            progress: Some(String::from_utf8(progress).unwrap()),
            ..HintRequest::new(EASY)
        };
        let e = r.run().unwrap_err();
        assert_eq!((e.field(), e.cells()), ("progress", vec![(0, 0)]), "{e}");
        let marks = HintRequest {
            marks: Some(Marks::Lists(vec![vec![10]; 81])),
            ..HintRequest::new(EASY)
        };
        let e = marks.run().unwrap_err();
        assert_eq!((e.field(), e.cells()), ("marks", vec![(0, 0)]), "{e}");
        assert_eq!(
            e.to_string(),
            "marks: r1c1 has 10, but digits run from 1 to 9"
        );
        let h = HintRequest {
            level: Some(1),
            ..HintRequest::new(EASY)
        }
        .run()
        .unwrap();
        assert_eq!(
            h.text.as_deref(),
            Some("Look for a hidden single on 1 in box 2")
        );
        let bad: HintRequest =
            serde_json::from_str(&format!(r#"{{"puzzle": "{EASY}", "level": 4}}"#)).unwrap();
        assert_eq!(bad.run().unwrap_err().field(), "level");
    }

    #[test]
    fn rate_reads_its_scale_and_filters() {
        let bad = RateRequest {
            scale: Some("sukkaku".into()),
            ..RateRequest::new(EASY)
        };
        assert_eq!(bad.ladder().unwrap_err().field(), "scale");
        let bad = RateRequest {
            er: Some("8..6".into()),
            ..RateRequest::new(EASY)
        };
        assert_eq!(bad.filter().unwrap_err().field(), "er");
        let grid = RateRequest::new(EASY).grid().unwrap();
        let full = RateRequest::run_on(&grid).unwrap();
        let all = RateRequest::new(EASY).rate_on(&grid).unwrap();
        assert!(all.pass && !all.early);
        assert_eq!(all.rating.er, full.er);
        // An ED range that excludes the first step fails after one step.
        let ed = format!("{:.1}..", full.ed + 1.0);
        let f = RateRequest {
            ed: Some(ed),
            ..RateRequest::new(EASY)
        }
        .rate_on(&grid)
        .unwrap();
        assert!(!f.pass && f.early && f.steps == 1, "{f:?}");
    }

    #[test]
    fn explain_reads_its_options_once() {
        let r: ExplainRequest =
            serde_json::from_str(&format!(r#"{{"puzzle": "{EASY}", "upto": "x_wingg"}}"#)).unwrap();
        assert_eq!(r.run().unwrap_err().field(), "upto");
        assert_eq!(
            ExplainRequest::new(EASY).options().unwrap().max_steps,
            Options::default().max_steps
        );
        let e = RateRequest::new("55".to_string() + &".".repeat(79))
            .run()
            .unwrap_err();
        assert_eq!(e.cells(), vec![(0, 0), (0, 1)]);
    }
}
