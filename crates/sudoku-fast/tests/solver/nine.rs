//! The 9x9 paths: fast (BMI2 when present), portable, generic and the reference counter
//! must agree; every solution is validated.

use dlx_sudoku_fast::{
    Answer9, Shape, solve, solve_generic, solve9, solve9_budget, solve9_portable,
};

use crate::common::{XorShift, load9, reference_count, shared, testdata, validate};

const SHAPE: Shape = Shape { rows: 3, cols: 3 };

const SETS: [&str; 3] = ["17-clue", "magictour-top1465", "forum-hardest-1905-11plus"];

/// Solves with the three paths at `limit` and checks they agree; returns the fast answer.
fn agree(p: &[u8; 81], limit: u64) -> Answer9 {
    let fast = solve9(p, limit);
    let portable = solve9_portable(p, limit, None);
    assert_eq!(fast, portable, "fast and portable differ on {p:?}");
    let generic = solve_generic(SHAPE, p, limit, None).unwrap();
    assert_eq!(
        fast.solutions, generic.solutions,
        "fast and generic counts differ on {p:?}"
    );
    if let Some(g) = &fast.solution {
        validate(SHAPE, p, g);
    }
    if let Some(g) = &generic.solution {
        validate(SHAPE, p, g);
    }
    if fast.solutions == 1 && limit > 1 {
        // Unique: both paths must have found the same grid.
        assert_eq!(fast.solution.map(|g| g.to_vec()), generic.solution);
    }
    fast
}

fn check_set(puzzles: &[[u8; 81]]) {
    for p in puzzles {
        let one = agree(p, 1);
        assert_eq!(one.solutions, 1);
        let two = agree(p, 2);
        assert_eq!(two.solutions, 1, "the sets hold unique puzzles");
        assert_eq!(one.solution, two.solution);
    }
}

#[test]
fn testdata_samples_agree() {
    for set in SETS {
        let puzzles = load9(testdata(&format!("{set}-sample.txt")), 1);
        assert_eq!(puzzles.len(), 200);
        check_set(&puzzles);
    }
}

#[test]
fn shared_sets_agree() {
    for (set, step) in [
        ("17-clue", 97),
        ("magictour-top1465", 7),
        ("forum-hardest-1905-11plus", 97),
    ] {
        if let Some(path) = shared(&format!("sudoku/{set}.txt")) {
            check_set(&load9(&path, step));
        }
    }
}

/// Removing givens from unique puzzles gives puzzles with a few solutions: full counts of
/// all paths and of the reference counter agree.
#[test]
fn counts_agree_with_reference_after_removing_givens() {
    let mut rng = XorShift(0x5EED_0001);
    let puzzles = load9(testdata("forum-hardest-1905-11plus-sample.txt"), 4);
    let mut multi = 0;
    for p in &puzzles {
        let mut q = *p;
        let givens: Vec<usize> = (0..81).filter(|&i| q[i] != 0).collect();
        for _ in 0..1 + rng.below(2) {
            q[givens[rng.below(givens.len())]] = 0;
        }
        let want = reference_count(SHAPE, &q, 100_000);
        let got = agree(&q, u64::MAX);
        assert_eq!(got.solutions, want, "count on {q:?}");
        assert!(got.complete);
        let two = agree(&q, 2);
        assert_eq!(two.solutions, want.min(2));
        multi += (want > 1) as usize;
    }
    assert!(
        multi > 10,
        "the sample should include puzzles with several solutions"
    );
}

#[test]
fn conflicting_givens_have_no_solution() {
    let base = load9(testdata("17-clue-sample.txt"), 1)[0];
    let mut cases = Vec::new();
    // Same digit twice in a row, a column, a box.
    for (a, b) in [(0, 8), (0, 72), (0, 20)] {
        let mut g = [0u8; 81];
        g[a] = 5;
        g[b] = 5;
        cases.push(g);
    }
    // A given that contradicts the unique solution of a puzzle, in a cell that is blank.
    let sol = solve9(&base, 1).solution.unwrap();
    let blank = (0..81).find(|&i| base[i] == 0).unwrap();
    let mut g = base;
    g[blank] = sol[blank] % 9 + 1;
    cases.push(g);
    // A row whose last cell has no candidate left: 1..8 in the row, 9 below it.
    let mut g = [0u8; 81];
    for (c, v) in g.iter_mut().take(8).enumerate() {
        *v = c as u8 + 1;
    }
    g[9 * 4 + 8] = 9;
    cases.push(g);
    for g in &cases {
        assert_eq!(reference_count(SHAPE, g, 1), 0);
        let a = agree(g, u64::MAX);
        assert_eq!(a.solutions, 0);
        assert_eq!(a.solution, None);
        assert!(a.complete);
    }
    // Out-of-range values: no solution from solve9, an error from solve.
    let mut g = [0u8; 81];
    g[3] = 10;
    assert_eq!(solve9(&g, 1).solutions, 0);
    assert!(solve(SHAPE, &g, 1, None).is_err());
}

#[test]
fn budget_stops_counting_an_empty_grid() {
    let empty = [0u8; 81];
    for a in [
        solve9_budget(&empty, u64::MAX, Some(500)),
        solve9_portable(&empty, u64::MAX, Some(500)),
    ] {
        assert!(!a.complete);
        assert_eq!(a.guesses, 500);
        assert!(a.solutions > 0);
        validate(SHAPE, &empty, &a.solution.unwrap());
    }
    let g = solve_generic(SHAPE, &empty, u64::MAX, Some(500)).unwrap();
    assert!(!g.complete);
    assert_eq!(g.guesses, 500);
    // A budget that is enough leaves the answer complete.
    let p = load9(testdata("17-clue-sample.txt"), 1)[3];
    let a = solve9_budget(&p, 2, Some(1_000_000));
    assert!(a.complete);
    assert_eq!(a.solutions, 1);
}

#[test]
fn limit_zero_finds_nothing() {
    let p = load9(testdata("17-clue-sample.txt"), 1)[0];
    assert_eq!(solve9(&p, 0).solutions, 0);
    assert_eq!(solve(SHAPE, &p, 0, None).unwrap().solutions, 0);
}

#[test]
fn solve_dispatches_to_the_fast_path() {
    let p = load9(testdata("magictour-top1465-sample.txt"), 1)[7];
    let a = solve(SHAPE, &p, 2, None).unwrap();
    let f = solve9(&p, 2);
    assert_eq!(a.guesses, f.guesses);
    assert_eq!(a.solution, f.solution.map(|g| g.to_vec()));
}
