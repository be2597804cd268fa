//! What the exact-cover operations share beyond the libraries' requests: the statistics of
//! an engine search ([`EngineStats`], [`Counted`]), the queens problem ([`queens`]), the
//! "count, stop after `limit`, list the first `list`" both exact-cover operations run
//! ([`Listing`]) and the length of a trace ([`max_steps`]).
//!
//! The request vocabulary (heuristic, algorithm, shape, solver, statuses) is the libraries'
//! (`dlx_engine::request`, `dlx_sudoku::request`, ...); the operation modules import this
//! module, `run`, `schema` and `error`, and nothing of each other (the test in
//! `crates/testkit/tests/modules.rs` keeps it so).

use std::ops::ControlFlow;

use dlx_engine::{Observer, OptionId, Outcome, Problem, Search, Stop};
use dlx_puzzles::{Puzzle, Queens};
use serde::Serialize;

use crate::error::ApiError;
use crate::run::{Progress, Run};

/// The statistics of an engine search.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

/// The largest queens board the operations build (the caps' `max_queens` by default).
pub use crate::run::MAX_QUEENS;

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
    ) -> Result<Self, ApiError> {
        let list = list.unwrap_or(1);
        if list > max_listed {
            return Err(ApiError::field(
                "list",
                format!("at most {max_listed} solutions can be listed, not {list}"),
            ));
        }
        Ok(Listing {
            limit: limit.filter(|&l| l > 0).unwrap_or(u64::MAX),
            list,
        })
    }

    /// Runs `search`, stopping after the limit, and returns the first solution and the first
    /// `list` ones, each as `map` writes it, and how the search ended; progress goes to `run`.
    pub fn run<S: Search, T: Clone>(
        self,
        search: &mut S,
        run: &mut Run<'_>,
        map: impl Fn(&[OptionId]) -> T,
    ) -> (Option<T>, Vec<T>, Counted) {
        let mut keeper = Keeper {
            keep: self.list.max(1),
            listed: Vec::new(),
            remaining: self.limit,
            map,
            run,
        };
        let outcome = search.run(&mut keeper);
        let reached = self.limit != u64::MAX && keeper.remaining == 0;
        let mut listed = keeper.listed;
        let first = listed.first().cloned();
        listed.truncate(self.list);
        (first, listed, Counted::of(&outcome, reached))
    }
}

/// The observer of [`Listing::run`]: keeps the first solutions, stops at the limit, passes
/// progress on.
struct Keeper<'r, 'a, F, T> {
    keep: usize,
    listed: Vec<T>,
    remaining: u64,
    map: F,
    run: &'r mut Run<'a>,
}

impl<F: Fn(&[OptionId]) -> T, T> Observer for Keeper<'_, '_, F, T> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        if self.listed.len() < self.keep {
            self.listed.push((self.map)(options));
        }
        self.remaining = self.remaining.saturating_sub(1);
        if self.remaining == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn progress(&mut self, p: &dlx_engine::Progress) -> ControlFlow<()> {
        self.run.progress(|| Progress {
            nodes: p.nodes,
            solutions: p.solutions,
            depth: p.level,
            seconds: p.elapsed.as_secs_f64(),
            fraction: Some(p.fraction),
        });
        ControlFlow::Continue(())
    }
}

/// The length of a trace a request asks for (absent: the server's `cap`), refused outside
/// `1..=cap`.
pub fn max_steps(asked: Option<usize>, cap: usize) -> Result<usize, ApiError> {
    let max_steps = asked.unwrap_or(cap);
    if max_steps == 0 || max_steps > cap {
        return Err(ApiError::field(
            "max_steps",
            format!("must be from 1 to {cap}, not {max_steps}"),
        ));
    }
    Ok(max_steps)
}
