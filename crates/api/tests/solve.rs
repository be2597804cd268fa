//! What the page needs from the API instead of knowing Sudoku itself: a puzzle with several
//! solutions answers a second one (the page shows both and where they differ), checked by the
//! test kit's own validator; the logic's path comes with the first candidates and each cell's
//! peers, on which the page replays its steps.

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

#[test]
fn an_explanation_replays_on_its_candidates_and_peers() {
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    for (puzzle, n) in [
        (easy, 9),
        ("1...3..4.3....2.", 4),
        ("3.5...4....5....6....2.45.2.3...4...", 6),
    ] {
        let req: dlx_logic::ExplainRequest =
            serde_json::from_value(serde_json::json!({ "puzzle": puzzle })).unwrap();
        let r = dlx_api::logic::explain(&req, &mut Run::new(Budget::unlimited(), &Caps::browser()))
            .unwrap();
        let given = dlx_testkit::parse_line(puzzle, n);
        // Peers: the cells sharing a row, a column or a box (n - 1 + n - 1 + the box's others).
        let (rows, cols) = match n {
            9 => (3, 3),
            6 => (2, 3),
            _ => (2, 2),
        };
        let boxed = |k: usize| (k / n / rows, k % n / cols);
        for (k, p) in r.peers.iter().enumerate() {
            let want: Vec<usize> = (0..n * n)
                .filter(|&j| j != k && (j / n == k / n || j % n == k % n || boxed(j) == boxed(k)))
                .collect();
            assert_eq!(p, &want, "{puzzle}: the peers of cell {k}");
        }
        // The path replayed: each placement is a candidate of its cell at its step, and the
        // grid at the end is the path's.
        let mut grid = given.clone();
        let mut cands: Vec<Vec<u8>> = r.candidates.clone();
        for s in &r.path.steps {
            for e in &s.eliminations {
                cands[e.row * n + e.col].retain(|&d| d != e.digit);
            }
            for p in &s.placements {
                let k = p.row * n + p.col;
                assert!(
                    cands[k].contains(&p.digit),
                    "{puzzle}: {} not a candidate",
                    p.digit
                );
                grid[k] = p.digit;
                cands[k].clear();
                for &j in &r.peers[k] {
                    cands[j].retain(|&d| d != p.digit);
                }
            }
        }
        assert_eq!(grid, r.path.grid.cells, "{puzzle}");
        assert!(grid.iter().all(|&v| v != 0), "{puzzle} solved by logic");
        let shape = dlx_testkit::Shape::new(rows, cols);
        dlx_testkit::validate(shape, &given, &grid).unwrap_or_else(|e| panic!("{puzzle}: {e}"));
    }
}
