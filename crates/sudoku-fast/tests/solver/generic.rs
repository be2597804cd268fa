//! The generic path on other shapes: known counts, hard 16x16 puzzles, 25x25 and 36x36
//! puzzles built from valid grids, budgets.

use dlx_sudoku_fast::{Shape, solve, solve_generic};

use crate::common::{
    XorShift, parse_line, random_grid, reference_count, remove_cells, testdata, validate,
};

fn count(rows: u8, cols: u8) -> u64 {
    let shape = Shape::new(rows, cols).unwrap();
    let a = solve(shape, &vec![0; shape.cells()], u64::MAX, None).unwrap();
    assert!(a.complete);
    validate(shape, &vec![0; shape.cells()], a.solution.as_ref().unwrap());
    a.solutions
}

#[test]
fn known_counts_of_empty_grids() {
    assert_eq!(count(1, 1), 1);
    assert_eq!(count(2, 2), 288);
    // 1 x n boxes are rows: Latin squares (12 of order 3, 576 of order 4, 161280 of order 5).
    assert_eq!(count(1, 3), 12);
    assert_eq!(count(1, 4), 576);
    assert_eq!(count(1, 5), 161_280);
}

#[test]
#[ignore = "counts 28 million grids: run with --ignored"]
fn empty_6x6_has_28200960_solutions() {
    assert_eq!(count(2, 3), 28_200_960);
}

#[test]
fn hard_16x16_puzzles_are_unique() {
    let shape = Shape::new(4, 4).unwrap();
    for name in ["s16-seed5.txt", "s16-seed2024.txt"] {
        let line = std::fs::read_to_string(testdata(name)).unwrap();
        let p = parse_line(&line, 16);
        let a = solve(shape, &p, 2, None).unwrap();
        assert_eq!(a.solutions, 1, "{name}");
        validate(shape, &p, a.solution.as_ref().unwrap());
    }
}

#[test]
fn big_grids_with_half_the_cells_blank() {
    let mut rng = XorShift(2024);
    for (p, q, tries) in [(3, 4, 10), (4, 4, 10), (5, 5, 5), (4, 5, 3)] {
        let shape = Shape::new(p, q).unwrap();
        for _ in 0..tries {
            let grid = random_grid(shape, &mut rng);
            validate(shape, &grid, &grid);
            let puzzle = remove_cells(&grid, shape.cells() / 2, &mut rng);
            let t = std::time::Instant::now();
            let a = solve(shape, &puzzle, 1, None).unwrap();
            eprintln!("{p}x{q}: {} guesses, {:?}", a.guesses, t.elapsed());
            assert_eq!(a.solutions, 1, "{p}x{q}");
            validate(shape, &puzzle, a.solution.as_ref().unwrap());
        }
    }
}

#[test]
fn blank_grids_up_to_64x64_are_filled() {
    // Blank grids from 60x60 up used to send the search into a tail of more than 100,000
    // guesses; now each is filled within a budget of one guess per cell.
    for (p, q) in [
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
        (7, 8),
        (6, 10),
        (7, 9),
        (8, 8),
    ] {
        let shape = Shape::new(p, q).unwrap();
        let blank = vec![0u8; shape.cells()];
        let a = solve(shape, &blank, 1, Some(shape.cells() as u64)).unwrap();
        assert!(a.complete, "{p}x{q}: stopped after {} guesses", a.guesses);
        assert_eq!(a.solutions, 1, "{p}x{q}");
        validate(shape, &blank, a.solution.as_ref().unwrap());
    }
}

#[test]
fn small_shapes_agree_with_reference() {
    let mut rng = XorShift(77);
    for (p, q) in [(2, 2), (2, 3), (3, 2), (1, 4), (2, 4)] {
        let shape = Shape::new(p, q).unwrap();
        for _ in 0..30 {
            let grid = random_grid(shape, &mut rng);
            let blanks = shape.cells() * (5 + rng.below(4)) / 10;
            let puzzle = remove_cells(&grid, blanks, &mut rng);
            let want = reference_count(shape, &puzzle, 20_000);
            let a = solve(shape, &puzzle, 20_000, None).unwrap();
            assert_eq!(a.solutions, want, "{p}x{q} {puzzle:?}");
            validate(shape, &puzzle, a.solution.as_ref().unwrap());
            let two = solve(shape, &puzzle, 2, None).unwrap();
            assert_eq!(two.solutions, want.min(2));
        }
    }
}

#[test]
fn conflicts_and_dead_ends_give_zero() {
    let shape = Shape::new(4, 4).unwrap();
    let mut g = vec![0u8; 256];
    g[0] = 7;
    g[17] = 7; // same box
    assert_eq!(solve(shape, &g, 1, None).unwrap().solutions, 0);
    // A 4x4 whose givens look fine but leave no solution.
    let shape = Shape::new(2, 2).unwrap();
    let p = [0, 2, 3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0];
    assert_eq!(reference_count(shape, &p, 10), 0);
    let a = solve(shape, &p, u64::MAX, None).unwrap();
    assert_eq!((a.solutions, a.solution, a.complete), (0, None, true));
}

#[test]
fn budget_stops_counting_big_empty_grids() {
    for (p, q) in [(4, 4), (5, 5), (6, 6), (8, 8)] {
        let shape = Shape::new(p, q).unwrap();
        let empty = vec![0u8; shape.cells()];
        let a = solve_generic(shape, &empty, u64::MAX, Some(200)).unwrap();
        assert!(!a.complete);
        assert_eq!(a.guesses, 200);
        eprintln!("{p}x{q}: {} solutions within 200 guesses", a.solutions);
        if let Some(s) = &a.solution {
            validate(shape, &empty, s);
        }
        if p * q <= 16 {
            assert!(a.solutions > 0, "{p}x{q}");
        }
    }
}

/// Regression: the generic search used to recurse once per guess and overflowed a small
/// thread stack on a deep search of an empty 36x36 grid; it now keeps an explicit stack.
#[test]
fn deep_search_runs_on_a_small_thread_stack() {
    let run = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let shape = Shape::new(6, 6).unwrap();
            let empty = vec![0u8; shape.cells()];
            solve(shape, &empty, 1, Some(1500)).unwrap()
        })
        .unwrap();
    let a = run.join().expect("no stack overflow");
    assert!(a.guesses <= 1500);
    if let Some(s) = &a.solution {
        validate(Shape::new(6, 6).unwrap(), &vec![0u8; 1296], s);
    }
}

#[test]
fn a_deadline_stops_long_searches() {
    use std::time::{Duration, Instant};
    // Counting every grid would take ages on either path: the deadline stops both.
    for (p, q) in [(3, 3), (4, 4), (6, 6)] {
        let shape = Shape::new(p, q).unwrap();
        let empty = vec![0u8; shape.cells()];
        let deadline = Instant::now() + Duration::from_millis(50);
        let a =
            dlx_sudoku_fast::solve_until(shape, &empty, u64::MAX, None, Some(deadline)).unwrap();
        assert!(!a.complete, "{p}x{q}");
        if p * q <= 16 {
            assert!(
                a.solutions > 0,
                "{p}x{q}: solutions found before the deadline"
            );
        }
        if let Some(s) = &a.solution {
            validate(shape, &empty, s);
        }
    }
    // A deadline already past stops at the first guess.
    let shape = Shape::new(4, 4).unwrap();
    let a = dlx_sudoku_fast::solve_until(shape, &[0; 256], 1, None, Some(Instant::now())).unwrap();
    assert_eq!((a.solutions, a.guesses, a.complete), (0, 0, false));
}

#[test]
fn hard_random_completions_are_solved() {
    // 16x16 and 25x25 grids with about 62% of the cells erased: the kind of puzzle on which
    // plain depth-first search used to run for hundreds of thousands of guesses; with the
    // weights and restarts every one is solved, and each answer is checked.
    let mut rng = XorShift(4321);
    for (p, q, tries) in [(4, 4, 40), (5, 5, 6)] {
        let shape = Shape::new(p, q).unwrap();
        for _ in 0..tries {
            let grid = random_grid(shape, &mut rng);
            let puzzle = remove_cells(&grid, shape.cells() * 62 / 100, &mut rng);
            let a = solve(shape, &puzzle, 1, Some(200_000)).unwrap();
            assert!(a.complete, "{p}x{q}: budget exhausted on {puzzle:?}");
            assert_eq!(a.solutions, 1);
            validate(shape, &puzzle, a.solution.as_ref().unwrap());
        }
    }
}

/// Issue 22 (found by the `sudoku_diff` fuzz target): the first comparison of a guess's
/// score against the "none yet" key multiplied `u64::MAX` by the cell's weight, an overflow
/// that panicked in debug builds on a blank 4x4 asked for two solutions.
#[test]
fn blank_4x4_uniqueness_check_does_not_overflow() {
    let shape = Shape::new(2, 2).unwrap();
    let a = solve(shape, &[0; 16], 2, None).unwrap();
    assert!(a.complete);
    assert_eq!(a.solutions, 2);
    validate(shape, &[0; 16], a.solution.as_ref().unwrap());
}
