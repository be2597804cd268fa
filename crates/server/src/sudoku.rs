//! The Sudoku endpoints: `POST /api/sudoku/check` (read any supported text, report repeated
//! givens and candidates), `POST /api/sudoku/solve` (one solution, uniqueness, or a count,
//! with any solver) and `POST /api/sudoku/trace` (the steps of a search for the player, with
//! the exact-cover matrix of small grids for the dancing-links view). The work is
//! `dlx_api::sudoku`'s.

use axum::extract::State;
use dlx_api::sudoku::{CheckRequest, CheckResponse, SolveResponse, TraceResponse};
use dlx_api::{Asked, Run};
use dlx_sudoku::{SolveRequest, TraceRequest};

use crate::error::{ApiJson, AppError, Refusals};
use crate::state::AppState;
use crate::work::{answer, run_blocking};

/// `POST /api/sudoku/check`.
#[utoipa::path(
    post,
    path = "/api/sudoku/check",
    operation_id = "sudoku_check",
    tag = "sudoku",
    request_body = CheckRequest,
    responses((status = 200, body = CheckResponse), Refusals)
)]
pub async fn check(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CheckRequest>,
) -> Result<ApiJson<CheckResponse>, AppError> {
    answer(&state, Asked::default(), move |_| {
        Ok(dlx_api::sudoku::check(&req)?)
    })
    .await
}

/// `POST /api/sudoku/solve`.
#[utoipa::path(
    post,
    path = "/api/sudoku/solve",
    operation_id = "sudoku_solve",
    tag = "sudoku",
    request_body = SolveRequest,
    responses((status = 200, body = SolveResponse), Refusals)
)]
pub async fn solve(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<ApiJson<SolveResponse>, AppError> {
    req.validate()?;
    let asked = Asked::new(req.node_budget, req.time_limit_ms);
    let caps = state.caps.clone();
    answer(&state, asked, move |budget| {
        Ok(dlx_api::sudoku::solve(&req, &mut Run::new(budget, &caps))?)
    })
    .await
}

/// `POST /api/sudoku/trace`.
#[utoipa::path(
    post,
    path = "/api/sudoku/trace",
    operation_id = "sudoku_trace",
    tag = "sudoku",
    request_body = TraceRequest,
    responses((status = 200, body = TraceResponse), Refusals)
)]
pub async fn trace(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<TraceRequest>,
) -> Result<ApiJson<TraceResponse>, AppError> {
    req.validate(state.caps.max_trace_steps)?;
    let caps = state.caps.clone();
    let response = run_blocking(&state, Asked::default(), move |budget| {
        Ok(dlx_api::sudoku::trace(&req, &mut Run::new(budget, &caps))?)
    })
    .await?;
    Ok(ApiJson(response))
}
