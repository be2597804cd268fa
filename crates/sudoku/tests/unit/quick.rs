//! Unit tests of `src/quick.rs`.

use dlx_sudoku::parse;
use dlx_sudoku::quick::*;
use dlx_sudoku::solve;
use dlx_sudoku::solve::SolveOptions;
use dlx_sudoku::solve::SolverKind;
use dlx_sudoku::solve::Status;

#[test]
fn the_quick_path_agrees_with_solve() {
    let line =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. # easy";
    let options = SolveOptions::unique(SolverKind::Fast);
    let mut out = Vec::new();
    assert_eq!(
        solve_line9(line.as_bytes(), &options, &mut out),
        Some(Status::Unique)
    );
    let r = solve(&parse(&line[..81]).unwrap(), &options);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("{}\n", r.solution.unwrap().to_line())
    );
}

#[test]
fn other_options_and_lines_take_the_general_path() {
    let line = b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let mut out = Vec::new();
    assert_eq!(
        solve_line9(line, &SolveOptions::unique(SolverKind::Dlx), &mut out),
        None
    );
    assert_eq!(
        solve_line9(line, &SolveOptions::count_all(SolverKind::Fast), &mut out),
        None
    );
    // No solution: the general path says why.
    let mut bad = *line;
    bad[1] = b'3';
    assert_eq!(solve_line9(&bad, &SolveOptions::default(), &mut out), None);
    assert!(out.is_empty());
    assert_eq!(
        solve9(&dlx_sudoku::cells9(line).unwrap(), &SolveOptions::default()).solutions,
        1
    );
}
