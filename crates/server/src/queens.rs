//! `GET /api/queens/{n}`: the N-queens problem as exact cover, counted or listed, with each
//! solution given as the column of the queen in each row.
//!
//! The encoding is Knuth's, from `dlx-puzzles` (built by [`crate::params::queens`]): primary items `r0..` (ranks) and `c0..`
//! (files) in organ-pipe order (middle first), secondary items `a..` and `b..` for the
//! diagonals; option `n * r + c` puts a queen on row `r`, column `c`.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use dlx_engine::{Heuristic, Links, OptionId, Search};
use serde::{Deserialize, Serialize};

use crate::error::{ApiJson, AppError, SearchRefusals};
use crate::params::{Counted, Listing, MAX_QUEENS, queens};
use crate::state::AppState;
use crate::work::{Asked, answer};

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

/// The answer to `GET /api/queens/{n}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct QueensResponse {
    /// The board size.
    pub n: u32,
    /// How the search ended: `status`, `solutions`, `complete`, `stats`.
    #[serde(flatten)]
    pub search: Counted,
    /// The first solution: `first[r]` is the column of the queen on row `r` (empty if none).
    pub first: Vec<u32>,
    /// The first solutions found, as many as `list` asked, in the same form.
    pub listed: Vec<Vec<u32>>,
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
    let n: u32 = match n.parse() {
        Ok(n) if (1..=MAX_QUEENS).contains(&n) => n,
        _ => {
            return Err(AppError::bad(format!(
                "n must be a whole number from 1 to {MAX_QUEENS}, not `{n}`"
            )));
        }
    };
    let Query(q) = query.map_err(|e| AppError::bad(format!("query: {}", e.body_text())))?;
    let listing = Listing::new(q.limit, q.list, state.limits.max_listed)?;
    let heuristic = q.heuristic;
    answer(&state, Asked::default(), move |budget| {
        let (problem, squares) =
            queens(n).ok_or_else(|| AppError::bad(format!("n: no board of size {n}")))?;
        let mut links = Links::new(&problem, budget.engine_config(heuristic));
        let columns = |s: &[OptionId]| {
            let mut cols = vec![0u32; n as usize];
            for o in s {
                let [r, c] = squares[o.index()];
                cols[r as usize] = c;
            }
            cols
        };
        let (first, listed, search) = listing.run(&mut links, columns);
        let first = first.unwrap_or_default();
        Ok(QueensResponse {
            n,
            search,
            first,
            listed,
        })
    })
    .await
}
