//! Sudoku by logic and new puzzles: `POST /api/sudoku/explain` (every step of the
//! easiest-first path and the rating), `POST /api/sudoku/hint` (the next step from a grid in
//! progress and the user's pencil marks), `POST /api/sudoku/rate`, and
//! `POST /api/sudoku/generate` (one new puzzle of a size, symmetry, givens and difficulty).
//! The work is `dlx_api::logic`'s, on grids up to 16x16, under the request timeout (explain,
//! hint, rate) or the server's time limit (generate).

use axum::extract::State;
use dlx_api::logic::{ExplainResponse, GenerateResponse, HintResponse, RateResponse};
use dlx_api::{Asked, Budget, Run};
use dlx_generate::GenerateRequest;
use dlx_logic::{ExplainRequest, HintRequest, RateRequest};

use crate::error::{ApiJson, AppError, Refusals};
use crate::state::AppState;
use crate::work::answer;

/// `POST /api/sudoku/explain`: the steps, why the path ended, the grid at the end, the rating,
/// the first candidates and each cell's peers.
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
) -> Result<ApiJson<ExplainResponse>, AppError> {
    let asked = Asked::new(None, req.time_limit_ms);
    let caps = state.caps.clone();
    answer(&state, asked, move |budget| {
        Ok(dlx_api::logic::explain(&req, &mut Run::new(budget, &caps))?)
    })
    .await
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
    let caps = state.caps.clone();
    answer(&state, Asked::default(), move |_| {
        // A hint is one step: bounded by the request timeout, not the search time limit.
        let mut run = Run::new(Budget::unlimited(), &caps);
        Ok(dlx_api::logic::hint(&req, &mut run)?)
    })
    .await
}

/// `POST /api/sudoku/rate`: ER, EP, ED, the band and the hardest technique, on a scale or a
/// set of techniques; with filters (`er`, `ep`, `ed` ranges, `diamonds`, `pearls`), whether
/// the puzzle passes, the rating stopping early once that is known. Within the server's time
/// limit (`stop`: `deadline`).
#[utoipa::path(
    post,
    path = "/api/sudoku/rate",
    operation_id = "sudoku_rate",
    tag = "sudoku logic",
    request_body = RateRequest,
    responses((status = 200, body = RateResponse), Refusals)
)]
pub async fn rate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<RateRequest>,
) -> Result<ApiJson<RateResponse>, AppError> {
    let caps = state.caps.clone();
    answer(&state, Asked::default(), move |budget| {
        Ok(dlx_api::logic::rate(&req, &mut Run::new(budget, &caps))?)
    })
    .await
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
    let caps = state.caps.clone();
    answer(&state, Asked::default(), move |budget| {
        Ok(dlx_api::logic::generate(
            &req,
            &mut Run::new(budget, &caps),
        )?)
    })
    .await
}
