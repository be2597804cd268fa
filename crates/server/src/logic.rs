//! Sudoku by logic and new puzzles: `POST /api/sudoku/explain` (every step of the
//! easiest-first path and the rating), `POST /api/sudoku/hint` (the next step from a grid in
//! progress and the user's pencil marks), `POST /api/sudoku/rate`, and
//! `POST /api/sudoku/generate` (one new puzzle of a size, symmetry, givens and difficulty).
//!
//! Logic runs on grids up to [`MAX_LOGIC_SIZE`] cells a side, under the request timeout;
//! generation under the server's time limit.

use axum::extract::State;
use dlx_generate::GenerateRequest;
use dlx_logic::request::Hint;
use dlx_logic::{ExplainRequest, Explanation, HintRequest, RateRequest, Rating};
use dlx_sudoku::{Grid, Shape};
use serde::Serialize;

use crate::error::{ApiJson, AppError, Refusals};
use crate::state::AppState;
use crate::work::{Asked, answer};

/// The largest grid explained, hinted or rated (16x16): the forcing chains of bigger grids
/// take longer than a request should.
pub const MAX_LOGIC_SIZE: usize = 16;

/// The most steps an explanation returns.
pub const MAX_EXPLAIN_STEPS: usize = 5_000;

/// Refuses a grid larger than [`MAX_LOGIC_SIZE`].
fn small_enough(grid: Grid) -> Result<Grid, AppError> {
    if grid.n() > MAX_LOGIC_SIZE {
        return Err(AppError::bad(format!(
            "puzzle: {n}x{n} is larger than the {MAX_LOGIC_SIZE}x{MAX_LOGIC_SIZE} the logical solver takes here (use the command line)",
            n = grid.n()
        )));
    }
    Ok(grid)
}

/// `POST /api/sudoku/explain`: the steps, why the path ended, the grid at the end, the rating.
#[utoipa::path(
    post,
    path = "/api/sudoku/explain",
    operation_id = "sudoku_explain",
    tag = "sudoku logic",
    request_body = ExplainRequest,
    responses((status = 200, body = Object), Refusals)
)]
pub async fn explain(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ExplainRequest>,
) -> Result<ApiJson<Explanation>, AppError> {
    let asked = Asked::new(None, req.time_limit_ms);
    answer(&state, asked, move |budget| {
        let grid = small_enough(req.grid()?)?;
        let mut options = req.options()?;
        options.max_steps = options.max_steps.min(MAX_EXPLAIN_STEPS);
        options.deadline = Some(budget.deadline);
        Ok(req.run_with(&grid, &options)?)
    })
    .await
}

/// The answer to `POST /api/sudoku/hint`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HintResponse {
    /// The easiest next step, or `null` when the grid is solved.
    #[schema(value_type = Option<Object>)]
    pub step: Option<dlx_logic::Step>,
    /// The step told at the `level` asked for (`null` with no step).
    pub text: Option<String>,
    /// Whether the grid in progress is already solved.
    pub solved: bool,
}

impl From<Hint> for HintResponse {
    fn from(h: Hint) -> Self {
        HintResponse {
            step: h.step,
            text: h.text,
            solved: h.solved,
        }
    }
}

/// `POST /api/sudoku/hint`.
#[utoipa::path(
    post,
    path = "/api/sudoku/hint",
    operation_id = "sudoku_hint",
    tag = "sudoku logic",
    request_body = HintRequest,
    responses((status = 200, body = HintResponse), Refusals)
)]
pub async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<ApiJson<HintResponse>, AppError> {
    answer(&state, Asked::default(), move |_| {
        let grid = small_enough(req.grid()?)?;
        Ok(req.run_on(&grid)?.into())
    })
    .await
}

/// `POST /api/sudoku/rate`: ER, EP, ED, the band and the hardest technique.
#[utoipa::path(
    post,
    path = "/api/sudoku/rate",
    operation_id = "sudoku_rate",
    tag = "sudoku logic",
    request_body = RateRequest,
    responses((status = 200, body = Object), Refusals)
)]
pub async fn rate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<RateRequest>,
) -> Result<ApiJson<Rating>, AppError> {
    answer(&state, Asked::default(), move |_| {
        let grid = small_enough(req.grid()?)?;
        Ok(RateRequest::run_on(&grid)?)
    })
    .await
}

/// The answer to `POST /api/sudoku/generate`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GenerateResponse {
    /// The puzzle, its solution, givens, symmetry, minimality and rating (ER, when a band or
    /// range was asked).
    #[serde(flatten)]
    #[schema(schema_with = crate::schema::written)]
    pub puzzle: dlx_generate::Written,
    /// The seed that makes it again.
    pub seed: u64,
    /// The box shape.
    pub shape: Shape,
}

/// `POST /api/sudoku/generate`: one new puzzle, within the server's time limit.
#[utoipa::path(
    post,
    path = "/api/sudoku/generate",
    operation_id = "sudoku_generate",
    tag = "sudoku logic",
    request_body = GenerateRequest,
    responses((status = 200, body = GenerateResponse), Refusals)
)]
pub async fn generate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<GenerateRequest>,
) -> Result<ApiJson<GenerateResponse>, AppError> {
    let server_limit = state.limits.time_limit;
    if req.count.is_some_and(|c| c != 1) {
        return Err(AppError::bad(
            "count: one puzzle a request here (the command line makes more)",
        ));
    }
    answer(&state, Asked::default(), move |_| {
        let mut options = req.options()?;
        if options.shape.n() > MAX_LOGIC_SIZE {
            return Err(AppError::bad(format!(
                "size: at most {MAX_LOGIC_SIZE}x{MAX_LOGIC_SIZE} here (the command line makes larger)"
            )));
        }
        let time_limit = options
            .time_limit
            .map_or(server_limit, |t| t.min(server_limit));
        options.time_limit = Some(time_limit);
        let made =
            dlx_generate::generate_one(&options, 0).map_err(|e| AppError::bad(e.to_string()))?;
        let p = made.map_err(|why| {
            AppError::bad(format!(
                "no puzzle made: {why} (within {} s; try a wider range)",
                time_limit.as_secs_f64()
            ))
        })?;
        Ok(GenerateResponse {
            puzzle: p.written(),
            seed: options.seed,
            shape: options.shape,
        })
    })
    .await
}
