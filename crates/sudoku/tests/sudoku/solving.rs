//! Every solver on the shared puzzle sets, every supported size, and known counts; every
//! answer checked by the independent validator of `common`.

use crate::common;

use common::{puzzle_lines, validate};
use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Status, parse, parse_with_shape, solve};

/// Solves `grid` with `options` and checks the answer independently; returns the status.
fn solve_and_check(grid: &Grid, options: &SolveOptions, what: &str) -> Status {
    let r = solve(grid, options);
    if let Some(s) = &r.solution {
        validate(&grid.cells, &s.cells, grid.shape.rows, grid.shape.cols)
            .unwrap_or_else(|e| panic!("{what} ({}): wrong answer: {e}", options.solver));
    }
    r.status
}

/// A sample of a shared set, every `every`-th puzzle (or of the crate's own sample when the
/// shared data is absent): `dlx`, `mrv` and `fast` prove every sampled puzzle unique;
/// `backtrack` solves the first few within a node budget.
fn sample_set(file: &str, every: usize) {
    let (text, name, every) = match common::shared("data/sudoku") {
        Some(dir) => (
            std::fs::read_to_string(dir.join(file)).unwrap(),
            file.to_string(),
            every,
        ),
        // The step is for the shared sets; 50 of the 200 puzzles of the sample.
        None => (
            common::read("examples/sudoku/sample-200.txt"),
            "sample-200.txt".to_string(),
            4,
        ),
    };
    let lines = puzzle_lines(&text);
    let sample: Vec<&String> = lines.iter().step_by(every).collect();
    assert!(sample.len() >= 40, "{name}: sample of {}", sample.len());
    for (k, line) in sample.iter().enumerate() {
        let g = parse(line).unwrap_or_else(|e| panic!("{name}: {line}: {e}"));
        for solver in [SolverKind::Dlx, SolverKind::Mrv, SolverKind::Fast] {
            let st = solve_and_check(&g, &SolveOptions::unique(solver), line);
            assert_eq!(st, Status::Unique, "{name}: {line} with {solver}");
        }
        if k < 5 {
            let opts = SolveOptions {
                node_budget: Some(3_000_000),
                ..SolveOptions::new(SolverKind::Backtrack)
            };
            let st = solve_and_check(&g, &opts, line);
            assert!(
                matches!(st, Status::Solved | Status::Incomplete),
                "{name}: {line}: {st}"
            );
        }
    }
}

#[test]
fn sample_of_17_clue() {
    sample_set("17-clue.txt", 1229);
}

#[test]
fn sample_of_magictour_top1465() {
    sample_set("magictour-top1465.txt", 29);
}

#[test]
fn sample_of_forum_hardest() {
    sample_set("forum-hardest-1905-11plus.txt", 1219);
}

#[test]
fn the_crates_own_sample_is_solved_by_dlx() {
    let text = common::read("examples/sudoku/sample-200.txt");
    let lines = puzzle_lines(&text);
    assert_eq!(lines.len(), 200);
    for line in &lines {
        let g = parse(line).unwrap();
        assert_eq!(
            solve_and_check(&g, &SolveOptions::unique(SolverKind::Dlx), line),
            Status::Unique
        );
    }
}

/// The shape written in a `# RxC` comment of `sizes.txt`.
fn shape_of(line: &str) -> Shape {
    let word = line
        .split('#')
        .nth(1)
        .and_then(|c| c.split_whitespace().next())
        .unwrap();
    word.parse().unwrap()
}

#[test]
fn every_size_and_box_shape_with_every_solver() {
    let text = common::read("testdata/sudoku/sizes.txt");
    let mut sizes = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let shape = shape_of(line);
        let g = parse_with_shape(line, Some(shape)).unwrap();
        assert_eq!(g.shape, shape);
        sizes.insert(g.n());
        for solver in [SolverKind::Dlx, SolverKind::Fast] {
            let st = solve_and_check(&g, &SolveOptions::unique(solver), line);
            assert_eq!(st, Status::Unique, "{line} with {solver}");
        }
        // The backtracking solvers blow up on big minimal puzzles (that is the articles'
        // point): they must prove small ones unique, and may run out of budget on big ones.
        for (solver, sure_up_to) in [(SolverKind::Mrv, 10), (SolverKind::Backtrack, 8)] {
            let opts = SolveOptions {
                node_budget: Some(2_000_000),
                ..SolveOptions::unique(solver)
            };
            let st = solve_and_check(&g, &opts, line);
            if g.n() <= sure_up_to {
                assert_eq!(st, Status::Unique, "{line} with {solver}");
            } else {
                assert!(
                    matches!(st, Status::Unique | Status::Solved | Status::Incomplete),
                    "{line} with {solver}: {st}"
                );
            }
        }
    }
    assert_eq!(
        sizes.into_iter().collect::<Vec<_>>(),
        vec![4, 6, 8, 10, 12, 16]
    );
}

#[test]
fn big_grids_25_36_and_64() {
    let text = common::read("testdata/sudoku/big.txt");
    let mut sizes = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let g = parse(line).unwrap();
        sizes.push(g.n());
        let st = solve_and_check(
            &g,
            &SolveOptions::unique(SolverKind::Dlx),
            &format!("{}x{}", g.n(), g.n()),
        );
        assert_eq!(st, Status::Unique);
    }
    assert_eq!(sizes, vec![25, 36, 64]);
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let g = Grid::empty(Shape::new(2, 2).unwrap());
    for solver in SolverKind::EVERY {
        let r = solve(&g, &SolveOptions::count_all(solver));
        assert_eq!((r.solutions, r.complete), (288, true), "{solver}");
    }
}

/// 28,200,960 grids of 6x6 with 2x3 boxes; relabelling digits is a bijection, so fixing
/// the first row to 1..6 leaves 28,200,960 / 720 = 39,168.
#[test]
fn six_by_six_with_a_fixed_first_row_has_39168_solutions() {
    for shape in [Shape::new(2, 3).unwrap(), Shape::new(3, 2).unwrap()] {
        let mut g = Grid::empty(shape);
        for c in 0..6 {
            g.cells[c] = c as u8 + 1;
        }
        for solver in SolverKind::EVERY {
            let r = solve(&g, &SolveOptions::count_all(solver));
            assert_eq!(
                (r.solutions, r.complete),
                (39_168, true),
                "{shape} {solver}"
            );
        }
    }
}

/// The whole count: slow in debug builds, a few seconds in release
/// (`cargo test -- --ignored`).
#[test]
#[ignore]
fn the_empty_6x6_grid_has_28200960_solutions() {
    let g = Grid::empty(Shape::new(2, 3).unwrap());
    let r = solve(&g, &SolveOptions::count_all(SolverKind::Dlx));
    assert_eq!((r.solutions, r.complete), (28_200_960, true));
}

#[test]
fn counting_up_to_a_limit_and_unique() {
    // Remove givens from a unique puzzle until it has several solutions.
    let mut g =
        parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
            .unwrap();
    for k in [2, 4, 6, 9, 12, 14, 17, 19, 21, 23, 27, 28] {
        g.cells[k] = 0;
    }
    let all = solve(&g, &SolveOptions::count_all(SolverKind::Dlx));
    assert!(all.complete && all.solutions > 2, "{}", all.solutions);
    for solver in SolverKind::EVERY {
        let r = solve(&g, &SolveOptions::count_all(solver));
        assert_eq!(r.solutions, all.solutions, "{solver}");
        let r = solve(&g, &SolveOptions::unique(solver));
        assert_eq!(
            (r.status, r.solutions, r.complete),
            (Status::Multiple, 2, false)
        );
        let r = solve(
            &g,
            &SolveOptions {
                limit: 2,
                ..SolveOptions::count_all(solver)
            },
        );
        assert_eq!(r.solutions, 2);
    }
}

#[test]
fn a_puzzle_without_solution_is_none_for_every_solver() {
    // Consistent givens, but r1c9 cannot hold anything: row 1 has 1-8, column 9 has 9.
    let mut text = String::from("12345678.");
    text.push_str(&".".repeat(9 * 8 - 1));
    text.push('9');
    let g = parse(&text).unwrap();
    assert!(dlx_sudoku::check_givens(&g).is_empty());
    for solver in SolverKind::EVERY {
        let r = solve(&g, &SolveOptions::unique(solver));
        assert_eq!(
            (r.status, r.solutions, r.complete),
            (Status::None, 0, true),
            "{solver}"
        );
    }
}

#[test]
fn time_limits_stop_the_search() {
    let g = Grid::empty(Shape::new(4, 4).unwrap());
    for solver in SolverKind::EVERY {
        let opts = SolveOptions {
            deadline: Some(std::time::Instant::now()),
            ..SolveOptions::count_all(solver)
        };
        let r = solve(&g, &opts);
        assert!(!r.complete, "{solver}");
    }
}
