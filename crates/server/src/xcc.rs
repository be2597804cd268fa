//! The exact-cover endpoints: `POST /api/xcc/solve` (count or list the solutions of a problem
//! in Knuth's format) and `POST /api/xcc/trace` (the matrix of a small problem and the steps of
//! its search, for the dancing-links view). The work is `dlx_api::xcc`'s.

use axum::extract::State;
use dlx_api::xcc::{XccSolveRequest, XccSolveResponse, XccTraceRequest, XccTraceResponse};
use dlx_api::{Asked, Run};

use crate::error::{ApiJson, AppError, Refusals};
use crate::state::AppState;
use crate::work::answer;

/// `POST /api/xcc/solve`.
#[utoipa::path(
    post,
    path = "/api/xcc/solve",
    operation_id = "xcc_solve",
    tag = "exact cover",
    request_body = XccSolveRequest,
    responses((status = 200, body = XccSolveResponse), Refusals)
)]
pub async fn solve(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<XccSolveRequest>,
) -> Result<ApiJson<XccSolveResponse>, AppError> {
    // What needs no search is refused before a slot is taken.
    dlx_api::params::Listing::new(req.limit, req.list, state.caps.max_listed)?;
    let asked = Asked::new(req.node_budget, req.time_limit_ms);
    let caps = state.caps.clone();
    answer(&state, asked, move |budget| {
        Ok(dlx_api::xcc::solve(&req, &mut Run::new(budget, &caps))?)
    })
    .await
}

/// `POST /api/xcc/trace`: exactly one of `problem` and `queens`.
#[utoipa::path(
    post,
    path = "/api/xcc/trace",
    operation_id = "xcc_trace",
    tag = "exact cover",
    request_body = XccTraceRequest,
    responses((status = 200, body = XccTraceResponse), Refusals)
)]
pub async fn trace(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<XccTraceRequest>,
) -> Result<ApiJson<XccTraceResponse>, AppError> {
    dlx_api::params::max_steps(req.max_steps, state.caps.max_trace_steps)?;
    let caps = state.caps.clone();
    answer(&state, Asked::default(), move |budget| {
        Ok(dlx_api::xcc::trace(&req, &mut Run::new(budget, &caps))?)
    })
    .await
}
