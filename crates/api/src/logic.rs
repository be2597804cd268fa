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
use dlx_logic::{
    ExplainRequest, Explanation, HintRequest, LogicRequestError, Options, RateRequest, Stop,
};
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

/// The answer to [`explain`]: the path, and what a page needs to replay its steps on the
/// board without knowing the rules (as the variant explain answers them).
#[derive(Debug, Clone, Serialize)]
pub struct ExplainResponse {
    /// The steps, why the path ended (`stop`), the grid at the end, the rating.
    #[serde(flatten)]
    pub path: Explanation,
    /// The candidates of every cell before the first step (row-major; empty for a filled
    /// cell): the digits no filled cell of its row, column or box holds.
    pub candidates: Vec<Vec<u8>>,
    /// Each cell's peers (row-major indices): the other cells of its row, column and box,
    /// from which a placed digit is struck.
    pub peers: Vec<Vec<usize>>,
}

/// The steps, why the path ended, the grid at the end, the rating; the first candidates and
/// the peers.
pub fn explain(req: &ExplainRequest, run: &mut Run<'_>) -> Result<ExplainResponse, ApiError> {
    let grid = small_enough(req.grid()?, run)?;
    let n = grid.n();
    let mut options = req.options()?;
    options.max_steps = options.max_steps.min(run.caps.max_explain_steps);
    options.deadline = run.budget.deadline.or(options.deadline);
    let mut e = req.run_with(&grid, &options).map_err(|e| refused(e, n))?;
    for s in &mut e.steps {
        s.text = words::logic_text(&s.text, n);
    }
    let masks = dlx_sudoku::candidates(&grid);
    let candidates = grid
        .cells
        .iter()
        .zip(&masks)
        .map(|(&v, &m)| {
            (1..=n as u8)
                .filter(|d| v == 0 && m >> (d - 1) & 1 == 1)
                .collect()
        })
        .collect();
    let house = |k: usize| (k / n, k % n, grid.shape.box_of(k / n, k % n));
    let peers = (0..n * n)
        .map(|k| {
            let (r, c, b) = house(k);
            (0..n * n)
                .filter(|&j| {
                    let (rj, cj, bj) = house(j);
                    j != k && (rj == r || cj == c || bj == b)
                })
                .collect()
        })
        .collect();
    Ok(ExplainResponse {
        path: e,
        candidates,
        peers,
    })
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

/// The answer to [`rate`]: the rating (as far as a filter needed it) and the filter's verdict.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RateResponse {
    /// ER: the hardest step of the easiest-first path (a lower bound when `complete` is
    /// false).
    pub er: f64,
    /// EP: the hardest step up to and including the first placement.
    pub ep: f64,
    /// ED: the first step's rating.
    pub ed: f64,
    /// The band of `er` (`easy` ... `extreme`).
    pub band: String,
    /// The technique of the hardest step (its name, as `meta` lists the techniques).
    pub hardest: String,
    /// Steps taken.
    pub steps: usize,
    /// Whether the path solved the grid (otherwise the figures are lower bounds).
    pub complete: bool,
    /// With a filter (`er`, `ep`, `ed`, `diamonds`, `pearls`): whether the puzzle passes;
    /// `null` without one.
    pub pass: Option<bool>,
    /// Whether the rating stopped as soon as the verdict was known (the puzzle proven inside
    /// or outside the filter), leaving the path unfinished.
    pub early: bool,
    /// Why the path ended: `solved`, `early` (the verdict known), `stuck` (no technique of
    /// the ladder applies), `budget` (the step budget) or `deadline` (the time limit).
    pub stop: String,
}

impl RateResponse {
    /// The answer for rating `r` after `steps` steps: `pass` as the filter said (`None`
    /// without one), `early` and why the path stopped (`None`: the verdict was known early).
    pub(crate) fn of(
        r: &dlx_logic::Rating,
        steps: usize,
        pass: Option<bool>,
        early: bool,
        stop: Option<Stop>,
    ) -> RateResponse {
        RateResponse {
            er: r.er,
            ep: r.ep,
            ed: r.ed,
            band: r.band.as_str().to_string(),
            hardest: r.hardest.as_str().to_string(),
            steps,
            complete: r.complete,
            pass,
            early,
            stop: match stop {
                None => "early",
                Some(Stop::Solved) => "solved",
                Some(Stop::Budget) => "budget",
                Some(Stop::Deadline) => "deadline",
                Some(_) => "stuck",
            }
            .to_string(),
        }
    }
}

/// ER, EP, ED, the band and the hardest technique, on the request's scale or techniques;
/// with a filter, whether the puzzle passes, the rating stopping as soon as that is known.
/// Bounded by the run's deadline (then `stop` is `deadline` and the rating incomplete).
pub fn rate(req: &RateRequest, run: &mut Run<'_>) -> Result<RateResponse, ApiError> {
    // Options that read as JSON but cannot be used: 422, naming the field.
    let unusable = |e: LogicRequestError| ApiError {
        unprocessable: true,
        ..ApiError::from(e)
    };
    let ladder = req.ladder().map_err(unusable)?;
    let filter = req.filter().map_err(unusable)?;
    let grid = small_enough(req.grid()?, run)?;
    let n = grid.n();
    let options = Options {
        deadline: run.budget.deadline,
        ..Options::default()
    };
    let f = dlx_logic::rate_filtered(&grid, &ladder, &filter, &options).map_err(|source| {
        refused(
            LogicRequestError::Logic {
                field: "puzzle",
                source,
            },
            n,
        )
    })?;
    Ok(RateResponse::of(
        &f.rating,
        f.steps,
        (!filter.is_empty()).then_some(f.pass),
        f.early,
        f.stop,
    ))
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
