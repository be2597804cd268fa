//! Digging: removing givens from a full grid while the puzzle keeps one solution.
//!
//! [`Dig`] holds a solution grid `S`, the current puzzle `P` (a subset of `S`'s cells) and
//! two cheap certificates that decide most removals without a search:
//!
//! - **Singles (removal safe).** After the cells of an orbit are blanked, if each of them is
//!   a naked single (its peers' givens leave only its digit of `S`) or a hidden single (in one
//!   of its houses, the givens' peers block `S`'s digit from every other blank cell), then
//!   every solution of the smaller puzzle puts `S`'s digits back in those cells, so it solves
//!   `P`, which has one solution: the smaller puzzle is unique too.
//! - **Unavoidable sets (removal fails).** For two digits `a`, `b`, the cells of `S` holding
//!   either fall into classes closed under "the other digit of the pair in the same row, the
//!   same column, the same box"; swapping `a` and `b` on one class gives another full grid.
//!   So every class must keep a given, or the puzzle has a second solution. `hits[s]` counts
//!   the givens of class `s`; a removal that would leave a class with none is refused.
//!
//! Only when neither decides does the fast solver run, stopped at two solutions.
//!
//! Invariants, between calls: `grid.cells[k]` is `S[k]` or 0; `row[r]` (and `col`, `bx`) has
//! bit `d - 1` iff digit `d` is given in that row (column, box); `hits[s]` is the number of
//! given cells in class `s`; `P` has exactly one solution, `S`.
//!
//! One pass over the orbits in some order, keeping an orbit only when its removal would
//! give a second solution, leaves a minimal puzzle: an orbit kept at some point would give
//! a second solution from any smaller puzzle too (fewer givens never remove solutions).

use dlx_time::Instant;

use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Status, solve};

/// What the pass did, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DigStats {
    /// Removals decided by singles.
    pub singles: u64,
    /// Removals refused by an unavoidable set.
    pub unavoidable: u64,
    /// Removals decided by the solver.
    pub searches: u64,
    /// Solver runs stopped by their budget (the orbit was kept; minimality not proven).
    pub inconclusive: u64,
}

/// Where each cell lies, computed once per shape.
///
/// PERF: divisions by the run-time box sides were a fifth of a 9x9 generation's time;
/// tables of each cell's row, column and box removed them.
pub(crate) struct Geometry {
    shape: Shape,
    n: usize,
    /// `lines[k] = [row, column, box]` of cell `k`.
    lines: Vec<[u8; 3]>,
    /// `box_cells[b * n..(b + 1) * n]`: the cells of box `b`.
    box_cells: Vec<u16>,
}

impl Geometry {
    /// The tables of a shape.
    pub(crate) fn new(shape: Shape) -> Geometry {
        let n = shape.n();
        let mut lines = Vec::with_capacity(n * n);
        let mut box_cells = vec![0u16; n * n];
        let mut filled = vec![0usize; n];
        for r in 0..n {
            for c in 0..n {
                let b = shape.box_of(r, c);
                lines.push([r as u8, c as u8, b as u8]);
                box_cells[b * n + filled[b]] = (r * n + c) as u16;
                filled[b] += 1;
            }
        }
        Geometry {
            shape,
            n,
            lines,
            box_cells,
        }
    }
}

/// A solution grid and a puzzle dug from it (see the module docs for the invariants).
pub(crate) struct Dig<'g> {
    geo: &'g Geometry,
    n: usize,
    solution: Vec<u8>,
    /// The current puzzle.
    pub grid: Grid,
    row: Vec<u64>,
    col: Vec<u64>,
    bx: Vec<u64>,
    /// `sets[k * stride..(k + 1) * stride]`: the classes holding cell `k` (see
    /// [`unavoidable_classes`]).
    sets: Vec<u32>,
    stride: usize,
    /// Givens per class.
    hits: Vec<u32>,
    /// The solver's guess budget for one uniqueness check.
    budget: Option<u64>,
    /// When searches stop, whatever their budget (the caller's time limit).
    pub deadline: Option<Instant>,
    /// Statistics of every pass since the last [`Dig::new`].
    pub stats: DigStats,
}

impl<'g> Dig<'g> {
    /// A dig of the full grid `solution` (every cell given) of the shape of `geo`.
    pub(crate) fn new(geo: &'g Geometry, solution: &Grid, budget: Option<u64>) -> Dig<'g> {
        debug_assert!(solution.cells.iter().all(|&d| d != 0));
        let n = geo.n;
        let (sets, stride, classes) = unavoidable_classes(geo, solution);
        let mut dig = Dig {
            geo,
            n,
            solution: solution.cells.clone(),
            grid: solution.clone(),
            row: vec![0; n],
            col: vec![0; n],
            bx: vec![0; n],
            sets,
            stride,
            hits: vec![0; classes],
            budget,
            deadline: None,
            stats: DigStats::default(),
        };
        // Every cell given: each row, column and box holds every digit, and each class all
        // its cells. PERF: 81 calls of `place` were 2% of a minimal 9x9 generation.
        let full = geo.shape.full_mask();
        dig.row.fill(full);
        dig.col.fill(full);
        dig.bx.fill(full);
        for &s in &dig.sets {
            dig.hits[s as usize] += 1;
        }
        dig
    }

    /// The solution grid.
    pub(crate) fn solution(&self) -> Grid {
        Grid {
            shape: self.geo.shape,
            cells: self.solution.clone(),
        }
    }

    /// Makes `cells` (a subset of the solution, 0 for blank) the current puzzle, rebuilding
    /// the masks and counts. The caller makes sure it is unique (or checks with
    /// [`Dig::is_unique`] before digging).
    pub(crate) fn reset(&mut self, cells: &[u8]) {
        debug_assert!(
            cells
                .iter()
                .zip(&self.solution)
                .all(|(&g, &s)| g == 0 || g == s)
        );
        self.grid.cells.copy_from_slice(cells);
        self.row.fill(0);
        self.col.fill(0);
        self.bx.fill(0);
        self.hits.fill(0);
        for (k, &d) in cells.iter().enumerate() {
            if d != 0 {
                self.place(k);
            }
        }
    }

    /// Whether the current puzzle has exactly one solution (`None`: the budget ran out).
    pub(crate) fn is_unique(&mut self) -> Option<bool> {
        match self.search() {
            Status::Unique => Some(true),
            Status::Multiple | Status::None => Some(false),
            _ => None,
        }
    }

    fn options(&self) -> SolveOptions {
        SolveOptions {
            node_budget: self.budget,
            deadline: self.deadline,
            ..SolveOptions::unique(SolverKind::Fast)
        }
    }

    fn search(&mut self) -> Status {
        self.stats.searches += 1;
        let options = self.options();
        if let Ok(cells) = <&[u8; 81]>::try_from(&self.grid.cells[..]) {
            let a = dlx_sudoku::quick::solve9(cells, &options);
            return Status::from_count(a.solutions, a.complete);
        }
        solve(&self.grid, &options).status
    }

    /// Whether the current puzzle, whose givens `orbit` were just blanked, is still unique
    /// (`Unique`), has another solution (`Multiple`), or the budget ran out. On 9x9 the fast
    /// solver looks only for a solution that differs from the known one on the orbit
    /// (`dlx_sudoku::quick::solve9_differing`); elsewhere it counts to two.
    // PERF: on orbits of one or two cells (callgrind, 2,000 minimal 9x9 puzzles without
    // symmetry: 1,307M -> 1,072M instructions, the same puzzles). Larger orbits take one
    // search a cell when the puzzle stays unique: dihedral symmetry ran slower so.
    fn search_without(&mut self, orbit: &[usize]) -> Status {
        let (Ok(cells), true) = (
            <&[u8; 81]>::try_from(&self.grid.cells[..]),
            orbit.len() <= 2,
        ) else {
            return self.search();
        };
        self.stats.searches += 1;
        let options = SolveOptions {
            limit: 1,
            ..self.options()
        };
        let known: &[u8; 81] = self.solution[..].try_into().expect("9x9");
        let a = dlx_sudoku::quick::solve9_differing(cells, known, orbit, &options);
        match (a.solutions, a.complete) {
            (0, true) => Status::Unique,
            (0, false) => Status::Incomplete,
            _ => Status::Multiple,
        }
    }

    #[inline]
    fn place(&mut self, k: usize) {
        let d = self.solution[k];
        let bit = 1u64 << (d - 1);
        let [r, c, b] = self.geo.lines[k];
        self.grid.cells[k] = d;
        self.row[r as usize] |= bit;
        self.col[c as usize] |= bit;
        self.bx[b as usize] |= bit;
        for &s in &self.sets[k * self.stride..(k + 1) * self.stride] {
            self.hits[s as usize] += 1;
        }
    }

    /// Blanks cell `k`; returns whether a class lost its last given.
    #[inline]
    fn blank(&mut self, k: usize) -> bool {
        let d = self.solution[k];
        let bit = 1u64 << (d - 1);
        let [r, c, b] = self.geo.lines[k];
        self.grid.cells[k] = 0;
        self.row[r as usize] &= !bit;
        self.col[c as usize] &= !bit;
        self.bx[b as usize] &= !bit;
        let mut emptied = false;
        for &s in &self.sets[k * self.stride..(k + 1) * self.stride] {
            let h = &mut self.hits[s as usize];
            *h -= 1;
            emptied |= *h == 0;
        }
        emptied
    }

    /// The digits given among the peers of blank cell `k`.
    #[inline]
    fn seen(&self, k: usize) -> u64 {
        let [r, c, b] = self.geo.lines[k];
        self.row[r as usize] | self.col[c as usize] | self.bx[b as usize]
    }

    /// Whether blank cell `k` can hold only its solution digit, by a naked or hidden single
    /// on the givens.
    fn forced(&self, k: usize) -> bool {
        let n = self.n;
        let bit = 1u64 << (self.solution[k] - 1);
        if self.seen(k) | bit == self.geo.shape.full_mask() {
            return true;
        }
        // Hidden single: every other blank cell of a house sees the digit.
        let blocked = |j: usize| j == k || self.grid.cells[j] != 0 || self.seen(j) & bit != 0;
        let [r, c, b] = self.geo.lines[k].map(usize::from);
        (0..n).all(|i| blocked(r * n + i))
            || (0..n).all(|i| blocked(i * n + c))
            || self.geo.box_cells[b * n..(b + 1) * n]
                .iter()
                .all(|&j| blocked(j as usize))
    }

    /// Tries to blank the (given) cells of `orbit`; keeps them blank if the puzzle stays
    /// unique. Without `search`, only the certificates decide (else [`Verdict::Undecided`]).
    pub(crate) fn try_remove(&mut self, orbit: &[usize], search: bool) -> Verdict {
        let mut emptied = false;
        for &k in orbit {
            emptied |= self.blank(k);
        }
        let verdict = if emptied {
            self.stats.unavoidable += 1;
            Verdict::Needed
        } else if orbit.iter().all(|&k| self.forced(k)) {
            self.stats.singles += 1;
            Verdict::Removed
        } else if !search {
            Verdict::Undecided
        } else {
            match self.search_without(orbit) {
                Status::Unique => Verdict::Removed,
                Status::Multiple | Status::None => Verdict::Needed,
                _ => {
                    self.stats.inconclusive += 1;
                    Verdict::Inconclusive
                }
            }
        };
        if verdict != Verdict::Removed {
            for &k in orbit {
                self.place(k);
            }
        }
        verdict
    }
}

/// What [`Dig::try_remove`] decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The orbit was removed: the puzzle is still unique.
    Removed,
    /// The orbit stays: without it, the puzzle has a second solution.
    Needed,
    /// The orbit stays: no certificate decided and no search was asked.
    Undecided,
    /// The orbit stays: the search ran out of budget.
    Inconclusive,
}

/// The unavoidable sets of a full grid, in three families, as classes: for cell `k`, entries
/// `k * stride..(k + 1) * stride` name the classes holding `k`:
///
/// - entry `j < n - 1`: two-digit swaps (module docs), pairing `k`'s digit with the `j`-th
///   other digit;
/// - the next `rows - 1` entries: row swaps. For rows `r1`, `r2` of one band, the digits of
///   `r1` map to those of `r2` column by column, a permutation; the columns of one cycle of
///   it can trade their two digits between the rows (each row keeps its digits, each column
///   and box too, the rows being in one band);
/// - the last `cols - 1` entries: column swaps, the same across the columns of a stack.
///
/// Returns the entries, the stride and the number of classes.
fn unavoidable_classes(geo: &Geometry, solution: &Grid) -> (Vec<u32>, usize, usize) {
    let shape = solution.shape;
    let n = shape.n();
    let stride = (n - 1) + (shape.rows - 1) + (shape.cols - 1);
    // at[d * n + r]: the column of digit d + 1 in row r.
    let mut at = vec![0usize; n * n];
    for r in 0..n {
        for c in 0..n {
            at[(solution.get(r, c) as usize - 1) * n + r] = c;
        }
    }
    let mut sets = vec![0u32; n * n * stride];
    let mut classes = 0usize;
    // For a pair of digits a, b: the cells of a and of b in one row are always in one class
    // (the row pairs them), so a class is a set of rows, found by union-find over rows:
    // a's cell in row r is paired by its column and by its box with b's cells in two rows.
    // Bit masks of rows (n <= 64): each row is reached once, by a search over its two
    // partners. PERF: a third of the time of the union-find it replaced.
    let mut by_col = vec![0u8; n];
    let mut by_box = vec![0u8; n];
    let mut b_in_col = vec![0u8; n];
    let mut b_in_box = vec![0u8; n];
    let all_rows = shape.full_mask();
    for a in 0..n {
        for b in a + 1..n {
            for r in 0..n {
                let cb = at[b * n + r];
                b_in_col[cb] = r as u8;
                b_in_box[geo.lines[r * n + cb][2] as usize] = r as u8;
            }
            for r in 0..n {
                let ca = at[a * n + r];
                by_col[r] = b_in_col[ca];
                by_box[r] = b_in_box[geo.lines[r * n + ca][2] as usize];
            }
            let mut unseen = all_rows;
            while unseen != 0 {
                let first = unseen.trailing_zeros() as usize;
                let mut class = 1u64 << first;
                let mut todo = class;
                while todo != 0 {
                    let r = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    let next = ((1u64 << by_col[r]) | (1u64 << by_box[r])) & !class;
                    class |= next;
                    todo |= next;
                }
                unseen &= !class;
                let id = classes as u32;
                classes += 1;
                let mut rows = class;
                while rows != 0 {
                    let r = rows.trailing_zeros() as usize;
                    rows &= rows - 1;
                    // Entry j of a cell of digit x for the other digit y: y below x keeps
                    // its index, above shifts down by one.
                    sets[(r * n + at[a * n + r]) * stride + (b - 1)] = id;
                    sets[(r * n + at[b * n + r]) * stride + a] = id;
                }
            }
        }
    }
    // Row swaps, then column swaps: `line(i, x)` is the cell at position x of line i.
    let mut cycle = vec![u32::MAX; n];
    let mut next_of = vec![0usize; n + 1];
    let mut pos = vec![0usize; n + 1];
    for (width, base, line) in [
        (
            shape.rows,
            n - 1,
            (|i, x, n| i * n + x) as fn(usize, usize, usize) -> usize,
        ),
        (shape.cols, n - 1 + shape.rows - 1, |i, x, n| x * n + i),
    ] {
        for i1 in 0..n {
            let first = i1 - i1 % width;
            for i2 in i1 + 1..first + width {
                // The permutation of digits from line i1 to line i2, position by position.
                for x in 0..n {
                    let d = solution.cells[line(i1, x, n)] as usize;
                    next_of[d] = solution.cells[line(i2, x, n)] as usize;
                    pos[d] = x;
                }
                cycle.fill(u32::MAX);
                for x in 0..n {
                    if cycle[x] != u32::MAX {
                        continue;
                    }
                    // Walk the cycle through positions: the digit of i2 at x is found in i1 at
                    // the next position.
                    let id = classes as u32;
                    classes += 1;
                    let start = solution.cells[line(i1, x, n)] as usize;
                    let mut d = start;
                    loop {
                        cycle[pos[d]] = id;
                        d = next_of[d];
                        if d == start {
                            break;
                        }
                    }
                }
                for (x, &id) in cycle.iter().enumerate() {
                    let (k1, k2) = (line(i1, x, n), line(i2, x, n));
                    // Entry of partner i2 for i1 (i2 > i1: one below), and of i1 for i2.
                    sets[k1 * stride + base + (i2 - first - 1)] = id;
                    sets[k2 * stride + base + (i1 - first)] = id;
                }
            }
        }
    }
    (sets, stride, classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        dlx_sudoku::parse(line).unwrap()
    }

    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn every_class_is_a_real_swap() {
        // Each class is a set of cells whose digits can be exchanged (two digits, or two
        // lines of one band or stack) to give another valid grid.
        let s = grid(SOLUTION);
        let (sets, stride, classes) = unavoidable_classes(&Geometry::new(s.shape), &s);
        assert_eq!(stride, 8 + 2 + 2);
        let mut families = [0; 2];
        for class in 0..classes as u32 {
            let cells: Vec<usize> = (0..81)
                .filter(|&k| sets[k * stride..(k + 1) * stride].contains(&class))
                .collect();
            assert!(cells.len() >= 4 && cells.len() % 2 == 0, "{cells:?}");
            let mut digits: Vec<u8> = cells.iter().map(|&k| s.cells[k]).collect();
            digits.sort_unstable();
            digits.dedup();
            let mut rows: Vec<usize> = cells.iter().map(|&k| k / 9).collect();
            rows.sort_unstable();
            rows.dedup();
            let mut cols: Vec<usize> = cells.iter().map(|&k| k % 9).collect();
            cols.sort_unstable();
            cols.dedup();
            let mut t = s.clone();
            for &k in &cells {
                let (r, c) = (k / 9, k % 9);
                t.cells[k] = if digits.len() == 2 {
                    digits[0] + digits[1] - s.cells[k]
                } else if rows.len() == 2 {
                    s.cells[(rows[0] + rows[1] - r) * 9 + c]
                } else {
                    assert_eq!(cols.len(), 2, "{cells:?}");
                    s.cells[r * 9 + cols[0] + cols[1] - c]
                };
            }
            families[usize::from(digits.len() > 2)] += 1;
            assert!(dlx_sudoku::check_givens(&t).is_empty(), "{cells:?}");
            assert_ne!(t, s);
        }
        assert!(families[0] >= 36 && families[1] > 0, "{families:?}");
    }

    #[test]
    fn one_pass_keeps_the_puzzle_unique() {
        let s = grid(SOLUTION);
        let geo = Geometry::new(s.shape);
        let mut dig = Dig::new(&geo, &s, None);
        for k in 0..81 {
            dig.try_remove(&[k], true);
        }
        let r = solve(&dig.grid, &SolveOptions::count_all(SolverKind::Dlx));
        assert_eq!(r.solutions, 1);
        assert!(dig.grid.givens() < 40);
        assert!(dig.stats.singles > 0 && dig.stats.unavoidable > 0);
    }
}
