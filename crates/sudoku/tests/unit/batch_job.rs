//! Unit tests of `src/batch/job.rs`.

use dlx_sudoku::batch::{LineStatus, SolveJob};
use dlx_sudoku::grid::Shape;
use dlx_sudoku::solve::SolveOptions;
use dlx_sudoku::solve::SolverKind;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn every_way_in_agrees_and_bad_grids_are_invalid() {
    let job = SolveJob {
        options: SolveOptions::unique(SolverKind::Fast),
        ..SolveJob::default()
    };
    let (status, grid) = job.solve_text(EASY);
    assert_eq!(status, LineStatus::Unique);
    let grid = grid.unwrap();
    let cells: Vec<u8> = dlx_sudoku::parse(EASY).unwrap().cells;
    assert_eq!(
        job.solve_cells(Shape { rows: 3, cols: 3 }, &cells).1,
        Some(grid.clone())
    );
    let general = SolveJob {
        options: SolveOptions::unique(SolverKind::Dlx),
        ..SolveJob::default()
    };
    assert_eq!(general.solve_text(EASY), (LineStatus::Unique, Some(grid)));
    let repeats = format!("11{}", &EASY[2..]);
    assert_eq!(job.solve_text(&repeats).0, LineStatus::Invalid);
    assert_eq!(job.solve_text("x").0, LineStatus::Invalid);
    let a = job.solve_line(3, &repeats, false);
    assert!(a.result.unwrap_err().starts_with("digit 1 at r1c1 repeats"));
    assert_eq!(job.solve_text(&".".repeat(81)).0, LineStatus::Multiple);
}
