//! Sudoku by logic and new puzzles: [`explain`] (every step of the easiest-first path and the
//! rating), [`hint`] (the next step from a grid in progress and the user's pencil marks, told
//! at each of its levels), [`rate`], and [`generate`] (one new puzzle of a size, symmetry,
//! givens and difficulty).
//!
//! Logic runs on grids up to the face's [`Caps::max_logic_size`] cells a side; generation up
//! to [`Caps::max_generate_size`], within the run's deadline if it has one. Every sentence
//! names digits as the board shows them ([`crate::words`]).
//!
//! [`Caps::max_logic_size`]: crate::Caps::max_logic_size
//! [`Caps::max_generate_size`]: crate::Caps::max_generate_size

use dlx_generate::GenerateRequest;
use dlx_logic::{ExplainRequest, Explanation, HintRequest, RateRequest, Rating};
use dlx_sudoku::{Grid, Shape};
use serde::Serialize;

use crate::error::ApiError;
use crate::run::Run;
use crate::words;

/// Refuses a grid larger than the face's logic takes.
fn small_enough(grid: Grid, run: &Run<'_>) -> Result<Grid, ApiError> {
    let max = run.caps.max_logic_size;
    if grid.n() > max {
        return Err(ApiError::field(
            "puzzle",
            format!(
                "{n}x{n} is larger than the {max}x{max} the logical solver takes here (use the command line)",
                n = grid.n()
            ),
        ));
    }
    Ok(grid)
}

/// A refusal of the logic with its digits as the board shows them.
fn refused(e: dlx_logic::LogicRequestError, n: usize) -> ApiError {
    let mut e = ApiError::from(e);
    e.message = words::logic_text(&e.message, n);
    e
}

/// The steps, why the path ended, the grid at the end, the rating.
pub fn explain(req: &ExplainRequest, run: &mut Run<'_>) -> Result<Explanation, ApiError> {
    let grid = small_enough(req.grid()?, run)?;
    let n = grid.n();
    let mut options = req.options()?;
    options.max_steps = options.max_steps.min(run.caps.max_explain_steps);
    options.deadline = run.budget.deadline.or(options.deadline);
    let mut e = req.run_with(&grid, &options).map_err(|e| refused(e, n))?;
    for s in &mut e.steps {
        s.text = words::logic_text(&s.text, n);
    }
    Ok(e)
}

/// The answer to [`hint`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HintResponse {
    /// The easiest next step, or `null` when the grid is solved.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub step: Option<dlx_logic::Step>,
    /// The step told at the `level` asked for (`null` with no step).
    pub text: Option<String>,
    /// The step told at each level, from 1 (the technique and where to look) to 3 (the whole
    /// deduction): empty with no step.
    pub levels: Vec<String>,
    /// Whether the grid in progress is already solved.
    pub solved: bool,
}

/// The easiest next step from the grid in progress and the user's marks.
pub fn hint(req: &HintRequest, run: &mut Run<'_>) -> Result<HintResponse, ApiError> {
    let grid = small_enough(req.grid()?, run)?;
    let n = grid.n();
    let h = req.run_on(&grid).map_err(|e| refused(e, n))?;
    let levels = match &h.step {
        Some(s) => (1..=dlx_logic::request::FULL_HINT)
            .map(|l| words::logic_text(&s.hint_text(l), n))
            .collect(),
        None => Vec::new(),
    };
    let step = h.step.map(|mut s| {
        s.text = words::logic_text(&s.text, n);
        s
    });
    Ok(HintResponse {
        step,
        text: h.text.map(|t| words::logic_text(&t, n)),
        levels,
        solved: h.solved,
    })
}

/// ER, EP, ED, the band and the hardest technique.
pub fn rate(req: &RateRequest, run: &mut Run<'_>) -> Result<Rating, ApiError> {
    let grid = small_enough(req.grid()?, run)?;
    let n = grid.n();
    RateRequest::run_on(&grid).map_err(|e| refused(e, n))
}

/// The answer to [`generate`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GenerateResponse {
    /// The puzzle, its solution, givens, symmetry, minimality and rating (ER, when a band or
    /// range was asked).
    #[serde(flatten)]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::written))]
    pub puzzle: dlx_generate::Written,
    /// The seed that makes it again.
    pub seed: u64,
    /// The box shape.
    pub shape: Shape,
}

/// One new puzzle, within the run's deadline (if any).
pub fn generate(req: &GenerateRequest, run: &mut Run<'_>) -> Result<GenerateResponse, ApiError> {
    if req.count.is_some_and(|c| c != 1) {
        return Err(ApiError::field(
            "count",
            "one puzzle a request here (the command line makes more)",
        ));
    }
    let mut options = req.options()?;
    let max = run.caps.max_generate_size;
    if options.shape.n() > max {
        return Err(ApiError::field(
            if req.shape.is_some() { "shape" } else { "size" },
            format!("at most {max}x{max} here (the command line makes larger)"),
        ));
    }
    options.time_limit = match (options.time_limit, run.budget.time_left()) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let made = dlx_generate::generate_one(&options, 0).map_err(|e| ApiError::bad(e.to_string()))?;
    let p = made.map_err(|why| {
        ApiError::bad(match options.time_limit {
            Some(t) => format!(
                "no puzzle made: {why} (within {} s; try a wider range)",
                t.as_secs_f64()
            ),
            None => format!("no puzzle made: {why} (try a wider range)"),
        })
    })?;
    Ok(GenerateResponse {
        puzzle: p.written(),
        seed: options.seed,
        shape: options.shape,
    })
}
