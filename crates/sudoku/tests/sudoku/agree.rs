//! Property tests: the three solvers agree on solutions and counts on random puzzles, and
//! agree with an independent brute-force count on small grids; traces agree with solves.

use crate::common;

use std::collections::BTreeSet;

use dlx_sudoku::{
    Grid, Heuristic, Shape, SolveOptions, SolverKind, StepKind, TraceOptions, parse, solve,
    solve_with, trace_with_limit,
};
use proptest::prelude::*;

use common::Collect;

/// Counts solutions by trying every digit in every blank, checking the rules by scanning:
/// independent of the library's masks, encodings and solvers.
fn brute_count(cells: &mut Vec<u8>, rows: usize, cols: usize, limit: u64) -> u64 {
    let n = rows * cols;
    let Some(k) = cells.iter().position(|&d| d == 0) else {
        return 1;
    };
    let (r, c) = (k / n, k % n);
    let (top, left) = (r / rows * rows, c / cols * cols);
    let mut total = 0;
    for d in 1..=n as u8 {
        let clash = (0..n).any(|i| cells[r * n + i] == d || cells[i * n + c] == d)
            || (0..rows).any(|i| (0..cols).any(|j| cells[(top + i) * n + left + j] == d));
        if clash {
            continue;
        }
        cells[k] = d;
        total += brute_count(cells, rows, cols, limit - total);
        cells[k] = 0;
        if total >= limit {
            break;
        }
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Random small puzzles (often with many solutions): the three solvers find the same set
    /// of solutions, every one checked, and the brute force agrees on the count.
    #[test]
    fn solvers_agree_on_small_grids(shape in common::small_shapes(), seed in any::<u64>(), keep in 0.15f64..0.7) {
        let n = shape.n();
        let full = common::random_solution(shape, seed);
        common::validate(&full, &full, shape.rows, shape.cols).unwrap();
        let cells = dlx_testkit::keep_cells(&full, keep, &mut dlx_testkit::XorShift(seed.rotate_left(17) | 1));
        let grid = Grid::new(shape, cells.clone()).unwrap();
        let limit = 300;
        let mut sets = Vec::new();
        let mut counts = Vec::new();
        for solver in SolverKind::ALL {
            for heuristic in [Heuristic::Mrv, Heuristic::Leftmost] {
                if solver != SolverKind::Dlx && heuristic == Heuristic::Leftmost {
                    continue;
                }
                let mut c = Collect(BTreeSet::new());
                let opts = SolveOptions { solver, heuristic, limit, ..SolveOptions::default() };
                let r = solve_with(&grid, &opts, &mut c);
                prop_assert_eq!(r.solutions as usize, c.0.len());
                for sol in &c.0 {
                    prop_assert!(common::validate(&cells, sol, shape.rows, shape.cols).is_ok());
                }
                counts.push((r.solutions, r.complete));
                sets.push(c.0);
            }
        }
        // The fast solver: the same count and a valid first solution.
        let f = solve(&grid, &SolveOptions { solver: SolverKind::Fast, limit, ..SolveOptions::default() });
        counts.push((f.solutions, f.complete));
        if let Some(sol) = &f.solution {
            prop_assert!(common::validate(&cells, &sol.cells, shape.rows, shape.cols).is_ok());
            prop_assert!(!counts[0].1 || sets[0].contains(&sol.cells));
        }
        prop_assert_eq!(f.solution.is_some(), f.solutions > 0);
        prop_assert!(counts.windows(2).all(|w| w[0] == w[1]), "{:?}", counts);
        if counts[0].1 {
            // Complete: the same solutions, and the independent count agrees.
            prop_assert!(sets.windows(2).all(|w| w[0] == w[1]));
            let brute = brute_count(&mut cells.clone(), shape.rows, shape.cols, limit + 1);
            prop_assert_eq!(brute, counts[0].0);
            prop_assert!(sets[0].contains(&full));
        }
        prop_assert!(n >= 4);
    }

    /// Random 9x9 puzzles made from the sample by blanking givens: same counts (up to 30) and
    /// verdicts for dlx, mrv and fast; backtrack agrees whenever it finishes within its budget.
    #[test]
    fn solvers_agree_on_9x9(index in 0usize..200, blanks in 0usize..12, seed in any::<u64>()) {
        let lines = common::puzzle_lines(&common::read("examples/sudoku/sample-200.txt"));
        let mut grid = parse(&lines[index]).unwrap();
        let givens: Vec<usize> = (0..81).filter(|&k| grid.cells[k] != 0).collect();
        let mut s = seed | 1;
        for _ in 0..blanks {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            grid.cells[givens[(s % givens.len() as u64) as usize]] = 0;
        }
        let opts = |solver| SolveOptions { solver, limit: 30, node_budget: Some(2_000_000), ..SolveOptions::default() };
        let d = solve(&grid, &opts(SolverKind::Dlx));
        let m = solve(&grid, &opts(SolverKind::Mrv));
        let b = solve(&grid, &opts(SolverKind::Backtrack));
        let f = solve(&grid, &SolveOptions { solver: SolverKind::Fast, limit: 30, ..SolveOptions::default() });
        prop_assert!(d.solutions >= 1);
        if d.complete || d.solutions == 30 {
            prop_assert_eq!((d.solutions, d.complete, d.status), (f.solutions, f.complete, f.status));
        }
        if d.complete || d.solutions == 30 {
            if m.complete || m.solutions == 30 {
                prop_assert_eq!(d.solutions, m.solutions);
            }
            if b.complete || b.solutions == 30 {
                prop_assert_eq!(d.solutions, b.solutions);
            }
        }
        for r in [&d, &m, &b, &f] {
            if let Some(sol) = &r.solution {
                prop_assert!(common::validate(&grid.cells, &sol.cells, 3, 3).is_ok());
            }
        }
    }

    /// A whole-tree trace counts the same solutions as a solve, its solution steps are the
    /// solutions, and every dlx step's stack has one option per level.
    #[test]
    fn traces_agree_with_solves(shape in common::small_shapes(), seed in any::<u64>()) {
        let full = common::random_solution(shape, seed);
        let mut cells = full.clone();
        for (k, c) in cells.iter_mut().enumerate() {
            if (seed >> (k % 64)) & 1 == 0 || k % 3 == 0 {
                *c = 0;
            }
        }
        let grid = Grid::new(shape, cells).unwrap();
        for solver in SolverKind::ALL {
            let t = trace_with_limit(&grid, &TraceOptions { solver, max_steps: 1_000_000, ..TraceOptions::default() }, 50);
            let r = solve(&grid, &SolveOptions { solver, limit: 50, ..SolveOptions::default() });
            if t.truncated {
                // Plain backtracking can take more than the step cap on an 8x8 grid with
                // few givens; the other solvers must not.
                prop_assert_eq!(solver, SolverKind::Backtrack);
                continue;
            }
            prop_assert_eq!(t.solutions, r.solutions);
            prop_assert_eq!(t.stats.nodes, r.stats.nodes);
            let sols: Vec<_> = t.steps.iter().filter(|s| s.kind == StepKind::Solution).collect();
            prop_assert_eq!(sols.len() as u64, t.solutions);
            prop_assert_eq!(&sols[0].grid, &r.solution.as_ref().unwrap().to_line());
            if solver == SolverKind::Dlx {
                for s in &t.steps {
                    if matches!(s.kind, StepKind::Choose | StepKind::DeadEnd) {
                        prop_assert_eq!(s.stack.len(), s.depth);
                    }
                    if s.kind == StepKind::Try {
                        prop_assert_eq!(s.stack.len(), s.depth + 1);
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The fast solver against dlx on random puzzles of bigger shapes (3x4, 4x3, 4x4) made
    /// from a random solution with a random share of givens: same verdict and count up to 2,
    /// and a valid first solution.
    #[test]
    fn fast_agrees_with_dlx_on_bigger_shapes(
        shape in prop_oneof![Just(Shape { rows: 3, cols: 4 }), Just(Shape { rows: 4, cols: 3 }), Just(Shape { rows: 3, cols: 3 }), Just(Shape { rows: 4, cols: 4 })],
        seed in any::<u64>(),
        keep in 0.35f64..0.8,
    ) {
        let full = common::random_solution(shape, seed);
        let cells = dlx_testkit::keep_cells(&full, keep, &mut dlx_testkit::XorShift(seed.rotate_left(29) | 1));
        let grid = Grid::new(shape, cells.clone()).unwrap();
        let d = solve(&grid, &SolveOptions { node_budget: Some(200_000), ..SolveOptions::unique(SolverKind::Dlx) });
        let f = solve(&grid, &SolveOptions::unique(SolverKind::Fast));
        prop_assert!(f.solution.is_some());
        prop_assert!(common::validate(&cells, &f.solution.as_ref().unwrap().cells, shape.rows, shape.cols).is_ok());
        if d.status != dlx_sudoku::Status::Incomplete && !(d.status == dlx_sudoku::Status::Solved) {
            prop_assert_eq!((d.status, d.solutions), (f.status, f.solutions));
            if d.status == dlx_sudoku::Status::Unique {
                prop_assert_eq!(&d.solution, &f.solution);
            }
        }
    }
}
