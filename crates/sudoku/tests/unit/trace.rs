//! Unit tests of `src/trace.rs`.

use dlx_sudoku::grid::Grid;
use dlx_sudoku::parse;
use dlx_sudoku::solve::SolverKind;
use dlx_sudoku::trace::*;

/// A 4x4 puzzle that needs a guess.
const P4: &str = "1.......2.......";

#[test]
fn traces_end_with_the_solution_that_solve_finds() {
    let g = parse(P4).unwrap();
    for solver in SolverKind::ALL {
        let t = trace(
            &g,
            &TraceOptions {
                solver,
                ..TraceOptions::default()
            },
        );
        let last = t.steps.last().unwrap();
        assert_eq!(last.kind, StepKind::Solution, "{solver}");
        let r = dlx_sudoku::solve(
            &g,
            &dlx_sudoku::SolveOptions {
                solver,
                ..Default::default()
            },
        );
        assert_eq!(last.grid, r.solution.unwrap().to_line(), "{solver}");
        assert!(!t.truncated);
        // Every Try places its digit in the grid of its step.
        for s in t.steps.iter().filter(|s| s.kind == StepKind::Try) {
            let (r, c) = s.cell.unwrap();
            let d = s.digit.unwrap();
            assert_eq!(parse(&s.grid).unwrap().get(r, c), d);
        }
    }
}

#[test]
fn dlx_choices_match_the_live_candidates() {
    // The number of options the engine reports equals the candidates listed in the text.
    let g =
        parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
            .unwrap();
    let t = trace(&g, &TraceOptions::default());
    for s in t.steps.iter().filter(|s| s.kind == StepKind::Choose) {
        let listed = s.text.split('(').nth(1).unwrap().trim_end_matches(')');
        assert_eq!(listed.split(' ').count(), s.options.unwrap(), "{}", s.text);
        assert_eq!(s.stack.len(), s.depth);
    }
    // Every step but a solution names its item, and its sentence starts with it (or says
    // what is dead).
    for s in &t.steps {
        let item = s.item.as_deref();
        assert_eq!(item.is_none(), s.kind == StepKind::Solution, "{}", s.text);
        if let (Some(item), StepKind::Choose | StepKind::Try) = (item, s.kind) {
            assert!(s.text.starts_with(item), "{}", s.text);
        }
    }
}

#[test]
fn the_cap_cuts_and_says_so() {
    let g = Grid::empty(dlx_sudoku::Shape::new(3, 3).unwrap());
    for solver in SolverKind::ALL {
        let t = trace_with_limit(
            &g,
            &TraceOptions {
                solver,
                max_steps: 25,
                ..TraceOptions::default()
            },
            0,
        );
        assert_eq!(t.steps.len(), 25);
        assert!(t.truncated);
    }
}
