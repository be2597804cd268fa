//! `GET /api/queens/{n}`: the N-queens problem as exact cover, counted or listed, with each
//! solution given as the column of the queen in each row (`dlx_api::xcc::queens`).
//!
//! The encoding is Knuth's, from `dlx-puzzles`: primary items `r0..` (ranks) and `c0..`
//! (files) in organ-pipe order (middle first), secondary items `a..` and `b..` for the
//! diagonals; option `n * r + c` puts a queen on row `r`, column `c`.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use dlx_api::xcc::{QueensRequest, QueensResponse};
use dlx_api::{Asked, Run};
use dlx_engine::Heuristic;
use serde::Deserialize;

use crate::error::{ApiJson, AppError, SearchRefusals};
use crate::state::AppState;
use crate::work::answer;

/// The query of `GET /api/queens/{n}`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct QueensQuery {
    /// Stop after this many solutions; absent or 0 counts them all (within the budgets).
    pub limit: Option<u64>,
    /// How many solutions to return (default 1).
    pub list: Option<usize>,
    /// How to choose the item to branch on.
    #[serde(default)]
    pub heuristic: Heuristic,
}

/// `GET /api/queens/{n}`.
#[utoipa::path(
    get,
    path = "/api/queens/{n}",
    operation_id = "queens",
    tag = "exact cover",
    params(
        ("n" = u32, Path, minimum = 1, maximum = 64, description = "The board size, 1 to 64"),
        QueensQuery
    ),
    responses((status = 200, body = QueensResponse), SearchRefusals)
)]
pub async fn get(
    State(state): State<AppState>,
    Path(n): Path<String>,
    query: Result<Query<QueensQuery>, QueryRejection>,
) -> Result<ApiJson<QueensResponse>, AppError> {
    let max = state.caps.max_queens;
    let n: u32 = match n.parse() {
        Ok(n) if (1..=max).contains(&n) => n,
        _ => {
            return Err(AppError::bad(format!(
                "n must be a whole number from 1 to {max}, not `{n}`"
            )));
        }
    };
    let Query(q) = query.map_err(|e| AppError::bad(format!("query: {}", e.body_text())))?;
    dlx_api::params::Listing::new(q.limit, q.list, state.caps.max_listed)?;
    let req = QueensRequest {
        n,
        limit: q.limit,
        list: q.list,
        heuristic: q.heuristic,
    };
    let caps = state.caps.clone();
    answer(&state, Asked::default(), move |budget| {
        Ok(dlx_api::xcc::queens(&req, &mut Run::new(budget, &caps))?)
    })
    .await
}
