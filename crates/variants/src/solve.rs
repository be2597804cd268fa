//! Solving, counting and tracing a puzzle on the engine: one path for every face, which passes
//! the engine's limits through and reads its outcome back in grids and words.

use dlx_time::Instant;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use dlx_engine::{
    Algorithm, Cells, Config, Heuristic, Links, OnSolution, OptionId, Outcome, ParallelSearch,
    Progress, Search, Stats, Status, StepKind, Stop,
};
use serde::Serialize;

use crate::cell::Cell;
use crate::lower::{EncodeError, Encoding, Tuning, lower_with};
use crate::puzzle::{Puzzle, grid_line, symbol};

/// What to look for and how hard: the engine's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many solutions (1 finds one, 2 decides uniqueness); 0 for no limit.
    pub solutions: u64,
    /// Keep (decode) at most this many solutions.
    pub keep: usize,
    /// Stop after this many search-tree nodes.
    pub node_budget: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Threads: 1 searches on the calling thread, 0 on all cores.
    pub threads: usize,
    /// Dancing cells (the default: with the variant propagator it is 2-3 times faster than
    /// dancing links, `docs/variants.md`) or dancing links.
    pub algorithm: Algorithm,
    /// How the item to branch on is chosen.
    pub heuristic: Heuristic,
}

impl Default for Limits {
    /// Uniqueness: two solutions looked for, one kept, one thread, dancing cells.
    fn default() -> Self {
        Limits {
            solutions: 2,
            keep: 1,
            node_budget: None,
            deadline: None,
            threads: 1,
            algorithm: Algorithm::Cells,
            heuristic: Heuristic::Mrv,
        }
    }
}

impl Limits {
    /// Counts every solution (none kept).
    pub fn count_all() -> Limits {
        Limits {
            solutions: 0,
            keep: 0,
            ..Limits::default()
        }
    }

    /// Stops after `time` from now.
    pub fn with_time_limit(mut self, time: Duration) -> Limits {
        self.deadline = Instant::now().checked_add(time);
        self
    }

    fn config(&self) -> Config {
        Config {
            heuristic: self.heuristic,
            node_budget: self.node_budget,
            deadline: self.deadline,
            // Variant nodes are dear (microseconds to milliseconds with the propagator): the
            // deadline is looked at every 256 nodes, not 4,096.
            check_interval: 256,
        }
    }
}

/// The verdict on a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Exactly one solution (the whole tree was explored).
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution (the whole tree was explored).
    None,
    /// A solution, uniqueness not checked (the limit was one solution).
    Solved,
    /// No solution found before a budget ran out.
    Incomplete,
}

impl Verdict {
    /// The verdict for `found` solutions, knowing whether the whole tree was explored.
    pub fn of(found: u64, complete: bool) -> Verdict {
        match (found, complete) {
            (0, true) => Verdict::None,
            (0, false) => Verdict::Incomplete,
            (1, true) => Verdict::Unique,
            (1, false) => Verdict::Solved,
            _ => Verdict::Multiple,
        }
    }

    /// The lowercase word of reports and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::None => "none",
            Verdict::Solved => "solved",
            Verdict::Incomplete => "incomplete",
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The verdict.
    pub verdict: Verdict,
    /// Why the search returned (complete, stopped at the limit, out of budget or time).
    pub status: Status,
    /// Solutions found (all of them when `status` is complete).
    pub count: u64,
    /// The first solutions found, up to [`Limits::keep`], as grids (row-major digits).
    pub solutions: Vec<Vec<u8>>,
    /// The engine's statistics.
    pub stats: Stats,
    /// Time spent searching.
    pub elapsed: Duration,
    /// Time spent lowering the puzzle to exact cover.
    pub setup: Duration,
    /// Items and options of the problem searched.
    pub items: usize,
    /// Options of the problem searched.
    pub options: usize,
    /// Why the search returned, in the words every face uses (`complete`, `limit_reached`,
    /// `stopped`, `node_budget`, `deadline`).
    pub stop: Stop,
}

impl Answer {
    /// Whether the solution is unique, when that is known (`None` when the search did not
    /// look for a second solution or a budget stopped it first).
    pub fn unique(&self) -> Option<bool> {
        match self.verdict {
            Verdict::Unique => Some(true),
            Verdict::Multiple => Some(false),
            _ => None,
        }
    }
}

/// What a face watches a search with: a flag that stops it (Ctrl-C in Python) and a progress
/// report every few thousand nodes (a progress bar). Both are optional; a search with neither
/// runs as [`search`] does.
#[derive(Clone, Copy, Default)]
pub struct Watch<'a> {
    /// Set it to stop the search (reported as `stopped`).
    pub interrupt: Option<&'a AtomicBool>,
    /// Called with the search's progress (an estimate of the fraction explored, nodes,
    /// solutions).
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
}

impl std::fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("interrupt", &self.interrupt)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// Solves a puzzle: looks for up to [`Limits::solutions`] solutions and keeps
/// [`Limits::keep`] of them.
///
/// ```
/// use dlx_variants::{parse, solve, Limits, Verdict};
/// let p = parse("size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals\n").unwrap();
/// let a = solve(&p, &Limits::default()).unwrap();
/// assert_eq!(a.verdict, Verdict::Unique);
/// assert!(p.is_solution(&a.solutions[0]));
/// ```
pub fn solve(puzzle: &Puzzle, limits: &Limits) -> Result<Answer, EncodeError> {
    solve_tuned(puzzle, limits, &Tuning::default())
}

/// Counts the solutions of a puzzle (up to [`Limits::solutions`] when not 0); keeps none
/// unless [`Limits::keep`] says so.
pub fn count(puzzle: &Puzzle, limits: &Limits) -> Result<Answer, EncodeError> {
    solve_tuned(puzzle, limits, &Tuning::default())
}

/// [`solve`] with the encoding choices `tuning`.
pub fn solve_tuned(
    puzzle: &Puzzle,
    limits: &Limits,
    tuning: &Tuning,
) -> Result<Answer, EncodeError> {
    let start = Instant::now();
    let enc = lower_with(puzzle, tuning)?;
    let setup = start.elapsed();
    let mut a = search(&enc, limits);
    a.setup = setup;
    Ok(a)
}

/// Searches an encoding under `limits`.
pub fn search(enc: &Encoding, limits: &Limits) -> Answer {
    search_with(enc, limits, Watch::default())
}

/// Searches an encoding under `limits`, watched by `watch` (an interrupt flag, progress).
pub fn search_with(enc: &Encoding, limits: &Limits, watch: Watch<'_>) -> Answer {
    let cap = if limits.solutions == 0 {
        u64::MAX
    } else {
        limits.solutions
    };
    let mut kept: Vec<Vec<u8>> = Vec::new();
    let mut found = 0u64;
    let mut visit = |options: &[OptionId]| {
        found += 1;
        if kept.len() < limits.keep {
            kept.push(enc.decode(options));
        }
        if found >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let watched = watch.interrupt.is_some() || watch.progress.is_some();
    let outcome: Outcome = if limits.threads == 1 && !watched {
        let mut obs = OnSolution(&mut visit);
        match limits.algorithm {
            Algorithm::Cells => Cells::new(&enc.problem, limits.config()).run(&mut obs),
            _ => Links::new(&enc.problem, limits.config()).run(&mut obs),
        }
    } else {
        let mut search = ParallelSearch::new(&enc.problem, limits.config(), limits.threads)
            .algorithm(limits.algorithm)
            .ordered(limits.keep > 0)
            .limit((limits.solutions > 0).then_some(limits.solutions));
        if let Some(flag) = watch.interrupt {
            search = search.interrupt(flag);
        }
        search.run(&mut visit, watch.progress.unwrap_or(&|_| {}))
    };
    // A search stopped by the visitor counts the solutions it was given.
    let count = if outcome.status == Status::Stopped {
        found
    } else {
        outcome.stats.solutions
    };
    let complete = outcome.is_complete();
    let limit_reached = limits.solutions > 0 && count >= limits.solutions;
    Answer {
        stop: Stop::of(outcome.status, limit_reached),
        verdict: Verdict::of(count, complete),
        status: outcome.status,
        count,
        solutions: kept,
        stats: outcome.stats,
        elapsed: outcome.elapsed,
        setup: Duration::ZERO,
        items: enc.problem.item_count(),
        options: enc.problem.option_count(),
    }
}

/// One step of a trace, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    /// What happened.
    pub kind: StepKind,
    /// The level of the search (0 at the root).
    pub depth: usize,
    /// The chosen item in words: `r4c7`, `digit 5 in killer cage 2`, `thermometer 1`...
    pub item: Option<String>,
    /// Its number of options when chosen.
    pub options: Option<usize>,
    /// The option tried, in words: `5 at r4c7`, `killer cage 2 is {1, 2, 4}`.
    pub option: Option<String>,
    /// The digits the option tried places (several for a clue's filling).
    pub placed: Vec<(Cell, u8)>,
    /// The grid after the step, one line.
    pub grid: String,
    /// The engine's option numbers of the partial solution after the step.
    pub stack: Vec<u32>,
    /// A sentence: `r4c7 has 2 options; trying 5 at r4c7 (1 of 2)`.
    pub text: String,
}

/// A trace of the search.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    /// The steps.
    pub steps: Vec<TraceStep>,
    /// Whether the search went on past the last step recorded (cap, budget or deadline).
    pub truncated: bool,
    /// Solutions found.
    pub solutions: u64,
    /// Nodes of the traced search.
    pub nodes: u64,
    /// The digits settled before the search (givens and forced moves), one line.
    pub fixed: String,
}

/// Traces the dancing-links search of a puzzle: at most `max_steps` steps, up to `limit`
/// solutions (0 for all), under the node budget and deadline of `limits`.
pub fn trace(
    puzzle: &Puzzle,
    max_steps: usize,
    limit: u64,
    limits: &Limits,
) -> Result<Trace, EncodeError> {
    let enc = lower_with(puzzle, &Tuning::default())?;
    Ok(trace_encoding(&enc, max_steps, limit, limits))
}

/// Traces the search of an encoding (see [`trace`]).
pub fn trace_encoding(enc: &Encoding, max_steps: usize, limit: u64, limits: &Limits) -> Trace {
    let limit = if limit == 0 { u64::MAX } else { limit };
    let (rec, outcome) =
        dlx_engine::record::record(&enc.problem, limits.config(), max_steps, limit);
    let steps = rec
        .steps
        .iter()
        .map(|s| {
            let item = s.item.map(|i| enc.item_label(i));
            let option = s.option.map(|o| enc.option_label(o));
            let placed = s.option.map(|o| enc.placements(o)).unwrap_or_default();
            let grid = grid_line(&enc.decode(&s.stack));
            let it = item.clone().unwrap_or_default();
            let text = match s.kind {
                StepKind::Choose => format!(
                    "{it} has {} option{}",
                    s.options,
                    if s.options == 1 { "" } else { "s" }
                ),
                StepKind::Try => format!(
                    "trying {} ({} of {})",
                    option.clone().unwrap_or_default(),
                    s.tried,
                    s.options
                ),
                StepKind::DeadEnd => format!("{it} has no option left: dead end"),
                StepKind::Backtrack => format!("every option of {it} failed: back up"),
                StepKind::Solution => "solution".to_string(),
            };
            TraceStep {
                kind: s.kind,
                depth: s.level,
                item,
                options: matches!(s.kind, StepKind::Choose | StepKind::Try).then_some(s.options),
                option,
                placed,
                grid,
                stack: s.stack.iter().map(|o| o.0).collect(),
                text,
            }
        })
        .collect();
    Trace {
        steps,
        truncated: rec.truncated,
        solutions: rec.solutions,
        nodes: outcome.stats.nodes,
        fixed: enc.fixed().iter().map(|&d| symbol(d)).collect(),
    }
}
