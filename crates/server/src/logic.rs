//! Sudoku by logic and new puzzles: `POST /api/sudoku/explain` (every step of the
//! easiest-first path and the rating), `POST /api/sudoku/hint` (the next step from a grid in
//! progress and the user's pencil marks), `POST /api/sudoku/rate`, and
//! `POST /api/sudoku/generate` (one new puzzle of a size, symmetry, givens and difficulty).
//!
//! Logic runs on grids up to [`MAX_LOGIC_SIZE`] cells a side, under the request timeout;
//! generation under the server's time limit.

use axum::extract::State;
use dlx_generate::{GenerateOptions, Givens, RatingFilter, Symmetry};
use dlx_logic::{Band, Explanation, Options, Rating, Step, Technique};
use dlx_sudoku::{Grid, Shape};
use serde::{Deserialize, Serialize};

use crate::error::{ApiJson, AppError, Refusals};
use crate::params::{ShapeParam, read_grid};
use crate::state::AppState;
use crate::work::{Asked, answer};

/// The largest grid explained, hinted or rated (16x16): the forcing chains of bigger grids
/// take longer than a request should.
pub const MAX_LOGIC_SIZE: usize = 16;

/// The most steps an explanation returns.
pub const MAX_EXPLAIN_STEPS: usize = 5_000;

fn logic_grid(text: &str, shape: Option<ShapeParam>) -> Result<Grid, AppError> {
    let grid = read_grid(text, shape)?;
    if grid.n() > MAX_LOGIC_SIZE {
        return Err(AppError::bad(format!(
            "puzzle: {n}x{n} is larger than the {MAX_LOGIC_SIZE}x{MAX_LOGIC_SIZE} the logical solver takes here (use the command line)",
            n = grid.n()
        )));
    }
    Ok(grid)
}

fn logic_error(e: dlx_logic::LogicError) -> AppError {
    AppError::bad(format!("puzzle: {e}"))
}

/// `POST /api/sudoku/explain`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "puzzle": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", "max_steps": 5 })))]
pub struct ExplainRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    pub shape: Option<ShapeParam>,
    /// At most this many steps (capped at [`MAX_EXPLAIN_STEPS`]).
    pub max_steps: Option<usize>,
    /// The hardest technique allowed, by name (`x_wing`, ...).
    pub upto: Option<String>,
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
    answer(&state, Asked::default(), move |budget| {
        let grid = logic_grid(&req.puzzle, req.shape)?;
        let max_technique = match &req.upto {
            Some(name) => name
                .parse::<Technique>()
                .map_err(|e| AppError::bad(format!("upto: {e}")))?,
            None => Technique::Trial,
        };
        let options = Options {
            max_steps: req
                .max_steps
                .unwrap_or(MAX_EXPLAIN_STEPS)
                .min(MAX_EXPLAIN_STEPS),
            max_technique,
            deadline: Some(budget.deadline),
            ..Options::default()
        };
        dlx_logic::explain(&grid, &options).map_err(logic_error)
    })
    .await
}

/// `POST /api/sudoku/hint`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "puzzle": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.." })))]
pub struct HintRequest {
    /// The puzzle (its givens).
    pub puzzle: String,
    /// The grid as the user has it (givens and digits placed), same size; default the puzzle.
    pub progress: Option<String>,
    /// The user's pencil marks, one list of digits a cell (row-major); an empty list for a
    /// cell means no marks there (all its candidates stand).
    pub marks: Option<Vec<Vec<u8>>>,
    /// A box shape other than the default for the size.
    pub shape: Option<ShapeParam>,
}

/// The answer to `POST /api/sudoku/hint`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HintResponse {
    /// The easiest next step, or `null` when the grid is solved.
    #[schema(value_type = Option<Object>)]
    pub step: Option<Step>,
    /// Whether the grid in progress is already solved.
    pub solved: bool,
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
        let grid = logic_grid(&req.puzzle, req.shape)?;
        let progress = match &req.progress {
            Some(p) => Some(
                dlx_sudoku::parse_with_shape(p, Some(grid.shape))
                    .map_err(|e| AppError::bad(format!("progress: {e}")))?,
            ),
            None => None,
        };
        let n = grid.n();
        let marks: Option<Vec<u64>> = match &req.marks {
            None => None,
            Some(m) if m.len() != n * n => {
                return Err(AppError::bad(format!(
                    "marks: {} cells, but the grid has {}",
                    m.len(),
                    n * n
                )));
            }
            Some(m) => Some(
                m.iter()
                    .enumerate()
                    .map(|(k, digits)| {
                        if digits.is_empty() {
                            return Ok((1u64 << n) - 1);
                        }
                        digits.iter().try_fold(0u64, |mask, &d| {
                            if d == 0 || d as usize > n {
                                Err(AppError::bad(format!(
                                    "marks: r{}c{} has {d}, but digits run from 1 to {n}",
                                    k / n + 1,
                                    k % n + 1
                                )))
                            } else {
                                Ok(mask | 1 << (d - 1))
                            }
                        })
                    })
                    .collect::<Result<_, AppError>>()?,
            ),
        };
        let step =
            dlx_logic::hint(&grid, progress.as_ref(), marks.as_deref()).map_err(logic_error)?;
        let solved = step.is_none() && progress.as_ref().unwrap_or(&grid).is_full();
        Ok(HintResponse { step, solved })
    })
    .await
}

/// `POST /api/sudoku/rate`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "puzzle": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.." })))]
pub struct RateRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    pub shape: Option<ShapeParam>,
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
        let grid = logic_grid(&req.puzzle, req.shape)?;
        dlx_logic::rate(&grid).map_err(logic_error)
    })
    .await
}

/// `POST /api/sudoku/generate`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "seed": 5, "symmetry": "rotate180" })))]
pub struct GenerateRequest {
    /// Cells on a side (default 9), up to 16.
    pub size: Option<usize>,
    /// A box shape (sets the size).
    pub shape: Option<ShapeParam>,
    /// The symmetry of the givens (`none`, `rotate180`, ... as the command line).
    pub symmetry: Option<String>,
    /// Exactly this many givens (default: minimal).
    pub givens: Option<usize>,
    /// A difficulty band (`easy` ... `extreme`), 9x9.
    pub band: Option<String>,
    /// A rating range `[min, max]` on Sudoku Explainer's scale, 9x9.
    #[schema(value_type = Option<Vec<f64>>, min_items = 2, max_items = 2)]
    pub rating: Option<[f64; 2]>,
    /// The seed (default: a new one); the answer says which was used.
    pub seed: Option<u64>,
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
    pub shape: ShapeParam,
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
    let time_limit = state.limits.time_limit;
    answer(&state, Asked::default(), move |_| {
        let shape = match (req.shape, req.size) {
            (Some(s), _) => Shape::new(s.rows, s.cols),
            (None, n) => Shape::for_size(n.unwrap_or(9)),
        }
        .map_err(|e| AppError::bad(format!("size: {e}")))?;
        if shape.n() > MAX_LOGIC_SIZE {
            return Err(AppError::bad(format!(
                "size: at most {MAX_LOGIC_SIZE}x{MAX_LOGIC_SIZE} here (the command line makes larger)"
            )));
        }
        let symmetry = match &req.symmetry {
            Some(s) => s
                .parse::<Symmetry>()
                .map_err(|e| AppError::bad(format!("symmetry: {e}")))?,
            None => Symmetry::None,
        };
        let range = match (&req.band, req.rating) {
            (Some(_), Some(_)) => {
                return Err(AppError::bad("band, rating: give one or the other"));
            }
            (Some(b), None) => Some(
                b.parse::<Band>()
                    .map_err(|e| AppError::bad(format!("band: {e}")))?
                    .range(),
            ),
            (None, Some([lo, hi])) if lo.is_finite() && hi.is_finite() && lo <= hi => {
                Some((lo, hi))
            }
            (None, Some([lo, hi])) => {
                return Err(AppError::bad(format!("rating: [{lo}, {hi}] is empty")));
            }
            (None, None) => None,
        };
        let seed = req.seed.unwrap_or_else(dlx_generate::fresh_seed);
        let options = GenerateOptions {
            shape,
            symmetry,
            givens: req.givens.map_or(Givens::Minimal, Givens::Exactly),
            seed,
            count: 1,
            rating: range.map(|(lo, hi)| {
                RatingFilter::new(dlx_logic::er, lo..=hi)
            }),
            time_limit: Some(time_limit),
            ..GenerateOptions::default()
        };
        let made = dlx_generate::generate_one(&options, 0)
            .map_err(|e| AppError::bad(e.to_string()))?;
        let p = made.map_err(|why| {
            AppError::bad(format!(
                "no puzzle made: {why} (within {} s; try a wider range)",
                time_limit.as_secs_f64()
            ))
        })?;
        Ok(GenerateResponse {
            puzzle: p.written(),
            seed,
            shape: shape.into(),
        })
    })
    .await
}
