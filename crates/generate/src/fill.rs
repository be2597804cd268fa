//! Random solution grids: the full grid a puzzle is cut from.
//!
//! Boxes that share no row, column or box (one per band, in distinct stacks: the "diagonal"
//! boxes) are independent, so each gets a random permutation of the digits; a few more cells
//! get random digits still allowed by their peers; the fast solver completes the grid (one
//! solution, any of them); then a random relabelling and permutation of rows, bands, columns
//! and stacks (and a transposition when the boxes are square; `dlx_sudoku::Symmetry`) spreads
//! the solver's deterministic completion over the whole class of equivalent grids.
//!
//! The grids are not drawn uniformly from all solution grids (nobody knows how to do that
//! cheaply); they are varied enough that two puzzles from different seeds share a solution
//! grid only by accident.

use dlx_time::Instant;

use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, solve};
use rand::Rng;
use rand::seq::SliceRandom;

/// Extra random cells placed besides the diagonal boxes, per digit of the size (a few
/// for 9x9). More makes dead ends likelier; fewer, less variety.
const EXTRA_PER_DIGIT: usize = 1;

/// Guesses allowed to the completion of one start before another start is drawn.
const FILL_BUDGET: u64 = 20_000;

/// A random full grid of `shape`, or `None` if no start could be completed within a few
/// tries (never seen up to 25x25; kept so that the generator cannot loop) or `deadline`
/// passed.
pub(crate) fn random_solution<R: Rng + ?Sized>(
    shape: Shape,
    rng: &mut R,
    deadline: Option<Instant>,
) -> Option<Grid> {
    let n = shape.n();
    for _ in 0..16 {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let mut grid = Grid::empty(shape);
        // Box `b` lies in band `b / rows`... boxes across a band: `n / cols = rows`.
        // Pick box (i, i) in band i and stack i, for i below both counts.
        let bands = n / shape.rows;
        let stacks = n / shape.cols;
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        for i in 0..bands.min(stacks) {
            digits.shuffle(rng);
            let (r0, c0) = (i * shape.rows, i * shape.cols);
            for (j, &d) in digits.iter().enumerate() {
                let (r, c) = (r0 + j / shape.cols, c0 + j % shape.cols);
                grid.cells[r * n + c] = d;
            }
        }
        for _ in 0..EXTRA_PER_DIGIT * n {
            let k = rng.random_range(0..n * n);
            if grid.cells[k] != 0 {
                continue;
            }
            let allowed = allowed_digits(&grid, k);
            if allowed == 0 {
                continue;
            }
            let pick = rng.random_range(0..allowed.count_ones());
            grid.cells[k] = nth_bit(allowed, pick) as u8 + 1;
        }
        let options = SolveOptions {
            node_budget: Some(FILL_BUDGET),
            deadline,
            ..SolveOptions::new(SolverKind::Fast)
        };
        if let Some(full) = solve(&grid, &options).solution {
            let moved = dlx_sudoku::Symmetry::random(shape, rng).apply(&full);
            return Some(moved);
        }
    }
    None
}

/// The digits (bit `d - 1`) no peer of cell `k` holds.
fn allowed_digits(grid: &Grid, k: usize) -> u64 {
    let shape = grid.shape;
    let n = shape.n();
    let (r, c) = (k / n, k % n);
    let b = shape.box_of(r, c);
    let mut used = 0u64;
    for i in 0..n {
        for d in [grid.get(r, i), grid.get(i, c)] {
            if d != 0 {
                used |= 1 << (d - 1);
            }
        }
    }
    let (r0, c0) = ((b / shape.rows) * shape.rows, (b % shape.rows) * shape.cols);
    for i in 0..shape.rows {
        for j in 0..shape.cols {
            let d = grid.get(r0 + i, c0 + j);
            if d != 0 {
                used |= 1 << (d - 1);
            }
        }
    }
    shape.full_mask() & !used
}

/// The index of the `i`-th set bit of `mask` (0-based).
fn nth_bit(mut mask: u64, i: u32) -> u32 {
    for _ in 0..i {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn solutions_are_full_and_valid() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let g = random_solution(shape, &mut rng, None).unwrap();
            assert!(g.is_full(), "{shape}");
            assert!(dlx_sudoku::check_givens(&g).is_empty(), "{shape}");
        }
    }

    #[test]
    fn seeds_vary_the_grid() {
        let shape = Shape::new(3, 3).unwrap();
        let a = random_solution(shape, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), None);
        let b = random_solution(shape, &mut rand_chacha::ChaCha8Rng::seed_from_u64(2), None);
        assert_ne!(a, b);
    }
}
