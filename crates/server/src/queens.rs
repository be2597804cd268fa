//! `GET /api/queens/{n}`: the N-queens problem as exact cover, counted or listed, with each
//! solution given as the column of the queen in each row.
//!
//! The encoding is Knuth's, from `dlx-puzzles`: primary items `r0..` (ranks) and `c0..`
//! (files) in organ-pipe order (middle first), secondary items `a..` and `b..` for the
//! diagonals; option `n * r + c` puts a queen on row `r`, column `c`.

use std::ops::ControlFlow;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use dlx_engine::{Links, OnSolution, OptionId, Problem, Search};
use dlx_puzzles::{Puzzle, Queens};
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::error::{ApiJson, AppError};
use crate::work::{Asked, run_blocking};
use crate::xcc::{EngineStats, HeuristicParam, status_code};

/// The largest board `GET /api/queens/{n}` accepts.
pub const MAX_N: u32 = 64;

/// The largest board `POST /api/xcc/trace` records (the matrix view is for small ones).
pub const MAX_TRACE_N: u32 = 12;

/// The `n`-queens problem (`1 <= n <=` [`MAX_N`]) and, for each option, the
/// `[row, column]` of its queen; `None` for a size out of range.
pub fn problem(n: u32) -> Option<(Problem, Vec<[u32; 2]>)> {
    if !(1..=MAX_N).contains(&n) {
        return None;
    }
    let q = Queens::new(n as usize).ok()?;
    let problem = q.problem().clone();
    let squares = (0..problem.option_count())
        .map(|k| {
            q.square(OptionId(k as u32))
                .map_or([0, 0], |(r, c)| [r as u32, c as u32])
        })
        .collect();
    Some((problem, squares))
}

/// The query of `GET /api/queens/{n}`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueensQuery {
    /// Stop after this many solutions; absent or 0 counts them all (within the budgets).
    #[serde(default)]
    pub limit: Option<u64>,
    /// How many solutions to return (default 1).
    #[serde(default)]
    pub list: Option<usize>,
    /// How to choose the item to branch on.
    #[serde(default)]
    pub heuristic: HeuristicParam,
}

/// The answer to `GET /api/queens/{n}`.
#[derive(Debug, Serialize)]
pub struct QueensResponse {
    /// The board size.
    pub n: u32,
    /// `complete`, `limit_reached`, `node_budget` or `deadline`.
    pub status: &'static str,
    /// Solutions found (exact when `complete`).
    pub solutions: u64,
    /// Whether the whole search tree was explored.
    pub complete: bool,
    /// Work done.
    pub stats: EngineStats,
    /// The first solution: `first[r]` is the column of the queen on row `r` (empty if none).
    pub first: Vec<u32>,
    /// The first solutions found, as many as `list` asked, in the same form.
    pub listed: Vec<Vec<u32>>,
}

/// `GET /api/queens/{n}`.
pub async fn get(
    State(state): State<AppState>,
    Path(n): Path<String>,
    query: Result<Query<QueensQuery>, QueryRejection>,
) -> Result<ApiJson<QueensResponse>, AppError> {
    let n: u32 = match n.parse() {
        Ok(n) if (1..=MAX_N).contains(&n) => n,
        _ => {
            return Err(AppError::bad(format!(
                "n must be a whole number from 1 to {MAX_N}, not `{n}`"
            )));
        }
    };
    let Query(q) = query.map_err(|e| AppError::bad(format!("query: {}", e.body_text())))?;
    let list = q.list.unwrap_or(1);
    if list > state.limits.max_listed {
        return Err(AppError::bad(format!(
            "list: at most {} solutions can be listed, not {list}",
            state.limits.max_listed
        )));
    }
    let limit = q.limit.filter(|&l| l > 0).unwrap_or(u64::MAX);
    let heuristic = q.heuristic.into();
    let response = run_blocking(&state, Asked::default(), move |budget| {
        let (problem, squares) =
            problem(n).ok_or_else(|| AppError::bad(format!("n: no board of size {n}")))?;
        let mut links = Links::new(&problem, budget.engine_config(heuristic));
        let mut listed = Vec::new();
        let mut found = 0u64;
        let columns = |s: &[OptionId]| {
            let mut cols = vec![0u32; n as usize];
            for o in s {
                let [r, c] = squares[o.index()];
                cols[r as usize] = c;
            }
            cols
        };
        let outcome = links.run(&mut OnSolution(|s: &[OptionId]| {
            found += 1;
            if listed.len() < list.max(1) {
                listed.push(columns(s));
            }
            if found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }));
        let first = listed.first().cloned().unwrap_or_default();
        listed.truncate(list);
        Ok(QueensResponse {
            n,
            status: status_code(outcome.status),
            solutions: outcome.stats.solutions,
            complete: outcome.is_complete(),
            stats: EngineStats::of(&outcome),
            first,
            listed,
        })
    })
    .await?;
    Ok(ApiJson(response))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_out_of_range_have_no_problem() {
        assert!(problem(0).is_none());
        assert!(problem(MAX_N + 1).is_none());
        let (_, squares) = problem(5).unwrap();
        assert_eq!(squares[7], [1, 2], "option n * r + c is square (r, c)");
    }

    #[test]
    fn known_counts_for_small_boards() {
        // OEIS A000170.
        for (n, want) in [
            (1, 1),
            (2, 0),
            (3, 0),
            (4, 2),
            (5, 10),
            (6, 4),
            (7, 40),
            (8, 92),
        ] {
            let (p, squares) = problem(n).unwrap();
            assert_eq!(squares.len(), (n * n) as usize);
            let out = Links::new(&p, dlx_engine::Config::default()).count();
            assert_eq!(out.stats.solutions, want, "n = {n}");
        }
    }

    #[test]
    fn every_solution_is_non_attacking() {
        let (p, squares) = problem(6).unwrap();
        let (sols, _) = Links::new(&p, dlx_engine::Config::default()).collect(100);
        assert_eq!(sols.len(), 4);
        for s in sols {
            let q: Vec<[u32; 2]> = s.iter().map(|o| squares[o.index()]).collect();
            for (i, a) in q.iter().enumerate() {
                for b in &q[i + 1..] {
                    assert_ne!(a[0], b[0]);
                    assert_ne!(a[1], b[1]);
                    assert_ne!(a[0] + a[1], b[0] + b[1]);
                    assert_ne!(a[0] as i64 - a[1] as i64, b[0] as i64 - b[1] as i64);
                }
            }
        }
    }
}
