//! Differential: a small random Sudoku (4x4, 6x6 or 9x9) is solved by the `fast` and the
//! `dlx` solvers with limit 2; the statuses agree, every solution is valid (checked here),
//! and a unique puzzle gets the same solution from both. A sparse puzzle with no solution can
//! take `dlx` (no propagation beyond its columns) a million nodes where `fast` guesses a few
//! hundred times, seconds in a fuzzing build: past a node budget the case is skipped.
#![no_main]

use dlx_fuzz::{Bytes, is_solution, sudoku};
use dlx_sudoku::{SolveOptions, SolverKind, Status};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let puzzle = sudoku(&mut Bytes(data));
    let fast = dlx_sudoku::solve(&puzzle, &SolveOptions::unique(SolverKind::Fast));
    let dlx = dlx_sudoku::solve(
        &puzzle,
        &SolveOptions {
            node_budget: Some(20_000),
            ..SolveOptions::unique(SolverKind::Dlx)
        },
    );
    if dlx.status == Status::Incomplete {
        return;
    }
    let line = puzzle.to_line();
    // Complete, unless stopped by the limit at the second solution.
    for r in [&fast, &dlx] {
        assert!(
            r.complete || r.status == Status::Multiple,
            "{line}: a search stopped"
        );
    }
    assert_eq!(fast.status, dlx.status, "{line}: fast and dlx disagree");
    assert_eq!(
        fast.solutions, dlx.solutions,
        "{line}: solution counts differ"
    );
    for r in [&fast, &dlx] {
        match r.status {
            Status::Unique | Status::Multiple | Status::Solved => {
                let s = r.solution.as_ref().expect("a solved status has a solution");
                assert!(
                    is_solution(&puzzle, s),
                    "{line}: invalid solution {}",
                    s.to_line()
                );
            }
            Status::None => {
                assert!(r.solution.is_none());
                assert!(r.solutions == 0);
            }
            Status::Incomplete => panic!("{line}: incomplete without a budget"),
        }
    }
    if fast.status == Status::Unique {
        assert_eq!(
            fast.solution, dlx.solution,
            "{line}: two different unique solutions"
        );
    }
    // Repeated givens are reported as conflicts, and only then.
    let conflicts = dlx_sudoku::check_givens(&puzzle);
    if !conflicts.is_empty() {
        assert_eq!(
            fast.status,
            Status::None,
            "{line}: conflicting givens solved"
        );
    }
});
