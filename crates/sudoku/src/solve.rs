//! Solving: the solvers, their options and budgets, results and statistics.
//!
//! Three solvers find the same solutions in possibly different orders:
//! [`SolverKind::Dlx`] (the reduced exact cover on the engine), [`SolverKind::Backtrack`]
//! (cell by cell in reading order) and [`SolverKind::Mrv`] (the most constrained cell first).
//!
//! # Statistics
//!
//! - `nodes`: search-tree nodes, counted as Knuth's DLX1 counts them: one for each level
//!   entered (an item or cell chosen), one for each solution.
//! - `updates`: for `dlx`, Knuth's updates (list removals); for the backtracking solvers, the
//!   digits placed.
//! - `guesses`: the options or digits tried where there were two or more to choose from (a
//!   forced move is not a guess).
//! - `backtracks`: the times every option of a level had been tried and the search backed
//!   up (a dead end counts once).

use std::ops::ControlFlow;
use std::time::Duration;

use dlx_time::Instant;

use dlx_engine::{Config, Heuristic, ItemId, Links, Observer, OptionId, Search};
use serde::Serialize;

use crate::backtrack::{self, CellEvents, End};
use crate::check::{Conflict, Masks};
use crate::encode::{Reduced, consistent_masks, reduce};
use crate::grid::Grid;

/// Which solver to run. The default is `Fast`, for the library, the command line and the
/// web API alike; [`SolverKind::runs_as`] says which one stands in when a solver cannot do
/// what is asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum SolverKind {
    /// The reduced exact-cover problem on the dancing-links engine: the solver that traces.
    Dlx,
    /// Plain backtracking: cells in reading order, digits in increasing order.
    Backtrack,
    /// Backtracking on the cell with the fewest candidates.
    Mrv,
    /// The bit-set solver of `dlx-sudoku-fast` (propagation before every guess): the default
    /// of [`SolveOptions`]. It counts guesses, not nodes; it cannot enumerate solutions,
    /// report progress or trace, so [`solve_with`] and [`crate::trace()`] use `Dlx` for those.
    #[default]
    Fast,
}

impl SolverKind {
    /// The three solvers of the articles, which count nodes, enumerate and trace.
    pub const ALL: [SolverKind; 3] = [SolverKind::Dlx, SolverKind::Backtrack, SolverKind::Mrv];

    /// Every solver, `Fast` included.
    pub const EVERY: [SolverKind; 4] = [
        SolverKind::Dlx,
        SolverKind::Backtrack,
        SolverKind::Mrv,
        SolverKind::Fast,
    ];

    /// The solver that runs when this one is asked to list every solution, report progress
    /// or trace (`listing`): `Fast` gives only the first solution, so `Dlx` stands in for it
    /// then. Every face (library, command line, web) decides the fallback here.
    pub fn runs_as(self, listing: bool) -> SolverKind {
        match self {
            SolverKind::Fast if listing => SolverKind::Dlx,
            other => other,
        }
    }

    /// Whether the solver counts search-tree nodes and updates (all but `Fast`, which counts
    /// guesses only).
    pub fn counts_nodes(self) -> bool {
        self != SolverKind::Fast
    }

    /// The solver's name on the command line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            SolverKind::Dlx => "dlx",
            SolverKind::Backtrack => "backtrack",
            SolverKind::Mrv => "mrv",
            SolverKind::Fast => "fast",
        }
    }
}

impl std::fmt::Display for SolverKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for SolverKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        SolverKind::EVERY
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| format!("unknown solver `{s}` (dlx, backtrack, mrv, fast)"))
    }
}

/// What to look for and how hard.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The solver.
    pub solver: SolverKind,
    /// For [`SolverKind::Dlx`]: how the engine picks the item to branch on.
    pub heuristic: Heuristic,
    /// Stop after this many solutions: 1 finds one, 2 decides uniqueness; 0 means no limit
    /// (count them all).
    pub limit: u64,
    /// Stop after this many search-tree nodes (the result is then not complete); for `Fast`,
    /// this many guesses.
    pub node_budget: Option<u64>,
    /// Stop at this instant (checked every 4096 nodes; by `Fast`, every 256 guesses).
    pub deadline: Option<Instant>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            solver: SolverKind::default(),
            heuristic: Heuristic::Mrv,
            limit: 1,
            node_budget: None,
            deadline: None,
        }
    }
}

impl SolveOptions {
    /// Options that look for one solution with `solver`.
    pub fn new(solver: SolverKind) -> Self {
        SolveOptions {
            solver,
            ..SolveOptions::default()
        }
    }

    /// Options that look for two solutions to tell a unique puzzle.
    pub fn unique(solver: SolverKind) -> Self {
        SolveOptions {
            solver,
            limit: 2,
            ..SolveOptions::default()
        }
    }

    /// Options that count every solution.
    pub fn count_all(solver: SolverKind) -> Self {
        SolveOptions {
            solver,
            limit: 0,
            ..SolveOptions::default()
        }
    }

    fn max_solutions(&self) -> u64 {
        if self.limit == 0 {
            u64::MAX
        } else {
            self.limit
        }
    }
}

/// The verdict on a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution was found; whether it is the only one was not (fully) checked.
    Solved,
    /// Exactly one solution: the whole search tree was explored.
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution: the whole search tree was explored (or the givens repeat a digit).
    None,
    /// No solution found before a budget ran out.
    Incomplete,
}

impl Status {
    /// The lowercase word used in reports and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Incomplete => "incomplete",
        }
    }

    /// The verdict for `found` solutions, knowing whether the whole tree was explored.
    pub fn from_count(found: u64, complete: bool) -> Status {
        match (found, complete) {
            (0, true) => Status::None,
            (0, false) => Status::Incomplete,
            (1, true) => Status::Unique,
            (1, false) => Status::Solved,
            _ => Status::Multiple,
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a search ended: the engine's [`Stop`], the one spelling of every face.
pub use dlx_engine::Stop;

/// Counts of the work a solver did (see the module docs for their meaning).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SolveStats {
    /// Search-tree nodes.
    pub nodes: u64,
    /// Updates (dlx: list removals; backtracking: digits placed).
    pub updates: u64,
    /// Choices made among two or more options.
    pub guesses: u64,
    /// Times the search backed up.
    pub backtracks: u64,
    /// Wall time, including building the problem.
    pub seconds: f64,
}

impl SolveStats {
    /// Adds another puzzle's counts.
    pub fn merge(&mut self, other: &SolveStats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.guesses += other.guesses;
        self.backtracks += other.backtracks;
        self.seconds += other.seconds;
    }
}

impl From<backtrack::CellStats> for SolveStats {
    /// The solver's counts (a placement is an update); no time yet.
    fn from(s: backtrack::CellStats) -> Self {
        SolveStats {
            nodes: s.nodes,
            updates: s.placements,
            guesses: s.guesses,
            backtracks: s.backtracks,
            seconds: 0.0,
        }
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveResult {
    /// The verdict.
    pub status: Status,
    /// Solutions found (exact when `complete`, else a lower bound).
    pub solutions: u64,
    /// The first solution found.
    pub solution: Option<Grid>,
    /// Whether the whole search tree was explored, so that the count is exact.
    pub complete: bool,
    /// Why the search ended.
    pub stop: Stop,
    /// When no solution was found: the givens that repeat a digit in a house (the reason
    /// there is none), in reading order; empty otherwise.
    pub conflicts: Vec<Conflict>,
    /// The work done.
    pub stats: SolveStats,
}

impl SolveResult {
    /// Whether exactly one solution exists: `Some` once the search has decided it.
    pub fn unique(&self) -> Option<bool> {
        match self.status {
            Status::Unique => Some(true),
            Status::Multiple => Some(false),
            Status::None => Some(false),
            _ => None,
        }
    }

    fn no_solution(grid: &Grid, start: Instant) -> SolveResult {
        SolveResult {
            status: Status::None,
            solutions: 0,
            solution: None,
            complete: true,
            stop: Stop::Complete,
            conflicts: crate::check_givens(grid),
            stats: SolveStats {
                seconds: start.elapsed().as_secs_f64(),
                ..SolveStats::default()
            },
        }
    }
}

/// A view of a running search, for progress reports.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// Nodes so far.
    pub nodes: u64,
    /// Solutions so far.
    pub solutions: u64,
    /// The current depth (options or digits placed by the search).
    pub depth: usize,
    /// The grid now: givens and the digits the search has placed.
    pub grid: Grid,
    /// Time since the solve started.
    pub elapsed: Duration,
}

/// Receives the solutions of a search, and progress if it asks.
pub trait Visitor {
    /// Each solution, in the order found; `Break` stops the search.
    fn solution(&mut self, grid: &Grid) -> ControlFlow<()>;

    /// How often, in nodes, [`Visitor::progress`] is called; 0 (the default) for never.
    /// For the `dlx` solver it is rounded up to a power of two.
    fn progress_every(&self) -> u64 {
        0
    }

    /// A snapshot of the search.
    fn progress(&mut self, snapshot: &Snapshot) {
        let _ = snapshot;
    }

    /// Whether [`Visitor::solution`] needs to be called (false skips building the grids).
    fn wants_solutions(&self) -> bool {
        true
    }
}

/// A visitor that wants nothing: [`solve`] still keeps the first solution.
struct Quiet;

impl Visitor for Quiet {
    fn solution(&mut self, _: &Grid) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn wants_solutions(&self) -> bool {
        false
    }
}

/// Solves a puzzle: finds up to `options.limit` solutions and keeps the first.
///
/// A grid that breaks its invariant or whose givens repeat a digit has no solution
/// ([`Status::None`]); check it first with [`crate::check_givens`] to say why.
///
/// ```
/// use dlx_sudoku::{parse, solve, SolveOptions, SolverKind, Status};
/// let g = parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").unwrap();
/// let r = solve(&g, &SolveOptions::unique(SolverKind::Dlx));
/// assert_eq!(r.status, Status::Unique);
/// assert!(r.solution.unwrap().to_line().starts_with("483921657"));
/// ```
pub fn solve(grid: &Grid, options: &SolveOptions) -> SolveResult {
    solve_with(grid, options, &mut Quiet)
}

/// Solves a puzzle, passing every solution (and progress, if asked) to `visitor`.
pub fn solve_with<V: Visitor>(grid: &Grid, options: &SolveOptions, visitor: &mut V) -> SolveResult {
    let start = Instant::now();
    if grid.validate().is_err() {
        return SolveResult::no_solution(grid, start);
    }
    let grids = visitor.wants_solutions();
    let solver = options
        .solver
        .runs_as(grids || visitor.progress_every() > 0);
    let mut sink = Sink {
        // PERF: the fast solver hands over its solution whole; no scratch grid to copy.
        scratch: if solver == SolverKind::Fast {
            Grid {
                shape: grid.shape,
                cells: Vec::new(),
            }
        } else {
            grid.clone()
        },
        first: None,
        found: 0,
        limit_hit: false,
        max: options.max_solutions(),
        visitor,
        grids,
        start,
    };
    // PERF: the fast solver finds conflicting givens itself (no solution), so the house masks
    // are built only for the others (a tenth of an easy puzzle's time in a batch).
    let masks = match solver {
        SolverKind::Fast => None,
        _ => match consistent_masks(grid) {
            Ok(m) => Some(m),
            Err(_) => return SolveResult::no_solution(grid, start),
        },
    };
    let (end, mut stats) = match (solver, &masks) {
        (SolverKind::Fast, _) | (_, None) => solve_fast(grid, options, &mut sink),
        (SolverKind::Dlx, Some(m)) => solve_dlx(grid, m, options, &mut sink),
        (SolverKind::Backtrack, Some(m)) => solve_cells::<V, false>(grid, m, options, &mut sink),
        (SolverKind::Mrv, Some(m)) => solve_cells::<V, true>(grid, m, options, &mut sink),
    };
    stats.seconds = start.elapsed().as_secs_f64();
    let stop = Stop::of(end, sink.limit_hit);
    let complete = stop == Stop::Complete;
    SolveResult {
        status: Status::from_count(sink.found, complete),
        solutions: sink.found,
        conflicts: if sink.found == 0 {
            crate::check_givens(grid)
        } else {
            Vec::new()
        },
        solution: sink.first,
        complete,
        stop,
        stats,
    }
}

/// Where every solver sends solutions: counts them, keeps the first, enforces the limit.
struct Sink<'a, V> {
    scratch: Grid,
    first: Option<Grid>,
    found: u64,
    /// Whether the search stopped because `found` reached `max`.
    limit_hit: bool,
    max: u64,
    visitor: &'a mut V,
    grids: bool,
    start: Instant,
}

impl<V: Visitor> Sink<'_, V> {
    /// Called once `scratch` holds a solution.
    fn solution(&mut self) -> ControlFlow<()> {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(self.scratch.clone());
        }
        if self.grids && self.visitor.solution(&self.scratch).is_break() {
            return ControlFlow::Break(());
        }
        if self.found >= self.max {
            self.limit_hit = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// The engine observer of the `dlx` solver.
struct DlxObserver<'a, 'b, V> {
    sink: &'a mut Sink<'b, V>,
    placements: &'a [(u16, u8)],
    /// `level_len[l]`: options of the item chosen at level `l`.
    level_len: Vec<u32>,
    guesses: u64,
    backtracks: u64,
    /// The options at levels `0..stack.len()`, kept only when progress is reported.
    track: bool,
    stack: Vec<OptionId>,
    base: &'a Grid,
}

impl<V: Visitor> Observer for DlxObserver<'_, '_, V> {
    #[inline]
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        for o in options {
            let (cell, d) = self.placements[o.index()];
            self.sink.scratch.cells[cell as usize] = d;
        }
        self.sink.solution()
    }

    #[inline(always)]
    fn choose(&mut self, level: usize, _item: ItemId, options: usize) {
        if level >= self.level_len.len() {
            self.level_len.resize(level + 1, 0);
        }
        self.level_len[level] = options as u32;
    }

    #[inline(always)]
    fn try_option(&mut self, level: usize, option: OptionId) {
        if self.level_len.get(level).is_some_and(|&l| l >= 2) {
            self.guesses += 1;
        }
        if self.track {
            self.stack.truncate(level);
            self.stack.push(option);
        }
    }

    #[inline(always)]
    fn backtrack(&mut self, level: usize, _item: ItemId) {
        self.backtracks += 1;
        if self.track {
            self.stack.truncate(level);
        }
    }

    fn progress(&mut self, p: &dlx_engine::Progress) -> ControlFlow<()> {
        if !self.track {
            return ControlFlow::Continue(());
        }
        let mut grid = self.base.clone();
        for o in &self.stack {
            let (cell, d) = self.placements[o.index()];
            grid.cells[cell as usize] = d;
        }
        let snapshot = Snapshot {
            nodes: p.nodes,
            solutions: self.sink.found,
            depth: self.stack.len(),
            grid,
            elapsed: self.sink.start.elapsed(),
        };
        self.sink.visitor.progress(&snapshot);
        ControlFlow::Continue(())
    }
}

fn solve_dlx<V: Visitor>(
    grid: &Grid,
    masks: &Masks,
    options: &SolveOptions,
    sink: &mut Sink<'_, V>,
) -> (dlx_engine::Status, SolveStats) {
    let Ok(Reduced {
        problem,
        placements,
        ..
    }) = reduce(grid, masks, false)
    else {
        // Only a problem too large for the engine's indices gets here; N <= 64 never does.
        return (dlx_engine::Status::Stopped, SolveStats::default());
    };
    let every = sink.visitor.progress_every();
    let config = Config {
        heuristic: options.heuristic,
        node_budget: options.node_budget,
        deadline: options.deadline,
        check_interval: if every > 0 { every } else { 4096 },
    };
    let mut links = Links::new(&problem, config);
    let mut obs = DlxObserver {
        sink,
        placements: &placements,
        level_len: vec![0; grid.cells.len() + 2],
        guesses: 0,
        backtracks: 0,
        track: every > 0,
        stack: Vec::new(),
        base: grid,
    };
    let outcome = links.run(&mut obs);
    (
        outcome.status,
        SolveStats {
            nodes: outcome.stats.nodes,
            updates: outcome.stats.updates,
            guesses: obs.guesses,
            backtracks: obs.backtracks,
            seconds: 0.0,
        },
    )
}

/// The `Fast` solver: `dlx-sudoku-fast`, with the node budget as its guess budget and the
/// deadline, which it looks at every few hundred guesses.
fn solve_fast<V: Visitor>(
    grid: &Grid,
    options: &SolveOptions,
    sink: &mut Sink<'_, V>,
) -> (dlx_engine::Status, SolveStats) {
    let shape = dlx_sudoku_fast::Shape {
        rows: grid.shape.rows as u8,
        cols: grid.shape.cols as u8,
    };
    let limit = sink.max;
    let answer = dlx_sudoku_fast::solve_until(
        shape,
        &grid.cells,
        limit,
        options.node_budget,
        options.deadline,
    );
    let Ok(mut answer) = answer else {
        // The grid was validated: only a size the fast solver refuses gets here.
        return (dlx_engine::Status::Stopped, SolveStats::default());
    };
    // The visitor takes no grids here (those searches go to the dlx solver): the solution
    // only becomes the first one.
    if let Some(cells) = answer.solution.take() {
        sink.first = Some(Grid {
            shape: grid.shape,
            cells,
        });
    }
    sink.found = answer.solutions;
    // Stopping at the limit is not a complete search, as for the other solvers.
    let end = if answer.solutions >= limit {
        sink.limit_hit = true;
        dlx_engine::Status::Stopped
    } else if answer.complete {
        dlx_engine::Status::Complete
    } else {
        budget_end(options)
    };
    (
        end,
        SolveStats {
            guesses: answer.guesses,
            ..SolveStats::default()
        },
    )
}

/// Which budget ended a search that ran out of one: the deadline if it has passed, else
/// the node budget.
fn budget_end(options: &SolveOptions) -> dlx_engine::Status {
    match options.deadline {
        Some(d) if Instant::now() >= d => dlx_engine::Status::Deadline,
        _ => dlx_engine::Status::NodeBudget,
    }
}

/// The events of a cell search that only solves.
struct CellSink<'a, 'b, V> {
    sink: &'a mut Sink<'b, V>,
}

impl<V: Visitor> CellEvents for CellSink<'_, '_, V> {
    #[inline]
    fn solution(&mut self, cells: &[u8]) -> ControlFlow<()> {
        self.sink.scratch.cells.copy_from_slice(cells);
        self.sink.solution()
    }

    fn progress_every(&self) -> u64 {
        self.sink.visitor.progress_every()
    }

    fn progress(&mut self, nodes: u64, depth: usize, cells: &[u8]) {
        let snapshot = Snapshot {
            nodes,
            solutions: self.sink.found,
            depth,
            grid: Grid {
                shape: self.sink.scratch.shape,
                cells: cells.to_vec(),
            },
            elapsed: self.sink.start.elapsed(),
        };
        self.sink.visitor.progress(&snapshot);
    }
}

fn solve_cells<V: Visitor, const MRV: bool>(
    grid: &Grid,
    masks: &Masks,
    options: &SolveOptions,
    sink: &mut Sink<'_, V>,
) -> (dlx_engine::Status, SolveStats) {
    let mut events = CellSink { sink };
    let (end, s) = backtrack::search::<_, MRV>(
        grid,
        masks,
        options.node_budget,
        options.deadline,
        &mut events,
    );
    let end = match end {
        End::Complete => dlx_engine::Status::Complete,
        End::Stopped => dlx_engine::Status::Stopped,
        End::Budget => budget_end(options),
    };
    (end, s.into())
}
