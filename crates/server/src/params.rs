//! What the exact-cover endpoints share beyond the libraries' requests: the statistics of an
//! engine search ([`EngineStats`], [`Counted`]), the queens problem ([`queens`]), the "count,
//! stop after `limit`, list the first `list`" both exact-cover endpoints run ([`Listing`]) and
//! the length of a trace ([`max_steps`]).
//!
//! The request vocabulary (heuristic, algorithm, shape, solver, statuses) is the libraries'
//! (`dlx_engine::request`, `dlx_sudoku::request`, ...); the endpoint modules import this
//! module, `work`, `state`, `schema` and `error`, and nothing of each other (the test in
//! `crates/testkit/tests/modules.rs` keeps it so).

use std::ops::ControlFlow;

use dlx_engine::{Limit, OnSolution, OptionId, Outcome, Problem, Search, Stop};
use dlx_puzzles::{Puzzle, Queens};
use serde::Serialize;

use crate::error::AppError;

/// The statistics of an engine search.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct EngineStats {
    /// Search-tree nodes (as Knuth's DLX1 counts them with `links`; branch nodes with
    /// `cells`, whose forced moves are not nodes).
    pub nodes: u64,
    /// Link updates (Knuth's `updates`).
    pub updates: u64,
    /// The longest partial solution, in options.
    pub max_depth: usize,
    /// Wall time of the search.
    pub seconds: f64,
}

impl EngineStats {
    /// The statistics of `outcome`.
    pub fn of(outcome: &Outcome) -> Self {
        EngineStats {
            nodes: outcome.stats.nodes,
            updates: outcome.stats.updates,
            max_depth: outcome.stats.max_depth,
            seconds: outcome.elapsed.as_secs_f64(),
        }
    }
}

/// How a counted engine search ended: the fields both exact-cover answers share (flattened
/// into them).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Counted {
    /// Why the search returned: `complete`, `limit_reached`, `node_budget` or `deadline`.
    pub status: Stop,
    /// Solutions found (exact when `complete`, else a lower bound).
    pub solutions: u64,
    /// Whether the whole search tree was explored.
    pub complete: bool,
    /// Work done.
    pub stats: EngineStats,
}

impl Counted {
    /// How `outcome` ended; `limit_reached` says whether the request's solution limit stopped
    /// it.
    pub fn of(outcome: &Outcome, limit_reached: bool) -> Self {
        Counted {
            status: Stop::of(outcome.status, limit_reached),
            solutions: outcome.stats.solutions,
            complete: outcome.is_complete(),
            stats: EngineStats::of(outcome),
        }
    }
}

/// The largest queens board the API builds.
pub const MAX_QUEENS: u32 = 64;

/// The `n`-queens problem (`1 <= n <=` [`MAX_QUEENS`]) in Knuth's encoding, from
/// `dlx-puzzles`, and, for each option, the `[row, column]` of its queen; `None` for a size
/// out of range.
pub fn queens(n: u32) -> Option<(Problem, Vec<[u32; 2]>)> {
    if !(1..=MAX_QUEENS).contains(&n) {
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

/// What a request asks of a counted search: stop after `limit` solutions (`u64::MAX` for
/// none), list the first `list` (at most the server's cap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The solutions to find before stopping.
    pub limit: u64,
    /// The solutions to list.
    pub list: usize,
}

impl Listing {
    /// The request's `limit` (absent or 0: no limit) and `list` (absent: 1), refused when
    /// `list` is over `max_listed`.
    pub fn new(
        limit: Option<u64>,
        list: Option<usize>,
        max_listed: usize,
    ) -> Result<Self, AppError> {
        let list = list.unwrap_or(1);
        if list > max_listed {
            return Err(AppError::bad(format!(
                "list: at most {max_listed} solutions can be listed, not {list}"
            )));
        }
        Ok(Listing {
            limit: limit.filter(|&l| l > 0).unwrap_or(u64::MAX),
            list,
        })
    }

    /// Runs `search` under the engine's [`Limit`], and returns the first solution and the
    /// first `list` ones, each as `map` writes it, and how the search ended.
    pub fn run<S: Search, T: Clone>(
        self,
        search: &mut S,
        map: impl Fn(&[OptionId]) -> T,
    ) -> (Option<T>, Vec<T>, Counted) {
        let keep = self.list.max(1);
        let mut listed = Vec::new();
        let keeper = OnSolution(|s: &[OptionId]| {
            if listed.len() < keep {
                listed.push(map(s));
            }
            ControlFlow::Continue(())
        });
        let mut limited = Limit {
            inner: keeper,
            remaining: self.limit,
        };
        let outcome = search.run(&mut limited);
        let reached = self.limit != u64::MAX && limited.remaining == 0;
        let first = listed.first().cloned();
        listed.truncate(self.list);
        (first, listed, Counted::of(&outcome, reached))
    }
}

/// The length of a trace a request asks for (absent: the server's `cap`), refused outside
/// `1..=cap`.
pub fn max_steps(asked: Option<usize>, cap: usize) -> Result<usize, AppError> {
    let max_steps = asked.unwrap_or(cap);
    if max_steps == 0 || max_steps > cap {
        return Err(AppError::bad(format!(
            "max_steps: must be from 1 to {cap}, not {max_steps}"
        )));
    }
    Ok(max_steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_engine::{Links, Search};

    #[test]
    fn sizes_out_of_range_have_no_queens() {
        assert!(queens(0).is_none());
        assert!(queens(MAX_QUEENS + 1).is_none());
        let (_, squares) = queens(5).unwrap();
        assert_eq!(squares[7], [1, 2], "option n * r + c is square (r, c)");
    }

    #[test]
    fn listing_stops_at_its_limit_and_lists_what_was_asked() {
        let (p, _) = queens(6).unwrap();
        let all = Listing::new(None, Some(0), 10).unwrap();
        let (first, listed, out) = all.run(&mut Links::new(&p, Default::default()), |s| s.len());
        assert_eq!((first, listed.len(), out.solutions), (Some(6), 0, 4));
        assert!(out.complete);
        let two = Listing::new(Some(2), Some(3), 10).unwrap();
        let (_, listed, out) = two.run(&mut Links::new(&p, Default::default()), |s| s.to_vec());
        assert_eq!((listed.len(), out.status), (2, Stop::Limit));
        assert!(Listing::new(None, Some(11), 10).is_err());
    }

    #[test]
    fn every_solution_is_non_attacking() {
        let (p, squares) = queens(6).unwrap();
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
