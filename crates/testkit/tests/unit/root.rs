//! Unit tests of `src/lib.rs`.

mod tests {
    use dlx_testkit::*;

    #[test]
    fn spearman_of_known_rankings() {
        assert!((spearman(&[(1.0, 2.0), (2.0, 3.0), (3.0, 9.0)]) - 1.0).abs() < 1e-12);
        assert!((spearman(&[(1.0, 3.0), (2.0, 2.0), (3.0, 1.0)]) + 1.0).abs() < 1e-12);
        // Ties share their average rank.
        assert!((spearman(&[(1.0, 1.0), (1.0, 1.0), (2.0, 2.0)]) - 1.0).abs() < 1e-12);
    }
}

mod kit_tests {
    use dlx_testkit::*;

    #[test]
    fn the_kit_agrees_with_itself_on_random_grids() {
        let mut rng = XorShift(7);
        for shape in [
            Shape::new(2, 2),
            Shape::new(2, 3),
            Shape::new(3, 2),
            Shape::new(3, 3),
        ] {
            let grid = random_grid(shape, &mut rng);
            assert_eq!(validate(shape, &grid, &grid), Ok(()));
            assert_eq!(reference_count(shape, &grid, 2), 1);
            let mut bad = grid.clone();
            bad.swap(0, 1);
            assert!(validate(shape, &grid, &bad).is_err());
            let puzzle = remove_cells(&grid, 4, &mut rng);
            assert!(reference_count(shape, &puzzle, 2) >= 1);
            assert_eq!(validate(shape, &puzzle, &grid), Ok(()));
        }
        // The empty 4x4 grid has 288 solutions.
        assert_eq!(reference_count(Shape::new(2, 2), &[0; 16], u64::MAX), 288);
    }
}
