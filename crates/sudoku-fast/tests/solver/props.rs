//! Property tests: puzzles made from random valid grids of several shapes.

use dlx_sudoku_fast::{Shape, solve_generic, solve9, solve9_portable};
use proptest::prelude::*;

use crate::common::{XorShift, random_grid, reference_count, remove_cells, validate};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// On 9x9, fast, portable and generic agree on counts (limit 2 and full counts when the
    /// puzzle has few solutions), and on the grid when it is unique.
    #[test]
    fn nine_paths_agree(seed in 1u64.., blanks in 40usize..64) {
        let shape = Shape::new(3, 3).unwrap();
        let mut rng = XorShift(seed);
        let grid = random_grid(shape, &mut rng);
        let puzzle = remove_cells(&grid, blanks, &mut rng);
        let mut p = [0u8; 81];
        p.copy_from_slice(&puzzle);
        let fast = solve9(&p, 2);
        prop_assert_eq!(&fast, &solve9_portable(&p, 2, None));
        let generic = solve_generic(shape, &puzzle, 2, None).unwrap();
        prop_assert_eq!(fast.solutions, generic.solutions);
        prop_assert!(fast.solutions >= 1);
        validate(shape, &puzzle, &fast.solution.unwrap());
        validate(shape, &puzzle, generic.solution.as_ref().unwrap());
        if fast.solutions == 1 {
            prop_assert_eq!(fast.solution.map(|g| g.to_vec()), generic.solution);
        }
        if blanks <= 52 {
            let all = solve9(&p, 10_000);
            let all_generic = solve_generic(shape, &puzzle, 10_000, None).unwrap();
            prop_assert_eq!(all.solutions, all_generic.solutions);
            prop_assert_eq!(all.solutions, reference_count(shape, &puzzle, 10_000));
        }
    }

    /// Other shapes: the generic path agrees with the reference counter.
    #[test]
    fn shapes_agree_with_reference(seed in 1u64.., shape_ix in 0usize..6, frac in 3usize..8) {
        let (r, c) = [(2, 2), (2, 3), (3, 2), (2, 4), (1, 5), (3, 4)][shape_ix];
        let shape = Shape::new(r, c).unwrap();
        let mut rng = XorShift(seed);
        let grid = random_grid(shape, &mut rng);
        let frac = if r * c >= 12 { frac.min(5) } else { frac };
        let puzzle = remove_cells(&grid, shape.cells() * frac / 10, &mut rng);
        let a = solve_generic(shape, &puzzle, 1000, None).unwrap();
        prop_assert!(a.solutions >= 1);
        validate(shape, &puzzle, a.solution.as_ref().unwrap());
        prop_assert_eq!(a.solutions, reference_count(shape, &puzzle, 1000));
    }
}
