//! The two cell-by-cell backtracking solvers the articles start from.
//!
//! - **plain**: the open cells in reading order; at each, the digits that do not repeat a
//!   digit of its row, column or box, in increasing order.
//! - **MRV**: at each step, the open cell with the fewest candidates (the first in reading
//!   order among equals), so a cell with a single candidate is always filled first and a
//!   cell with none is a dead end at once (the constraint-satisfaction article).
//!
//! # The data
//!
//! `rows[r]`, `cols[c]`, `boxes[b]` are the digits placed in each house (bit `d - 1`);
//! the candidates of an empty cell are `full & !(rows[r] | cols[c] | boxes[b])`.
//! `open` lists the open cells in reading order; `filled[k]` says whether `open[k]` holds a
//! digit now. The search keeps an explicit stack, one `Frame` per level: level `l` has
//! chosen cell `open[frame.slot]`, whose candidates not yet tried are `frame.left`, and
//! `l` digits are placed (one per level below `l`, plus the one being tried at `l`).
//! Invariant: for every level below the current one, `cells[open[frame.slot]]` is the digit
//! tried and its bit is set in the three masks of its houses.

use dlx_time::Instant;
use std::ops::ControlFlow;

use crate::check::Masks;
use crate::grid::Grid;

/// What a cell search reports, step by step. Every method has an empty default, so a
/// search that needs only solutions pays nothing for the rest.
pub trait CellEvents {
    /// Whether the step methods are called at all.
    const STEPS: bool = false;

    /// A complete grid; `Break` stops the search.
    fn solution(&mut self, cells: &[u8]) -> ControlFlow<()>;

    /// At `depth`, cell `cell` (row-major) was chosen with candidates `cands`.
    fn choose(&mut self, depth: usize, cell: usize, cands: u64, cells: &[u8]) {
        let _ = (depth, cell, cands, cells);
    }

    /// At `depth`, digit `digit` is placed in `cell`, the `k`-th (1-based) of `count`.
    fn try_digit(
        &mut self,
        depth: usize,
        cell: usize,
        digit: u8,
        k: usize,
        count: usize,
        cells: &[u8],
    ) {
        let _ = (depth, cell, digit, k, count, cells);
    }

    /// At `depth`, every candidate of `cell` was tried (`count` of them); the search backs up.
    fn backtrack(&mut self, depth: usize, cell: usize, count: usize, cells: &[u8]) {
        let _ = (depth, cell, count, cells);
    }

    /// Whether to stop now (checked at every node when [`CellEvents::STEPS`]).
    fn stop(&self) -> bool {
        false
    }

    /// How often, in nodes, [`CellEvents::progress`] is called (0 = never).
    fn progress_every(&self) -> u64 {
        0
    }

    /// A progress report: nodes so far, the depth, and the grid now.
    fn progress(&mut self, nodes: u64, depth: usize, cells: &[u8]) {
        let _ = (nodes, depth, cells);
    }
}

/// Counts of a cell search.
#[derive(Clone, Debug, Default)]
pub struct CellStats {
    pub nodes: u64,
    pub placements: u64,
    pub guesses: u64,
    pub backtracks: u64,
}

/// Why a cell search returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Complete,
    Stopped,
    Budget,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Index into `open` of the cell chosen at this level.
    slot: u32,
    /// Candidates not tried yet.
    left: u64,
    /// Number of candidates when the cell was chosen.
    count: u32,
    /// How many have been tried.
    tried: u32,
}

/// Runs a backtracking search on a grid with consistent givens (`masks` = the givens' house
/// masks). `MRV` picks the most constrained cell; otherwise cells go in reading order.
pub fn search<E: CellEvents, const MRV: bool>(
    grid: &Grid,
    masks: &Masks,
    node_budget: Option<u64>,
    deadline: Option<Instant>,
    events: &mut E,
) -> (End, CellStats) {
    let shape = grid.shape;
    let n = shape.n();
    let full = shape.full_mask();
    let mut cells = grid.cells.clone();
    let mut rows = masks.rows.clone();
    let mut cols = masks.cols.clone();
    let mut boxes = masks.boxes.clone();
    // Per open cell: (row, column, box) and the cell index.
    let open: Vec<(u32, u32, u32, u32)> = (0..n * n)
        .filter(|&k| cells[k] == 0)
        .map(|k| {
            let (r, c) = (k / n, k % n);
            (r as u32, c as u32, shape.box_of(r, c) as u32, k as u32)
        })
        .collect();
    let mut filled = vec![false; open.len()];
    let mut stats = CellStats::default();
    let budget = node_budget.unwrap_or(u64::MAX);
    let every = events.progress_every();
    let mut stack: Vec<Frame> = Vec::with_capacity(open.len() + 1);
    let cand = |rows: &[u64], cols: &[u64], boxes: &[u64], (r, c, b, _): (u32, u32, u32, u32)| {
        full & !(rows[r as usize] | cols[c as usize] | boxes[b as usize])
    };

    // `enter` is true when the next step is to enter a new level; false to retry the top frame.
    let mut enter = true;
    loop {
        if enter {
            let depth = stack.len();
            if depth == open.len() {
                // A solution: a leaf of the search tree.
                stats.nodes += 1;
                if events.solution(&cells).is_break() {
                    return (End::Stopped, stats);
                }
                enter = false;
                if depth == 0 {
                    return (End::Complete, stats);
                }
                continue;
            }
            if stats.nodes >= budget || (E::STEPS && events.stop()) {
                return (End::Budget, stats);
            }
            stats.nodes += 1;
            if stats.nodes & 4095 == 0
                && let Some(d) = deadline
                && Instant::now() >= d
            {
                return (End::Budget, stats);
            }
            if every > 0 && stats.nodes % every == 0 {
                events.progress(stats.nodes, depth, &cells);
            }
            // Choose the cell.
            let (slot, left) = if MRV {
                let mut best = (u32::MAX, 0u64, u32::MAX);
                for (k, &o) in open.iter().enumerate() {
                    if filled[k] {
                        continue;
                    }
                    let m = cand(&rows, &cols, &boxes, o);
                    let count = m.count_ones();
                    if count < best.2 {
                        best = (k as u32, m, count);
                        // A cell with one candidate is taken unless a later cell has none.
                        if count == 0 {
                            break;
                        }
                    }
                }
                (best.0, best.1)
            } else {
                // Plain: the first unfilled cell in reading order is `open[depth]`.
                (depth as u32, cand(&rows, &cols, &boxes, open[depth]))
            };
            let count = left.count_ones();
            if E::STEPS {
                events.choose(depth, open[slot as usize].3 as usize, left, &cells);
            }
            filled[slot as usize] = true;
            stack.push(Frame {
                slot,
                left,
                count,
                tried: 0,
            });
        }
        // Retry the top frame: undo its digit, place the next candidate or back up.
        let Some(top) = stack.last_mut() else {
            return (End::Complete, stats);
        };
        let (r, c, b, cell) = open[top.slot as usize];
        let (r, c, b, cell) = (r as usize, c as usize, b as usize, cell as usize);
        let old = cells[cell];
        if old != 0 {
            let bit = !(1u64 << (old - 1));
            rows[r] &= bit;
            cols[c] &= bit;
            boxes[b] &= bit;
            cells[cell] = 0;
        }
        if top.left == 0 {
            let (slot, count) = (top.slot, top.count);
            filled[slot as usize] = false;
            stack.pop();
            stats.backtracks += 1;
            if E::STEPS {
                events.backtrack(stack.len(), cell, count as usize, &cells);
            }
            if stack.is_empty() {
                return (End::Complete, stats);
            }
            enter = false;
            continue;
        }
        let d = top.left.trailing_zeros();
        top.left &= top.left - 1;
        top.tried += 1;
        let bit = 1u64 << d;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
        cells[cell] = d as u8 + 1;
        stats.placements += 1;
        if top.count >= 2 {
            stats.guesses += 1;
        }
        if E::STEPS {
            let (tried, count) = (top.tried as usize, top.count as usize);
            events.try_digit(stack.len() - 1, cell, d as u8 + 1, tried, count, &cells);
        }
        enter = true;
    }
}
