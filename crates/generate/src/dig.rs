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

/// A solution grid and a puzzle dug from it (see the module docs for the invariants).
pub(crate) struct Dig {
    shape: Shape,
    n: usize,
    solution: Vec<u8>,
    /// The current puzzle.
    pub grid: Grid,
    row: Vec<u64>,
    col: Vec<u64>,
    bx: Vec<u64>,
    /// `sets[k * (n - 1) + j]`: the classes holding cell `k`, one per other digit.
    sets: Vec<u32>,
    /// Givens per class.
    hits: Vec<u32>,
    /// The solver's guess budget for one uniqueness check.
    budget: Option<u64>,
    /// Statistics of every pass since the last [`Dig::new`].
    pub stats: DigStats,
}

impl Dig {
    /// A dig of the full grid `solution` (every cell given).
    pub(crate) fn new(solution: &Grid, budget: Option<u64>) -> Dig {
        let shape = solution.shape;
        let n = shape.n();
        let (sets, classes) = unavoidable_classes(solution);
        let mut dig = Dig {
            shape,
            n,
            solution: solution.cells.clone(),
            grid: solution.clone(),
            row: vec![0; n],
            col: vec![0; n],
            bx: vec![0; n],
            sets,
            hits: vec![0; classes],
            budget,
            stats: DigStats::default(),
        };
        dig.reset(&solution.cells);
        dig
    }

    /// The solution grid.
    pub(crate) fn solution(&self) -> Grid {
        Grid {
            shape: self.shape,
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
        for k in 0..self.n * self.n {
            if cells[k] != 0 {
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

    fn search(&mut self) -> Status {
        self.stats.searches += 1;
        let options = SolveOptions {
            node_budget: self.budget,
            ..SolveOptions::unique(SolverKind::Fast)
        };
        solve(&self.grid, &options).status
    }

    #[inline]
    fn place(&mut self, k: usize) {
        let (n, d) = (self.n, self.solution[k]);
        let bit = 1u64 << (d - 1);
        let (r, c) = (k / n, k % n);
        self.grid.cells[k] = d;
        self.row[r] |= bit;
        self.col[c] |= bit;
        self.bx[self.shape.box_of(r, c)] |= bit;
        for &s in &self.sets[k * (n - 1)..(k + 1) * (n - 1)] {
            self.hits[s as usize] += 1;
        }
    }

    /// Blanks cell `k`; returns whether a class lost its last given.
    #[inline]
    fn blank(&mut self, k: usize) -> bool {
        let (n, d) = (self.n, self.solution[k]);
        let bit = 1u64 << (d - 1);
        let (r, c) = (k / n, k % n);
        self.grid.cells[k] = 0;
        self.row[r] &= !bit;
        self.col[c] &= !bit;
        self.bx[self.shape.box_of(r, c)] &= !bit;
        let mut emptied = false;
        for &s in &self.sets[k * (n - 1)..(k + 1) * (n - 1)] {
            let h = &mut self.hits[s as usize];
            *h -= 1;
            emptied |= *h == 0;
        }
        emptied
    }

    /// The digits given among the peers of blank cell `(r, c)`.
    #[inline]
    fn seen(&self, r: usize, c: usize) -> u64 {
        self.row[r] | self.col[c] | self.bx[self.shape.box_of(r, c)]
    }

    /// Whether blank cell `k` can hold only its solution digit, by a naked or hidden single
    /// on the givens.
    fn forced(&self, k: usize) -> bool {
        let n = self.n;
        let (r, c) = (k / n, k % n);
        let bit = 1u64 << (self.solution[k] - 1);
        if self.seen(r, c) | bit == self.shape.full_mask() {
            return true;
        }
        // Hidden single: every other blank cell of a house sees the digit.
        let blocked = |rr: usize, cc: usize| {
            let j = rr * n + cc;
            j == k || self.grid.cells[j] != 0 || self.seen(rr, cc) & bit != 0
        };
        if (0..n).all(|i| blocked(r, i)) || (0..n).all(|i| blocked(i, c)) {
            return true;
        }
        let (rows, cols) = (self.shape.rows, self.shape.cols);
        let (r0, c0) = (r - r % rows, c - c % cols);
        (0..rows).all(|i| (0..cols).all(|j| blocked(r0 + i, c0 + j)))
    }

    /// Tries to blank the (given) cells of `orbit`; keeps them blank if the puzzle stays
    /// unique. Returns `Some(true)` if removed, `Some(false)` if the removal would give a
    /// second solution, `None` if the solver's budget ran out (the cells stay given).
    pub(crate) fn try_remove(&mut self, orbit: &[usize]) -> Option<bool> {
        let mut emptied = false;
        for &k in orbit {
            emptied |= self.blank(k);
        }
        let verdict = if emptied {
            self.stats.unavoidable += 1;
            Some(false)
        } else if orbit.iter().all(|&k| self.forced(k)) {
            self.stats.singles += 1;
            Some(true)
        } else {
            match self.search() {
                Status::Unique => Some(true),
                Status::Multiple | Status::None => Some(false),
                _ => {
                    self.stats.inconclusive += 1;
                    None
                }
            }
        };
        if verdict != Some(true) {
            for &k in orbit {
                self.place(k);
            }
        }
        verdict
    }
}

/// The classes of two-digit swaps of a full grid (module docs): for cell `k`, entry
/// `k * (n - 1) + j` names the class holding `k` for its digit paired with the `j`-th other
/// digit. Returns the entries and the number of classes.
fn unavoidable_classes(solution: &Grid) -> (Vec<u32>, usize) {
    let shape = solution.shape;
    let n = shape.n();
    // where[d][r]: the column of digit d + 1 in row r.
    let mut at = vec![vec![0usize; n]; n];
    for r in 0..n {
        for c in 0..n {
            at[solution.get(r, c) as usize - 1][r] = c;
        }
    }
    let mut sets = vec![0u32; n * n * (n - 1)];
    let mut classes = 0usize;
    // Union-find over the 2n cells of a pair: i < n is digit a's cell in row i, n + i is
    // digit b's cell in row i.
    let mut parent = vec![0usize; 2 * n];
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut by_col = vec![[0usize; 2]; n];
    let mut by_box = vec![[0usize; 2]; n];
    let mut label = vec![u32::MAX; 2 * n];
    for a in 0..n {
        for b in a + 1..n {
            for (i, p) in parent.iter_mut().enumerate() {
                *p = i;
            }
            for r in 0..n {
                let (ca, cb) = (at[a][r], at[b][r]);
                by_col[ca][0] = r;
                by_col[cb][1] = n + r;
                by_box[shape.box_of(r, ca)][0] = r;
                by_box[shape.box_of(r, cb)][1] = n + r;
            }
            for r in 0..n {
                for [x, y] in [[r, n + r], by_col[r], by_box[r]] {
                    let (x, y) = (find(&mut parent, x), find(&mut parent, y));
                    parent[x] = y;
                }
            }
            label.fill(u32::MAX);
            for i in 0..2 * n {
                let root = find(&mut parent, i);
                if label[root] == u32::MAX {
                    label[root] = classes as u32;
                    classes += 1;
                }
                let (digit, other, r) = if i < n { (a, b, i) } else { (b, a, i - n) };
                let k = r * n + at[digit][r];
                // The j-th other digit of `digit`: others below keep their index, above shift.
                let j = if other < digit { other } else { other - 1 };
                sets[k * (n - 1) + j] = label[root];
            }
        }
    }
    (sets, classes)
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
        // Swapping the pair's digits on any class gives another valid grid.
        let s = grid(SOLUTION);
        let (sets, classes) = unavoidable_classes(&s);
        let n = 9;
        for class in 0..classes as u32 {
            let cells: Vec<usize> = (0..81)
                .filter(|&k| sets[k * (n - 1)..(k + 1) * (n - 1)].contains(&class))
                .collect();
            assert!(cells.len() >= 4 && cells.len() % 2 == 0, "{cells:?}");
            let mut digits: Vec<u8> = cells.iter().map(|&k| s.cells[k]).collect();
            digits.sort_unstable();
            digits.dedup();
            assert_eq!(digits.len(), 2);
            let mut t = s.clone();
            for &k in &cells {
                t.cells[k] = if s.cells[k] == digits[0] {
                    digits[1]
                } else {
                    digits[0]
                };
            }
            assert!(dlx_sudoku::check_givens(&t).is_empty());
            assert_ne!(t, s);
        }
    }

    #[test]
    fn one_pass_keeps_the_puzzle_unique() {
        let s = grid(SOLUTION);
        let mut dig = Dig::new(&s, None);
        for k in 0..81 {
            dig.try_remove(&[k]);
        }
        let r = solve(&dig.grid, &SolveOptions::count_all(SolverKind::Dlx));
        assert_eq!(r.solutions, 1);
        assert!(dig.grid.givens() < 40);
        assert!(dig.stats.singles > 0 && dig.stats.unavoidable > 0);
    }
}
