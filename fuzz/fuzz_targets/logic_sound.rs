//! `dlx_logic` on a random small puzzle with exactly one solution (found by dancing links,
//! independently of the logic solver): every step it takes places only the solution's digits
//! and never eliminates one; a path that ends solved ends on the solution.
#![no_main]

use dlx_fuzz::{Bytes, sudoku, unique_solution};
use dlx_logic::{Options, Solver, Stop, Technique};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let puzzle = sudoku(&mut bytes);
    let Some(solution) = unique_solution(&puzzle) else {
        return;
    };
    let n = puzzle.n();
    let line = puzzle.to_line();
    // Sometimes without the uniqueness techniques, and sometimes capped below trial.
    let knob = bytes.byte();
    let options = Options {
        max_steps: 2_000,
        max_technique: if knob & 2 == 0 {
            Technique::Trial
        } else {
            Technique::XWing
        },
        uniqueness: knob & 1 == 0,
        ..Options::default()
    };
    let mut solver = Solver::new(&puzzle, &options)
        .unwrap_or_else(|e| panic!("{line}: refused a unique puzzle: {e}"));
    let mut steps = 0;
    while !solver.board().is_solved() && steps < options.max_steps {
        let Some(step) = solver.next_step() else {
            break;
        };
        // a placement is the solution's digit, an elimination any other
        for (cands, placed, wrong) in [
            (&step.placements, true, "places wrongly"),
            (&step.eliminations, false, "eliminates the solution"),
        ] {
            for c in cands {
                let right = solution.cells[c.row * n + c.col] == c.digit;
                assert_eq!(right, placed, "{line}: step {steps} ({}) {wrong}", step.text);
            }
        }
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{line}: step {steps} ({}) does nothing",
            step.text
        );
        solver.apply(&step);
        steps += 1;
    }
    if solver.board().is_solved() {
        assert_eq!(
            solver.board().grid(),
            solution,
            "{line}: solved to another grid"
        );
    }
    let path = dlx_logic::explain(&puzzle, &options).expect("explain a unique puzzle");
    if path.stop == Stop::Solved {
        assert_eq!(
            path.grid, solution,
            "{line}: explain solved to another grid"
        );
    }
});
