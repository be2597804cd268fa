//! The vocabulary the endpoints share, so that no endpoint module imports another: request
//! parameters as the API spells them ([`HeuristicParam`], [`AlgorithmParam`], [`ShapeParam`],
//! [`SolverParam`]), statuses ([`status_code`]), the statistics of an engine search
//! ([`EngineStats`]), the inputs two endpoints read alike ([`read_grid`], [`queens`]), the
//! "count, stop after `limit`, list the first `list`" both exact-cover endpoints run
//! ([`Listing`]) and the length of a trace ([`max_steps`]).
//!
//! Endpoint modules (`xcc`, `queens`, `sudoku`, `logic`) import this module, `work` and
//! `error`, and nothing of each other (`logic` still reaches [`ShapeParam`] and
//! [`read_grid`] through a re-export in `sudoku`, to go once it imports them from here).

use std::ops::ControlFlow;

use dlx_engine::{Heuristic, Limit, OnSolution, OptionId, Outcome, Problem, Search, Status};
use dlx_puzzles::{Puzzle, Queens};
use dlx_sudoku::{Grid, Shape, SolverKind};
use serde::{Deserialize, Serialize};

use crate::error::AppError;

/// How the search chooses the item to branch on, as the API spells it.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum HeuristicParam {
    /// The item with the fewest options left (Knuth's DLX1). The default.
    #[default]
    Mrv,
    /// The leftmost item still uncovered.
    Leftmost,
}

impl From<HeuristicParam> for Heuristic {
    fn from(h: HeuristicParam) -> Self {
        match h {
            HeuristicParam::Mrv => Heuristic::Mrv,
            HeuristicParam::Leftmost => Heuristic::Leftmost,
        }
    }
}

/// The exact-cover search algorithm, as the API spells it.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum AlgorithmParam {
    /// `cells`: on every shared input at least as fast as `links` (see the README), and a
    /// request runs on one thread, so its order of solutions is fixed too. The default.
    #[default]
    Auto,
    /// Dancing links (Knuth's DLX1): nodes and updates exactly DLX1's.
    Links,
    /// Dancing cells (Knuth's SSXCC): forced moves without branch nodes.
    Cells,
}

impl AlgorithmParam {
    /// The name of the algorithm that runs.
    pub fn running(self) -> &'static str {
        match self {
            AlgorithmParam::Links => "links",
            AlgorithmParam::Auto | AlgorithmParam::Cells => "cells",
        }
    }
}

/// Why a search returned, as the API spells it.
pub fn status_code(status: Status) -> &'static str {
    match status {
        Status::Complete => "complete",
        Status::Stopped => "limit_reached",
        Status::NodeBudget => "node_budget",
        Status::Deadline => "deadline",
    }
}

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
    /// `complete`, `limit_reached`, `node_budget` or `deadline`.
    #[schema(schema_with = crate::schema::engine_status)]
    pub status: &'static str,
    /// Solutions found (exact when `complete`, else a lower bound).
    pub solutions: u64,
    /// Whether the whole search tree was explored.
    pub complete: bool,
    /// Work done.
    pub stats: EngineStats,
}

impl Counted {
    /// How `outcome` ended.
    pub fn of(outcome: &Outcome) -> Self {
        Counted {
            status: status_code(outcome.status),
            solutions: outcome.stats.solutions,
            complete: outcome.is_complete(),
            stats: EngineStats::of(outcome),
        }
    }
}

/// A box shape in a request or an answer: boxes of `rows x cols` cells.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ShapeParam {
    /// Rows of cells in a box.
    pub rows: usize,
    /// Columns of cells in a box.
    pub cols: usize,
}

impl From<Shape> for ShapeParam {
    fn from(s: Shape) -> Self {
        ShapeParam {
            rows: s.rows,
            cols: s.cols,
        }
    }
}

/// The Sudoku solver, as the API spells it. Solving defaults to the library's default
/// (`fast`); a trace defaults to `dlx`, the default of the library's traces.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum SolverParam {
    /// Dancing links on the reduced exact cover.
    Dlx,
    /// Backtracking on the cell with the fewest candidates.
    Mrv,
    /// Plain backtracking in reading order.
    Backtrack,
    /// The bitset solver (`dlx-sudoku-fast`): solutions and counts only, no traces; its
    /// statistics are guesses.
    Fast,
}

impl SolverParam {
    /// The default of a solve: the library's.
    pub fn solving() -> SolverParam {
        SolverParam::from_kind(SolverKind::default())
    }

    /// The default of a trace: the solver the library's default runs as when tracing.
    pub fn tracing() -> SolverParam {
        SolverParam::from_kind(SolverKind::default().runs_as(true))
    }

    fn from_kind(kind: SolverKind) -> SolverParam {
        match kind {
            SolverKind::Dlx => SolverParam::Dlx,
            SolverKind::Mrv => SolverParam::Mrv,
            SolverKind::Backtrack => SolverParam::Backtrack,
            _ => SolverParam::Fast,
        }
    }
}

impl From<SolverParam> for SolverKind {
    fn from(s: SolverParam) -> Self {
        match s {
            SolverParam::Dlx => SolverKind::Dlx,
            SolverParam::Mrv => SolverKind::Mrv,
            SolverParam::Backtrack => SolverKind::Backtrack,
            SolverParam::Fast => SolverKind::Fast,
        }
    }
}

/// Reads the puzzle of a request, in any supported format, with the box shape asked for.
pub fn read_grid(text: &str, shape: Option<ShapeParam>) -> Result<Grid, AppError> {
    let shape = match shape {
        None => None,
        Some(s) => {
            Some(Shape::new(s.rows, s.cols).map_err(|e| AppError::bad(format!("shape: {e}")))?)
        }
    };
    dlx_sudoku::parse_with_shape(text, shape).map_err(|e| AppError::bad(format!("puzzle: {e}")))
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
    /// first `list` ones, each as `map` writes it.
    pub fn run<S: Search, T: Clone>(
        self,
        search: &mut S,
        map: impl Fn(&[OptionId]) -> T,
    ) -> (Option<T>, Vec<T>, Outcome) {
        let keep = self.list.max(1);
        let mut listed = Vec::new();
        let keeper = OnSolution(|s: &[OptionId]| {
            if listed.len() < keep {
                listed.push(map(s));
            }
            ControlFlow::Continue(())
        });
        let outcome = search.run(&mut Limit {
            inner: keeper,
            remaining: self.limit,
        });
        let first = listed.first().cloned();
        listed.truncate(self.list);
        (first, listed, outcome)
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
        assert_eq!((first, listed.len(), out.stats.solutions), (Some(6), 0, 4));
        assert!(out.is_complete());
        let two = Listing::new(Some(2), Some(3), 10).unwrap();
        let (_, listed, out) = two.run(&mut Links::new(&p, Default::default()), |s| s.to_vec());
        assert_eq!((listed.len(), out.status), (2, Status::Stopped));
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
