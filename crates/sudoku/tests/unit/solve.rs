//! Unit tests of `src/solve.rs`.

use dlx_sudoku::grid::Grid;
use dlx_sudoku::grid::Shape;
use dlx_sudoku::parse;
use dlx_sudoku::solve::*;
use dlx_time::Instant;
use std::ops::ControlFlow;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn every_solver_finds_the_same_unique_solution() {
    let g = parse(EASY).unwrap();
    let mut answers = Vec::new();
    for solver in SolverKind::ALL {
        let r = solve(&g, &SolveOptions::unique(solver));
        assert_eq!(r.status, Status::Unique, "{solver}");
        assert!(r.complete);
        assert!(r.stats.nodes > 0);
        answers.push(r.solution.unwrap());
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]));
    let s = &answers[0];
    for (a, b) in g.cells.iter().zip(&s.cells) {
        assert!(*a == 0 || a == b);
    }
    assert!(dlx_sudoku::check_givens(s).is_empty());
    assert!(s.is_full());
}

#[test]
fn budgets_make_results_incomplete() {
    let g = Grid::empty(Shape::new(3, 3).unwrap());
    for solver in SolverKind::ALL {
        let opts = SolveOptions {
            solver,
            limit: 0,
            node_budget: Some(50),
            ..SolveOptions::default()
        };
        let r = solve(&g, &opts);
        assert!(!r.complete, "{solver}");
        assert_eq!(r.stop, Stop::NodeBudget, "{solver}");
        assert!(r.stats.nodes <= 50);
    }
}

/// And the empty 4x4 grid has 288 solutions.
#[test]
fn every_solver_says_why_it_stopped() {
    let g = Grid::empty(Shape::new(2, 2).unwrap());
    for solver in SolverKind::EVERY {
        let r = solve(&g, &SolveOptions::unique(solver));
        assert_eq!(
            (r.stop, r.status),
            (Stop::Limit, Status::Multiple),
            "{solver}"
        );
        let r = solve(&g, &SolveOptions::count_all(solver));
        assert_eq!(
            (r.stop, r.solutions, r.complete, r.status),
            (Stop::Complete, 288, true, Status::Multiple),
            "{solver}"
        );
        let past = SolveOptions {
            deadline: Some(Instant::now()),
            limit: 0,
            ..SolveOptions::new(solver)
        };
        let big = Grid::empty(Shape::new(4, 4).unwrap());
        let r = solve(&big, &past);
        assert_eq!(r.stop, Stop::Deadline, "{solver}");
        assert!(!r.complete && r.stop.is_budget());
    }
}

#[test]
fn conflicting_givens_have_no_solution() {
    let g = parse("11..\n....\n....\n....").unwrap();
    for solver in SolverKind::EVERY {
        let r = solve(&g, &SolveOptions::new(solver));
        assert_eq!((r.status, r.complete), (Status::None, true));
        assert_eq!(r.unique(), Some(false));
        // The two givens share a row and a box.
        assert_eq!(r.conflicts.len(), 2, "{solver}");
        assert_eq!(
            r.conflicts[0].to_string(),
            "digit 1 at r1c1 repeats r1c2 in row 1"
        );
    }
}

#[test]
fn visitors_see_every_solution_and_can_stop() {
    struct Collect(Vec<Grid>);
    impl Visitor for Collect {
        fn solution(&mut self, g: &Grid) -> ControlFlow<()> {
            self.0.push(g.clone());
            if self.0.len() == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
    let g = Grid::empty(Shape::new(2, 2).unwrap());
    let mut c = Collect(Vec::new());
    let r = solve_with(&g, &SolveOptions::count_all(SolverKind::Dlx), &mut c);
    assert_eq!(r.solutions, 5);
    assert_eq!(c.0.len(), 5);
    assert!(!r.complete);
    assert_eq!(r.status, Status::Multiple);
    let mut distinct = c.0.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), 5);
}
