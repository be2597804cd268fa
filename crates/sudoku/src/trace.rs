//! Step traces: every decision of a solver, in order, with the grid after it and a sentence
//! that says why (the articles' wish to see *why* the search backtracks).
//!
//! The steps of a search, whatever the solver:
//! - [`StepKind::Choose`]: an item (dlx) or a cell (backtracking) is chosen, with its number of
//!   options;
//! - [`StepKind::Try`]: one of its options is tried (a digit placed);
//! - [`StepKind::DeadEnd`]: the chosen item or cell has no option left;
//! - [`StepKind::Backtrack`]: every option of a level failed; the search backs up;
//! - [`StepKind::Solution`]: a solution.
//!
//! A trace stops at the first solution ([`trace`]) or after a given number
//! ([`trace_with_limit`]), and is cut after [`TraceOptions::max_steps`] steps (then
//! [`Trace::truncated`] says so).

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::time::Instant;

use dlx_engine::{Config, Heuristic, ItemId, Links, Observer, OptionId, Search};
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

/// The kind of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// An item or cell is chosen to branch on.
    Choose,
    /// One of its options is tried.
    Try,
    /// The chosen item or cell has no option left.
    DeadEnd,
    /// Every option of a level failed; the search backs up.
    Backtrack,
    /// A solution.
    Solution,
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
    let mut rec = Recorder {
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

/// Collects steps up to the cap.
struct Recorder {
    steps: Vec<TraceStep>,
    max: usize,
    truncated: bool,
    solutions: u64,
    limit: u64,
    /// The grid now.
    grid: Grid,
}

impl Recorder {
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
// The dlx solver.

struct DlxTracer<'a> {
    rec: &'a mut Recorder,
    reduced: &'a Reduced,
    n: usize,
    stack: Vec<OptionId>,
    /// Per level: the item chosen, its number of options, how many were tried.
    levels: Vec<(ItemId, usize, usize)>,
    /// Whether the last step was a dead end at this level (its backtrack is implied).
    dead_at: Option<usize>,
    guesses: u64,
    backtracks: u64,
}

impl DlxTracer<'_> {
    fn stack_ids(&self) -> Vec<u32> {
        self.stack.iter().map(|o| o.0).collect()
    }

    fn set_stack(&mut self, len: usize) {
        while self.stack.len() > len {
            if let Some(o) = self.stack.pop() {
                let (cell, _) = self.reduced.placements[o.index()];
                self.rec.grid.cells[cell as usize] = 0;
            }
        }
    }

    /// The cells of the item's options still open in the grid now, as a sentence part.
    fn live_options(&self, c: &Constraint) -> String {
        let g = &self.rec.grid;
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
}

impl Observer for DlxTracer<'_> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.rec.solutions += 1;
        self.set_stack(0);
        for &o in options {
            let (cell, d) = self.reduced.placements[o.index()];
            self.rec.grid.cells[cell as usize] = d;
            self.stack.push(o);
        }
        let depth = options.len();
        let text = format!("solution {}", self.rec.solutions);
        let ids = self.stack_ids();
        self.rec
            .push(StepKind::Solution, depth, None, None, None, None, ids, text);
        if self.rec.solutions >= self.rec.limit {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn choose(&mut self, level: usize, item: ItemId, options: usize) {
        self.set_stack(level);
        self.levels.truncate(level);
        self.levels.push((item, options, 0));
        let c = self.reduced.items[item.index()];
        let name = c.name();
        let cell = match c {
            Constraint::Cell { row, col } => Some((row, col)),
            _ => None,
        };
        let digit = match c {
            Constraint::Cell { .. } => None,
            Constraint::RowDigit { digit, .. }
            | Constraint::ColumnDigit { digit, .. }
            | Constraint::BoxDigit { digit, .. } => Some(digit),
        };
        let ids = self.stack_ids();
        if options == 0 {
            self.dead_at = Some(level);
            let text = match c {
                Constraint::Cell { .. } => {
                    format!("dead end: {name} has no candidate left; backtracking")
                }
                Constraint::RowDigit { digit, row } => {
                    format!(
                        "dead end: digit {digit} has no place left in row {}; backtracking",
                        row + 1
                    )
                }
                Constraint::ColumnDigit { digit, col } => {
                    format!(
                        "dead end: digit {digit} has no place left in column {}; backtracking",
                        col + 1
                    )
                }
                Constraint::BoxDigit { digit, b } => {
                    format!(
                        "dead end: digit {digit} has no place left in box {}; backtracking",
                        b + 1
                    )
                }
            };
            self.rec.push(
                StepKind::DeadEnd,
                level,
                Some(name),
                Some(0),
                cell,
                digit,
                ids,
                text,
            );
            return;
        }
        self.dead_at = None;
        if self.rec.full() {
            self.rec.truncated = true;
            return;
        }
        let (one, many) = option_words(&c);
        let text = format!(
            "{name} has {} ({})",
            plural(options, one, many),
            self.live_options(&c)
        );
        self.rec.push(
            StepKind::Choose,
            level,
            Some(name),
            Some(options),
            cell,
            digit,
            ids,
            text,
        );
    }

    fn try_option(&mut self, level: usize, option: OptionId) {
        self.set_stack(level);
        let (cell, d) = self.reduced.placements[option.index()];
        self.rec.grid.cells[cell as usize] = d;
        self.stack.push(option);
        let Some(lv) = self.levels.get_mut(level) else {
            return;
        };
        lv.2 += 1;
        let (item, count, k) = *lv;
        if count >= 2 {
            self.guesses += 1;
        }
        if self.rec.full() {
            self.rec.truncated = true;
            return;
        }
        let c = self.reduced.items[item.index()];
        let name = c.name();
        let (one, many) = option_words(&c);
        let (r, col) = (cell as usize / self.n, cell as usize % self.n);
        let what = if c.is_cell() {
            d.to_string()
        } else {
            cell_name(r, col)
        };
        let text = if count == 1 {
            if c.is_cell() {
                format!("{name} has 1 candidate; placing {d}")
            } else {
                format!("{name} has 1 place; placing it at {what}")
            }
        } else {
            format!(
                "{name} has {}; trying {what} ({k} of {count})",
                plural(count, one, many)
            )
        };
        let ids = self.stack_ids();
        self.rec.push(
            StepKind::Try,
            level,
            Some(name),
            Some(count),
            Some((r, col)),
            Some(d),
            ids,
            text,
        );
    }

    fn backtrack(&mut self, level: usize, item: ItemId) {
        self.backtracks += 1;
        self.set_stack(level);
        if self.dead_at.take() == Some(level) {
            return;
        }
        let c = self.reduced.items[item.index()];
        let name = c.name();
        let count = self.levels.get(level).map_or(0, |l| l.1);
        let (one, many) = option_words(&c);
        let text = if count == 1 {
            format!("the only {one} of {name} failed; backtracking")
        } else {
            format!(
                "all {} of {name} failed; backtracking",
                plural(count, one, many)
            )
        };
        let ids = self.stack_ids();
        self.rec.push(
            StepKind::Backtrack,
            level,
            Some(name),
            Some(count),
            None,
            None,
            ids,
            text,
        );
    }
}

fn trace_dlx(
    grid: &Grid,
    masks: &crate::check::Masks,
    heuristic: Heuristic,
    rec: &mut Recorder,
) -> SolveStats {
    let Ok(reduced) = reduce(grid, masks, true) else {
        return SolveStats::default();
    };
    // Every node makes at least one step, so this budget ends the search soon after the cap.
    let config = Config {
        heuristic,
        node_budget: Some(rec.max as u64 + 1),
        ..Config::default()
    };
    let mut links = Links::new(&reduced.problem, config);
    let mut tracer = DlxTracer {
        rec,
        reduced: &reduced,
        n: grid.n(),
        stack: Vec::new(),
        levels: Vec::new(),
        dead_at: None,
        guesses: 0,
        backtracks: 0,
    };
    let outcome = links.run(&mut tracer);
    if outcome.status == dlx_engine::Status::NodeBudget {
        tracer.rec.truncated = true;
    }
    SolveStats {
        nodes: outcome.stats.nodes,
        updates: outcome.stats.updates,
        guesses: tracer.guesses,
        backtracks: tracer.backtracks,
        seconds: 0.0,
    }
}

// ---------------------------------------------------------------------------------------
// The backtracking solvers.

struct CellTracer<'a> {
    rec: &'a mut Recorder,
    n: usize,
    dead_at: Option<usize>,
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
        self.rec.grid.cells.copy_from_slice(cells);
        let (r, c) = (cell / self.n, cell % self.n);
        let name = cell_name(r, c);
        let count = cands.count_ones() as usize;
        if count == 0 {
            self.dead_at = Some(depth);
            let text = format!("dead end: {name} has no candidate left; backtracking");
            self.rec.push(
                StepKind::DeadEnd,
                depth,
                Some(name),
                Some(0),
                Some((r, c)),
                None,
                Vec::new(),
                text,
            );
            return;
        }
        self.dead_at = None;
        let text = format!(
            "{name} has {} ({})",
            plural(count, "candidate", "candidates"),
            digit_list(cands)
        );
        self.rec.push(
            StepKind::Choose,
            depth,
            Some(name),
            Some(count),
            Some((r, c)),
            None,
            Vec::new(),
            text,
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
        self.rec.grid.cells.copy_from_slice(cells);
        let (r, c) = (cell / self.n, cell % self.n);
        let name = cell_name(r, c);
        let text = if count == 1 {
            format!("{name} has 1 candidate; placing {digit}")
        } else {
            format!("{name} has {count} candidates; trying {digit} ({k} of {count})")
        };
        self.rec.push(
            StepKind::Try,
            depth,
            Some(name),
            Some(count),
            Some((r, c)),
            Some(digit),
            Vec::new(),
            text,
        );
    }

    fn backtrack(&mut self, depth: usize, cell: usize, count: usize, cells: &[u8]) {
        self.rec.grid.cells.copy_from_slice(cells);
        if self.dead_at.take() == Some(depth) {
            return;
        }
        let (r, c) = (cell / self.n, cell % self.n);
        let name = cell_name(r, c);
        let text = if count == 1 {
            format!("the only candidate of {name} failed; backtracking")
        } else {
            format!("all {count} candidates of {name} failed; backtracking")
        };
        self.rec.push(
            StepKind::Backtrack,
            depth,
            Some(name),
            Some(count),
            Some((r, c)),
            None,
            Vec::new(),
            text,
        );
    }

    fn stop(&self) -> bool {
        self.rec.full()
    }
}

fn trace_cells<const MRV: bool>(
    grid: &Grid,
    masks: &crate::check::Masks,
    rec: &mut Recorder,
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
    SolveStats {
        nodes: s.nodes,
        updates: s.placements,
        guesses: s.guesses,
        backtracks: s.backtracks,
        seconds: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    /// A 4x4 puzzle that needs a guess.
    const P4: &str = "1.......2.......";

    #[test]
    fn traces_end_with_the_solution_that_solve_finds() {
        let g = parse(P4).unwrap();
        for solver in SolverKind::ALL {
            let t = trace(
                &g,
                &TraceOptions {
                    solver,
                    ..TraceOptions::default()
                },
            );
            let last = t.steps.last().unwrap();
            assert_eq!(last.kind, StepKind::Solution, "{solver}");
            let r = crate::solve(
                &g,
                &crate::SolveOptions {
                    solver,
                    ..Default::default()
                },
            );
            assert_eq!(last.grid, r.solution.unwrap().to_line(), "{solver}");
            assert!(!t.truncated);
            // Every Try places its digit in the grid of its step.
            for s in t.steps.iter().filter(|s| s.kind == StepKind::Try) {
                let (r, c) = s.cell.unwrap();
                let d = s.digit.unwrap();
                assert_eq!(parse(&s.grid).unwrap().get(r, c), d);
            }
        }
    }

    #[test]
    fn dlx_choices_match_the_live_candidates() {
        // The number of options the engine reports equals the candidates listed in the text.
        let g = parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        )
        .unwrap();
        let t = trace(&g, &TraceOptions::default());
        for s in t.steps.iter().filter(|s| s.kind == StepKind::Choose) {
            let listed = s.text.split('(').nth(1).unwrap().trim_end_matches(')');
            assert_eq!(listed.split(' ').count(), s.options.unwrap(), "{}", s.text);
            assert_eq!(s.stack.len(), s.depth);
        }
    }

    #[test]
    fn the_cap_cuts_and_says_so() {
        let g = Grid::empty(crate::Shape::new(3, 3).unwrap());
        for solver in SolverKind::ALL {
            let t = trace_with_limit(
                &g,
                &TraceOptions {
                    solver,
                    max_steps: 25,
                    ..TraceOptions::default()
                },
                0,
            );
            assert_eq!(t.steps.len(), 25);
            assert!(t.truncated);
        }
    }
}
