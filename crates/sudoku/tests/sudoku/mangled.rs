//! Damaged input: every shipped example and sample, cut, spliced and sprinkled with stray
//! characters, must give either a puzzle that writes back to itself and solves to an answer
//! the independent checker accepts (or an honest "none" or "incomplete"), or an error with
//! a message and, where it names a line, a line of the input. Never a panic.

use std::sync::OnceLock;

use dlx_sudoku::{SolveOptions, SolverKind, check_givens, parse, parse_line, parse_styled};
use proptest::prelude::*;

use crate::common;
#[path = "../../../engine/tests/common/damage.rs"]
mod damage;

/// The texts to damage, read once: every file of `examples/sudoku/` and the first lines of
/// the sample.
fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sudoku");
        let mut out: Vec<String> = std::fs::read_dir(dir)
            .expect("examples/sudoku is shipped")
            .map(|e| e.expect("readable directory").path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .map(|p| std::fs::read_to_string(p).expect("readable example"))
            .collect();
        out.sort();
        let sample = common::read("examples/sudoku/sample-200.txt");
        out.push(sample.lines().take(12).collect::<Vec<_>>().join("\n"));
        out
    })
}

/// What must hold of any text read as one puzzle.
fn read_one(text: &str) -> Result<(), TestCaseError> {
    match parse_styled(text, None) {
        Ok(p) => {
            let g = &p.grid;
            // The puzzle writes back, in its own spelling and plainly, to itself.
            prop_assert_eq!(&parse(&g.to_line()).expect("own line parses"), g);
            prop_assert_eq!(
                &parse(&g.to_line_styled(&p.style)).expect("own spelling parses"),
                g
            );
            if check_givens(g).is_empty() {
                let options = SolveOptions {
                    node_budget: Some(2_000),
                    ..SolveOptions::new(SolverKind::Fast)
                };
                let r = dlx_sudoku::solve(g, &options);
                if let Some(s) = &r.solution {
                    let (rows, cols) = (g.shape.rows, g.shape.cols);
                    prop_assert_eq!(common::validate(&g.cells, &s.cells, rows, cols), Ok(()));
                } else if r.complete {
                    // "No solution" from the fast solver: dancing links agrees whenever it
                    // finishes within its budget.
                    let dlx = dlx_sudoku::solve(
                        g,
                        &SolveOptions {
                            node_budget: Some(20_000),
                            ..SolveOptions::new(SolverKind::Dlx)
                        },
                    );
                    prop_assert!(!dlx.complete || dlx.solution.is_none(), "{}", g.to_line());
                }
            }
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            if let Some(line) = e.line() {
                prop_assert!(line >= 1 && line <= text.lines().count().max(1), "{e}");
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn damaged_puzzles_are_read_or_refused_with_a_place(
        pick in any::<prop::sample::Index>(),
        edits in damage::edits(vec!['.', '0', '1', '2', '3', '4', '7', '9'], damage::stray()),
    ) {
        let all = seeds();
        let text = damage::damage(&all[pick.index(all.len())], &edits);
        read_one(&text)?;
        // As a file of puzzles, line by line: each line is a puzzle, nothing, or an error
        // that names that line.
        for (k, line) in text.lines().enumerate() {
            match parse_line(line, k + 1, None) {
                Ok(Some(p)) => {
                    prop_assert_eq!(&parse(&p.grid.to_line()).expect("own line parses"), &p.grid);
                }
                Ok(None) => {}
                Err(e) => prop_assert_eq!(e.line(), Some(k + 1), "{}", e),
            }
        }
    }
}
