//! The variant Sudoku endpoints (issue 28): `POST /api/variants/check` (read the rules in any
//! format, answer them in our JSON, check a grid against every rule), `POST
//! /api/variants/solve` (one solution, uniqueness, or a count) and `POST
//! /api/variants/trace` (the dancing-links search step by step), and for the page `POST
//! /api/variants/view` (the rules as drawn) and `POST /api/variants/generate` (a new puzzle), and by
//! logic `POST /api/variants/explain`, `POST /api/variants/hint` and `POST /api/variants/rate`
//! (issue 29: the classic operations' options on the variant's rules). The work is
//! `dlx_api::variants`'; rules that read but cannot hold are answered 422 naming the
//! constraint (kind, number, cells).

use axum::extract::State;
use dlx_api::logic::RateResponse;
use dlx_api::variants::{
    VariantCheckRequest, VariantCheckResponse, VariantSolveResponse, VariantTraceResponse,
};
use dlx_api::vlogic::{
    VariantExplainRequest, VariantExplainResponse, VariantHintRequest, VariantHintResponse,
    VariantRateRequest,
};
use dlx_api::vpage::{VariantGenerateResponse, VariantViewRequest, VariantViewResponse};
use dlx_api::{Asked, Budget, Run};
use dlx_variants::generate::GenerateRequest as VariantGenerateRequest;
use dlx_variants::request::{SolveRequest, TraceRequest};

use crate::error::{ApiJson, AppError, Refusals};
use crate::state::AppState;
use crate::work::answer;

/// `POST /api/variants/check`.
#[utoipa::path(
    post,
    path = "/api/variants/check",
    operation_id = "variants_check",
    tag = "variants",
    request_body = VariantCheckRequest,
    responses((status = 200, body = VariantCheckResponse), Refusals)
)]
pub async fn check(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<VariantCheckRequest>,
) -> Result<ApiJson<VariantCheckResponse>, AppError> {
    answer(&state, Asked::default(), move |_| {
        Ok(dlx_api::variants::check(&req)?)
    })
    .await
}

/// `POST /api/variants/solve`.
#[utoipa::path(
    post,
    path = "/api/variants/solve",
    operation_id = "variants_solve",
    tag = "variants",
    request_body = SolveRequest,
    responses((status = 200, body = VariantSolveResponse), Refusals)
)]
pub async fn solve(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<ApiJson<VariantSolveResponse>, AppError> {
    req.validate(state.caps.max_listed)?;
    let asked = Asked::new(req.node_budget, req.time_limit_ms);
    let caps = state.caps.clone();
    answer(&state, asked, move |budget| {
        Ok(dlx_api::variants::solve(
            &req,
            &mut Run::new(budget, &caps),
        )?)
    })
    .await
}

/// `POST /api/variants/trace`.
#[utoipa::path(
    post,
    path = "/api/variants/trace",
    operation_id = "variants_trace",
    tag = "variants",
    request_body = TraceRequest,
    responses((status = 200, body = VariantTraceResponse), Refusals)
)]
pub async fn trace(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<TraceRequest>,
) -> Result<ApiJson<VariantTraceResponse>, AppError> {
    req.validate(state.caps.max_trace_steps)?;
    let asked = Asked::new(req.node_budget, req.time_limit_ms);
    let caps = state.caps.clone();
    answer(&state, asked, move |budget| {
        Ok(dlx_api::variants::trace(
            &req,
            &mut Run::new(budget, &caps),
        )?)
    })
    .await
}

/// `POST /api/variants/view`: the rules as a page draws them (the region of every cell, the
/// houses the rules add, every constraint with all its cells).
#[utoipa::path(
    post,
    path = "/api/variants/view",
    operation_id = "variants_view",
    tag = "variants",
    request_body = VariantViewRequest,
    responses((status = 200, body = VariantViewResponse), Refusals)
)]
pub async fn view(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<VariantViewRequest>,
) -> Result<ApiJson<VariantViewResponse>, AppError> {
    answer(&state, Asked::default(), move |_| {
        Ok(dlx_api::vpage::view(&req)?)
    })
    .await
}

/// `POST /api/variants/generate`: one new variant puzzle (killer, jigsaw, X, windoku,
/// anti-knight, anti-king, non-consecutive, disjoint groups, or several combined), within
/// the server's time limit.
#[utoipa::path(
    post,
    path = "/api/variants/generate",
    operation_id = "variants_generate",
    tag = "variants",
    request_body = VariantGenerateRequest,
    responses((status = 200, body = VariantGenerateResponse), Refusals)
)]
pub async fn generate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<VariantGenerateRequest>,
) -> Result<ApiJson<VariantGenerateResponse>, AppError> {
    let caps = state.caps.clone();
    let asked = Asked::new(None, req.time_limit_ms);
    answer(&state, asked, move |budget| {
        Ok(dlx_api::vpage::generate(
            &req,
            &mut Run::new(budget, &caps),
        )?)
    })
    .await
}

/// `POST /api/variants/explain`: every step of the easiest-first path on the variant's rules
/// (each step's `pattern.areas` naming the cages, regions, diagonals... it uses), why it ended,
/// the grid at the end, the rating, and the first candidates and each cell's peers (to replay
/// the steps); within the server's time limit or `time_limit_ms`.
#[utoipa::path(
    post,
    path = "/api/variants/explain",
    operation_id = "variants_explain",
    tag = "variants",
    request_body = VariantExplainRequest,
    responses((status = 200, body = VariantExplainResponse), Refusals)
)]
pub async fn explain(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<VariantExplainRequest>,
) -> Result<ApiJson<VariantExplainResponse>, AppError> {
    let asked = Asked::new(None, req.time_limit_ms);
    let caps = state.caps.clone();
    answer(&state, asked, move |budget| {
        Ok(dlx_api::vlogic::explain(
            &req,
            &mut Run::new(budget, &caps),
        )?)
    })
    .await
}

/// `POST /api/variants/hint`: the easiest next step on the variant's rules from a grid in
/// progress and the user's pencil marks, at each level, with the board's candidates.
#[utoipa::path(
    post,
    path = "/api/variants/hint",
    operation_id = "variants_hint",
    tag = "variants",
    request_body = VariantHintRequest,
    responses((status = 200, body = VariantHintResponse), Refusals)
)]
pub async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<VariantHintRequest>,
) -> Result<ApiJson<VariantHintResponse>, AppError> {
    let caps = state.caps.clone();
    answer(&state, Asked::default(), move |_| {
        // A hint is one step: bounded by the request timeout, as the classic hint.
        let mut run = Run::new(Budget::unlimited(), &caps);
        Ok(dlx_api::vlogic::hint(&req, &mut run)?)
    })
    .await
}

/// `POST /api/variants/rate`: ER, EP, ED, the band and the hardest technique of a variant
/// puzzle, with the classic rate's scale, techniques and filters; within the server's time
/// limit (`stop`: `deadline`).
#[utoipa::path(
    post,
    path = "/api/variants/rate",
    operation_id = "variants_rate",
    tag = "variants",
    request_body = VariantRateRequest,
    responses((status = 200, body = RateResponse), Refusals)
)]
pub async fn rate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<VariantRateRequest>,
) -> Result<ApiJson<RateResponse>, AppError> {
    let caps = state.caps.clone();
    answer(&state, Asked::default(), move |budget| {
        Ok(dlx_api::vlogic::rate(&req, &mut Run::new(budget, &caps))?)
    })
    .await
}
