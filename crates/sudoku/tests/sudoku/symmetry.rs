//! Symmetries of grids: a random symmetry maps a full grid to a full grid (checked by the
//! independent validator), a puzzle to one with the same solutions mapped alike, and is undone
//! by its inverse; the draws vary.

use crate::common;

use std::collections::BTreeSet;

use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Symmetry, solve_with};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use common::Collect;

/// The solutions of `grid`, the first `limit` of them, by the dancing-links solver.
fn solutions(grid: &Grid, limit: u64) -> BTreeSet<Vec<u8>> {
    let mut c = Collect(BTreeSet::new());
    let opts = SolveOptions {
        solver: SolverKind::Dlx,
        limit,
        ..SolveOptions::default()
    };
    solve_with(grid, &opts, &mut c);
    c.0
}

fn shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        common::small_shapes(),
        Just(Shape { rows: 3, cols: 3 }),
        Just(Shape { rows: 3, cols: 4 }),
        Just(Shape { rows: 4, cols: 4 }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A full grid stays a valid full grid, a puzzle keeps its number of givens, and the
    /// inverse gives the original back.
    #[test]
    fn full_grids_stay_valid_and_the_inverse_undoes(shape in shapes(), seed in any::<u64>()) {
        let full = Grid::new(shape, common::random_solution(shape, seed)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let s = Symmetry::random(shape, &mut rng);
        let image = s.apply(&full);
        prop_assert_eq!(
            common::validate(&image.cells, &image.cells, shape.rows, shape.cols),
            Ok(())
        );
        prop_assert_eq!(s.inverse().apply(&image), full.clone());
        prop_assert_eq!(s.apply(&s.inverse().apply(&full)), full.clone());
        let mut puzzle = full.clone();
        for (k, c) in puzzle.cells.iter_mut().enumerate() {
            if (k as u64).wrapping_mul(seed | 1) % 3 != 0 {
                *c = 0;
            }
        }
        prop_assert_eq!(s.apply(&puzzle).givens(), puzzle.givens());
        prop_assert_eq!(s.inverse().apply(&s.apply(&puzzle)), puzzle);
    }

    /// The image of a puzzle has exactly the images of its solutions as solutions.
    #[test]
    fn solutions_map_to_solutions(shape in shapes(), seed in any::<u64>(), keep in 0.3f64..0.8) {
        let n = shape.n();
        let full = common::random_solution(shape, seed);
        let cells = dlx_testkit::keep_cells(&full, keep, &mut dlx_testkit::XorShift(seed.rotate_left(29) | 1));
        // Big grids with few givens have too many solutions to list.
        prop_assume!(n <= 8 || keep > 0.6);
        let puzzle = Grid::new(shape, cells).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let s = Symmetry::random(shape, &mut rng);
        let limit = 200;
        let before = solutions(&puzzle, limit);
        let after = solutions(&s.apply(&puzzle), limit);
        prop_assert_eq!(before.len(), after.len());
        if (before.len() as u64) < limit {
            prop_assert!(before.contains(&full));
            let mapped: BTreeSet<Vec<u8>> = before
                .iter()
                .map(|cells| s.apply(&Grid::new(shape, cells.clone()).unwrap()).cells)
                .collect();
            prop_assert_eq!(mapped, after);
        }
    }
}

#[test]
fn identity_changes_nothing() {
    let shape = Shape { rows: 2, cols: 3 };
    let g = Grid::new(shape, common::random_solution(shape, 11)).unwrap();
    assert_eq!(Symmetry::identity(shape).apply(&g), g);
    assert_eq!(
        Symmetry::identity(shape).inverse(),
        Symmetry::identity(shape)
    );
}

/// Draws differ, transpose both ways on square boxes and never on others (a transposed 2x3
/// grid would have 3x2 boxes), and the same seed gives the same draws.
#[test]
fn draws_vary_and_repeat_with_the_seed() {
    let square = Shape { rows: 3, cols: 3 };
    let full = Grid::new(square, common::random_solution(square, 5)).unwrap();
    let draw = |seed: u64| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..200)
            .map(|_| Symmetry::random(square, &mut rng))
            .collect::<Vec<_>>()
    };
    let draws = draw(1);
    assert_eq!(draws, draw(1));
    let images: BTreeSet<Vec<u8>> = draws.iter().map(|s| s.apply(&full).cells).collect();
    assert_eq!(images.len(), draws.len(), "two draws gave the same grid");
    let transposed = draws.iter().filter(|s| s.transposes()).count();
    assert!(
        (50..150).contains(&transposed),
        "{transposed} of 200 transposed"
    );
    let wide = Shape { rows: 2, cols: 3 };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..200 {
        assert!(!Symmetry::random(wide, &mut rng).transposes());
    }
}
