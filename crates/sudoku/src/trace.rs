//! Step traces: every decision of a solver, in order, with the grid after it and a sentence
//! that says why (the articles' wish to see *why* the search backtracks).
//!
//! The steps of a search, whatever the solver, are the engine's [`StepKind`]s:
//! - [`StepKind::Choose`]: an item (dlx) or a cell (backtracking) is chosen, with its number of
//!   options;
//! - [`StepKind::Try`]: one of its options is tried (a digit placed);
//! - [`StepKind::DeadEnd`]: the chosen item or cell has no option left;
//! - [`StepKind::Backtrack`]: every option of a level failed; the search backs up;
//! - [`StepKind::Solution`]: a solution.
//!
//! The `dlx` solver is recorded by the engine's [`Recorder`](dlx_engine::Recorder), whose
//! steps are then put in Sudoku words (items as cells and digits in houses, options as
//! placements); the backtracking solvers report their own events, put in the same words.
//!
//! A trace stops at the first solution ([`trace`]) or after a given number
//! ([`trace_with_limit`]), and is cut after [`TraceOptions::max_steps`] steps (then
//! [`Trace::truncated`] says so).

use dlx_time::Instant;
use std::fmt::Write as _;
use std::ops::ControlFlow;

pub use dlx_engine::StepKind;
use dlx_engine::{Config, Heuristic, OptionId, Step};
use serde::Serialize;

use crate::backtrack::{self, CellEvents, End};
use crate::encode::{Constraint, Reduced, consistent_masks, reduce};
use crate::grid::{Grid, cell_name};
use crate::solve::{SolveStats, SolverKind};

/// What to trace.
#[derive(Clone, Debug)]
pub struct TraceOptions {
    /// The solver.
    pub solver: SolverKind,
    /// For the `dlx` solver: how the engine picks the item to branch on.
    pub heuristic: Heuristic,
    /// The most steps to record; the search stops soon after.
    pub max_steps: usize,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            solver: SolverKind::Dlx,
            heuristic: Heuristic::Mrv,
            max_steps: 10_000,
        }
    }
}

/// One step of a trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    /// What happened.
    pub kind: StepKind,
    /// The level of the search (0 at the root).
    pub depth: usize,
    /// The chosen item or cell, in words: `r4c7`, `digit 5 in row 4`, `digit 5 in column 7`,
    /// `digit 5 in box 6`.
    pub item: Option<String>,
    /// Its number of options (candidates of a cell, places of a digit) when chosen.
    pub options: Option<usize>,
    /// The cell concerned (0-based row, column): the chosen cell, or where a digit is tried.
    pub cell: Option<(usize, usize)>,
    /// The digit concerned.
    pub digit: Option<u8>,
    /// The grid after the step, one line.
    pub grid: String,
    /// For the `dlx` solver, the engine's option numbers of the partial solution after the
    /// step; empty for the other solvers.
    pub stack: Vec<u32>,
    /// A sentence: `r4c7 has 2 candidates; trying 5 (1 of 2)`.
    pub text: String,
}

/// A trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Trace {
    /// The steps, in order.
    pub steps: Vec<TraceStep>,
    /// Whether steps were left out because of [`TraceOptions::max_steps`].
    pub truncated: bool,
    /// Solutions found during the trace.
    pub solutions: u64,
    /// The solver's statistics for the traced search.
    pub stats: SolveStats,
}

/// Traces a search up to its first solution.
///
/// ```
/// use dlx_sudoku::{parse, trace, StepKind, TraceOptions};
/// let g = parse("1...\n..2.\n.3..\n...4").unwrap();
/// let t = trace(&g, &TraceOptions::default());
/// assert_eq!(t.steps.last().unwrap().kind, StepKind::Solution);
/// assert_eq!(t.solutions, 1);
/// ```
pub fn trace(grid: &Grid, options: &TraceOptions) -> Trace {
    trace_with_limit(grid, options, 1)
}

/// Traces a search until `limit` solutions (0 = no limit) or the end of the search.
/// A malformed grid or one whose givens repeat a digit gives an empty trace.
pub fn trace_with_limit(grid: &Grid, options: &TraceOptions, limit: u64) -> Trace {
    let start = Instant::now();
    let mut rec = Steps {
        steps: Vec::new(),
        max: options.max_steps,
        truncated: false,
        solutions: 0,
        limit: if limit == 0 { u64::MAX } else { limit },
        grid: grid.clone(),
    };
    if grid.validate().is_err() {
        return rec.finish(SolveStats::default());
    }
    let Ok(masks) = consistent_masks(grid) else {
        return rec.finish(SolveStats::default());
    };
    let mut stats = match options.solver {
        // The fast solver has no steps to show: its traces are the dlx solver's.
        SolverKind::Dlx | SolverKind::Fast => trace_dlx(grid, &masks, options.heuristic, &mut rec),
        SolverKind::Backtrack => trace_cells::<false>(grid, &masks, &mut rec),
        SolverKind::Mrv => trace_cells::<true>(grid, &masks, &mut rec),
    };
    stats.seconds = start.elapsed().as_secs_f64();
    rec.finish(stats)
}

/// Collects steps up to the cap (the backtracking solvers'; the `dlx` solver's are the
/// engine's record, put in words).
struct Steps {
    steps: Vec<TraceStep>,
    max: usize,
    truncated: bool,
    solutions: u64,
    limit: u64,
    /// The grid now.
    grid: Grid,
}

impl Steps {
    fn full(&self) -> bool {
        self.steps.len() >= self.max
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        kind: StepKind,
        depth: usize,
        item: Option<String>,
        options: Option<usize>,
        cell: Option<(usize, usize)>,
        digit: Option<u8>,
        stack: Vec<u32>,
        text: String,
    ) {
        if self.full() {
            self.truncated = true;
            return;
        }
        self.steps.push(TraceStep {
            kind,
            depth,
            item,
            options,
            cell,
            digit,
            grid: self.grid.to_line(),
            stack,
            text,
        });
    }

    fn finish(self, stats: SolveStats) -> Trace {
        Trace {
            steps: self.steps,
            truncated: self.truncated,
            solutions: self.solutions,
            stats,
        }
    }
}

fn plural(k: usize, one: &str, many: &str) -> String {
    if k == 1 {
        format!("1 {one}")
    } else {
        format!("{k} {many}")
    }
}

fn digit_list(mask: u64) -> String {
    let mut s = String::new();
    let mut m = mask;
    while m != 0 {
        if !s.is_empty() {
            s.push(' ');
        }
        let _ = write!(s, "{}", m.trailing_zeros() + 1);
        m &= m - 1;
    }
    s
}

/// What an item's options are called: candidates of a cell, places of a digit.
fn option_words(c: &Constraint) -> (&'static str, &'static str) {
    if c.is_cell() {
        ("candidate", "candidates")
    } else {
        ("place", "places")
    }
}

// ---------------------------------------------------------------------------------------
// The dlx solver: the engine's record, in Sudoku words.

/// Puts the engine's steps in Sudoku words, keeping the grid in step with their stacks.
///
/// Invariant: `grid` is the puzzle plus the placements of `placed`.
struct DlxWords<'a> {
    reduced: &'a Reduced,
    n: usize,
    grid: Grid,
    placed: Vec<OptionId>,
    solutions: u64,
}

impl DlxWords<'_> {
    /// Makes the grid that of the partial solution `stack`.
    fn set_stack(&mut self, stack: &[OptionId]) {
        let keep = self
            .placed
            .iter()
            .zip(stack)
            .take_while(|(a, b)| a == b)
            .count();
        for o in self.placed.drain(keep..) {
            let (cell, _) = self.reduced.placements[o.index()];
            self.grid.cells[cell as usize] = 0;
        }
        for &o in &stack[keep..] {
            let (cell, d) = self.reduced.placements[o.index()];
            self.grid.cells[cell as usize] = d;
            self.placed.push(o);
        }
    }

    /// The cells of the item's options still open in the grid now, as a sentence part.
    fn live_options(&self, c: &Constraint) -> String {
        let g = &self.grid;
        let shape = g.shape;
        let n = self.n;
        let fits = |r: usize, col: usize, d: u8| {
            g.get(r, col) == 0
                && (0..n).all(|k| g.get(r, k) != d && g.get(k, col) != d)
                && shape
                    .house_cells(crate::grid::House::Box(shape.box_of(r, col)))
                    .iter()
                    .all(|&(a, b)| g.get(a, b) != d)
        };
        match *c {
            Constraint::Cell { row, col } => {
                let mask = (1..=n as u8)
                    .filter(|&d| fits(row, col, d))
                    .fold(0u64, |m, d| m | 1 << (d - 1));
                digit_list(mask)
            }
            Constraint::RowDigit { digit, .. }
            | Constraint::ColumnDigit { digit, .. }
            | Constraint::BoxDigit { digit, .. } => {
                let house = match *c {
                    Constraint::RowDigit { row, .. } => crate::grid::House::Row(row),
                    Constraint::ColumnDigit { col, .. } => crate::grid::House::Column(col),
                    Constraint::BoxDigit { b, .. } => crate::grid::House::Box(b),
                    Constraint::Cell { .. } => crate::grid::House::Row(0),
                };
                shape
                    .house_cells(house)
                    .into_iter()
                    .filter(|&(r, col)| fits(r, col, digit))
                    .map(|(r, col)| cell_name(r, col))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        }
    }

    /// The step `s` of the engine's record, with the grid after it and its sentence.
    fn step(&mut self, s: &Step) -> TraceStep {
        self.set_stack(&s.stack);
        let mut step = TraceStep {
            kind: s.kind,
            depth: s.level,
            item: None,
            options: None,
            cell: None,
            digit: None,
            grid: self.grid.to_line(),
            stack: s.stack.iter().map(|o| o.0).collect(),
            text: String::new(),
        };
        let c = match s.item {
            Some(item) if s.kind != StepKind::Solution => self.reduced.items[item.index()],
            _ => {
                self.solutions += 1;
                step.text = format!("solution {}", self.solutions);
                return step;
            }
        };
        let name = c.name();
        let (one, many) = option_words(&c);
        let count = s.options;
        step.options = Some(count);
        step.item = Some(name.clone());
        match s.kind {
            StepKind::Choose | StepKind::DeadEnd => {
                (step.cell, step.digit) = match c {
                    Constraint::Cell { row, col } => (Some((row, col)), None),
                    Constraint::RowDigit { digit, .. }
                    | Constraint::ColumnDigit { digit, .. }
                    | Constraint::BoxDigit { digit, .. } => (None, Some(digit)),
                };
                step.text = if s.kind == StepKind::Choose {
                    format!(
                        "{name} has {} ({})",
                        plural(count, one, many),
                        self.live_options(&c)
                    )
                } else {
                    let place = match c {
                        Constraint::Cell { .. } => {
                            format!("{name} has no candidate left")
                        }
                        Constraint::RowDigit { digit, row } => {
                            format!("digit {digit} has no place left in row {}", row + 1)
                        }
                        Constraint::ColumnDigit { digit, col } => {
                            format!("digit {digit} has no place left in column {}", col + 1)
                        }
                        Constraint::BoxDigit { digit, b } => {
                            format!("digit {digit} has no place left in box {}", b + 1)
                        }
                    };
                    format!("dead end: {place}; backtracking")
                };
            }
            StepKind::Try => {
                let (cell, d) = s
                    .option
                    .map_or((0, 0), |o| self.reduced.placements[o.index()]);
                let (r, col) = (cell as usize / self.n, cell as usize % self.n);
                (step.cell, step.digit) = (Some((r, col)), Some(d));
                let what = if c.is_cell() {
                    d.to_string()
                } else {
                    cell_name(r, col)
                };
                step.text = match (count, c.is_cell()) {
                    (1, true) => format!("{name} has 1 candidate; placing {d}"),
                    (1, false) => format!("{name} has 1 place; placing it at {what}"),
                    _ => format!(
                        "{name} has {}; trying {what} ({} of {count})",
                        plural(count, one, many),
                        s.tried
                    ),
                };
            }
            StepKind::Backtrack => {
                step.text = if count == 1 {
                    format!("the only {one} of {name} failed; backtracking")
                } else {
                    format!(
                        "all {} of {name} failed; backtracking",
                        plural(count, one, many)
                    )
                };
            }
            StepKind::Solution => {}
        }
        step
    }
}

fn trace_dlx(
    grid: &Grid,
    masks: &crate::check::Masks,
    heuristic: Heuristic,
    rec: &mut Steps,
) -> SolveStats {
    let Ok(reduced) = reduce(grid, masks, true) else {
        return SolveStats::default();
    };
    let config = Config {
        heuristic,
        ..Config::default()
    };
    let (record, outcome) =
        dlx_engine::record::record(&reduced.problem, config, rec.max, rec.limit);
    let mut words = DlxWords {
        reduced: &reduced,
        n: grid.n(),
        grid: grid.clone(),
        placed: Vec::new(),
        solutions: 0,
    };
    rec.steps = record.steps.iter().map(|s| words.step(s)).collect();
    rec.truncated = record.truncated;
    rec.solutions = record.solutions;
    SolveStats {
        nodes: outcome.stats.nodes,
        updates: outcome.stats.updates,
        guesses: record.guesses,
        backtracks: record.backtracks,
        seconds: 0.0,
    }
}

// ---------------------------------------------------------------------------------------
// The backtracking solvers.

struct CellTracer<'a> {
    rec: &'a mut Steps,
    n: usize,
    dead_at: Option<usize>,
}

impl CellTracer<'_> {
    /// Records a step of `kind` at `cell` with `count` candidates, on the grid `cells`;
    /// `text` gets the cell's name.
    fn cell_step(
        &mut self,
        kind: StepKind,
        depth: usize,
        (cell, count): (usize, usize),
        digit: Option<u8>,
        cells: &[u8],
        text: impl FnOnce(&str) -> String,
    ) {
        self.rec.grid.cells.copy_from_slice(cells);
        let (r, c) = (cell / self.n, cell % self.n);
        let name = cell_name(r, c);
        let text = text(&name);
        let at = Some((r, c));
        let (item, options) = (Some(name), Some(count));
        self.rec
            .push(kind, depth, item, options, at, digit, Vec::new(), text);
    }
}

impl CellEvents for CellTracer<'_> {
    const STEPS: bool = true;

    fn solution(&mut self, cells: &[u8]) -> ControlFlow<()> {
        self.rec.solutions += 1;
        self.rec.grid.cells.copy_from_slice(cells);
        let depth = cells.len();
        let text = format!("solution {}", self.rec.solutions);
        self.rec.push(
            StepKind::Solution,
            depth,
            None,
            None,
            None,
            None,
            Vec::new(),
            text,
        );
        if self.rec.solutions >= self.rec.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn choose(&mut self, depth: usize, cell: usize, cands: u64, cells: &[u8]) {
        let count = cands.count_ones() as usize;
        if count == 0 {
            self.dead_at = Some(depth);
            self.cell_step(StepKind::DeadEnd, depth, (cell, 0), None, cells, |name| {
                format!("dead end: {name} has no candidate left; backtracking")
            });
            return;
        }
        self.dead_at = None;
        self.cell_step(
            StepKind::Choose,
            depth,
            (cell, count),
            None,
            cells,
            |name| {
                let list = digit_list(cands);
                format!(
                    "{name} has {} ({list})",
                    plural(count, "candidate", "candidates")
                )
            },
        );
    }

    fn try_digit(
        &mut self,
        depth: usize,
        cell: usize,
        digit: u8,
        k: usize,
        count: usize,
        cells: &[u8],
    ) {
        let kind = StepKind::Try;
        self.cell_step(kind, depth, (cell, count), Some(digit), cells, |name| {
            if count == 1 {
                format!("{name} has 1 candidate; placing {digit}")
            } else {
                format!("{name} has {count} candidates; trying {digit} ({k} of {count})")
            }
        });
    }

    fn backtrack(&mut self, depth: usize, cell: usize, count: usize, cells: &[u8]) {
        if self.dead_at.take() == Some(depth) {
            self.rec.grid.cells.copy_from_slice(cells);
            return;
        }
        let kind = StepKind::Backtrack;
        self.cell_step(kind, depth, (cell, count), None, cells, |name| {
            if count == 1 {
                format!("the only candidate of {name} failed; backtracking")
            } else {
                format!("all {count} candidates of {name} failed; backtracking")
            }
        });
    }

    fn stop(&self) -> bool {
        self.rec.full()
    }
}

fn trace_cells<const MRV: bool>(
    grid: &Grid,
    masks: &crate::check::Masks,
    rec: &mut Steps,
) -> SolveStats {
    let mut t = CellTracer {
        rec,
        n: grid.n(),
        dead_at: None,
    };
    let (end, s) = backtrack::search::<_, MRV>(grid, masks, None, None, &mut t);
    if end == End::Budget {
        t.rec.truncated = true;
    }
    s.into()
}
