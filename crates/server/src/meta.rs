//! The meta endpoints: `GET /api/health` and `GET /api/limits`.

use std::time::Duration;

use crate::state::AppState;

/// The answer to `GET /api/health`.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Health {
    /// Always `true`: the server is up.
    pub ok: bool,
}

/// `GET /api/health`: `{"ok": true}`.
#[utoipa::path(get, path = "/api/health", tag = "meta", responses((status = 200, body = Health)))]
pub async fn health() -> axum::Json<Health> {
    axum::Json(Health { ok: true })
}

/// The answer to `GET /api/limits`: the limits in force (see [`Limits`](crate::state::Limits)).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct LimitsResponse {
    /// The largest request body accepted, in bytes.
    pub body_limit: usize,
    /// Search-tree nodes one request may explore.
    pub node_budget: u64,
    /// Wall time one search may take, in milliseconds.
    pub time_limit_ms: u64,
    /// Searches running at once.
    pub concurrency: usize,
    /// The most steps a trace records.
    pub max_trace_steps: usize,
    /// The most solutions one answer lists.
    pub max_listed: usize,
    /// The largest answer sent, in bytes.
    pub response_limit: usize,
    /// How long a client may take to send a request's headers, in milliseconds.
    pub header_timeout_ms: u64,
    /// How long a client may take to send a request's body, in milliseconds.
    pub body_timeout_ms: u64,
    /// How long writing an answer may make no progress, in milliseconds.
    pub send_timeout_ms: u64,
}

/// `GET /api/limits`: the limits requests are held to.
#[utoipa::path(get, path = "/api/limits", tag = "meta", responses((status = 200, body = LimitsResponse)))]
pub async fn limits(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> axum::Json<LimitsResponse> {
    let l = &state.limits;
    let ms = |d: Duration| d.as_millis() as u64;
    axum::Json(LimitsResponse {
        body_limit: l.body_limit,
        node_budget: l.node_budget,
        time_limit_ms: ms(l.time_limit),
        concurrency: l.concurrency,
        max_trace_steps: l.max_trace_steps,
        max_listed: l.max_listed,
        response_limit: l.response_limit,
        header_timeout_ms: ms(l.header_timeout),
        body_timeout_ms: ms(l.body_timeout),
        send_timeout_ms: ms(l.send_timeout),
    })
}
