//! Solving through the API: a puzzle with several solutions answers a second one (the page
//! shows both and where they differ), checked by the test kit's own validator.

use dlx_api::{Budget, Caps, Run};
use dlx_sudoku::SolveRequest;

fn solve(puzzle: &str, solver: &str) -> dlx_api::sudoku::SolveResponse {
    let req: SolveRequest = serde_json::from_value(serde_json::json!({
        "puzzle": puzzle, "solver": solver, "mode": "unique",
    }))
    .unwrap();
    dlx_api::sudoku::solve(&req, &mut Run::new(Budget::unlimited(), &Caps::browser())).unwrap()
}

#[test]
fn two_solutions_are_both_answered_and_a_unique_one_alone() {
    // Easy 9x9 with three givens fewer: more than one solution.
    let two = "53..7........95....98....6.8.......34..8.3..17...2...6......28....419..5.......79";
    let shape = dlx_testkit::Shape::new(3, 3);
    let puzzle = dlx_testkit::parse_line(two, 9);
    for solver in ["dlx", "fast", "mrv", "backtrack"] {
        let r = solve(two, solver);
        assert_eq!(r.unique, Some(false), "{solver}");
        let first = r.solution.expect("a solution");
        let other = r.other_solution.expect("a second solution");
        assert_ne!(first, other, "{solver}");
        for s in [&first, &other] {
            dlx_testkit::validate(shape, &puzzle, &dlx_testkit::parse_line(s, 9))
                .unwrap_or_else(|e| panic!("{solver}: {s}: {e}"));
        }
    }
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let r = solve(easy, "dlx");
    assert_eq!(r.unique, Some(true));
    assert_eq!(r.other_solution, None);
}
