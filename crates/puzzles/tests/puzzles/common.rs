//! Helpers shared by the topics.

use std::path::PathBuf;

use dlx_engine::{Config, Links, OnSolution, Search};
use dlx_puzzles::Puzzle;

/// `/work/shared/data/xcc` seen from this crate, or `None` (with a note) if it is absent.
pub fn shared_xcc() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/xcc"
    ));
    if dir.is_dir() {
        Some(dir)
    } else {
        note(&format!("{} is missing; skipping", dir.display()));
        None
    }
}

/// The repository's `testdata/xcc/` folder (small copies of the shared exact-cover inputs).
pub fn testdata() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xcc"))
}

/// A file's text with its comment lines (those starting with `|`) removed.
pub fn without_comments(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Solves `puzzle` completely, checking every solution with the puzzle's validator (and the
/// engine's independent checker); returns the number of solutions.
pub fn count_checked<P: Puzzle>(puzzle: &P) -> u64 {
    let problem = puzzle.problem();
    let mut links = Links::new(problem, Config::default());
    let mut seen = 0u64;
    let outcome = links.run(&mut OnSolution(|s: &[dlx_engine::OptionId]| {
        dlx_engine::reference::check(problem, s).expect("engine solution is an exact cover");
        let board = puzzle.decode(s).expect("solution decodes");
        if let Err(e) = puzzle.check(&board) {
            panic!("{e}\n{board}");
        }
        seen += 1;
        std::ops::ControlFlow::Continue(())
    }));
    assert!(outcome.is_complete());
    assert_eq!(outcome.stats.solutions, seen);
    seen
}

/// Counts the solutions without decoding them.
pub fn count<P: Puzzle>(puzzle: &P) -> u64 {
    let out = Links::new(puzzle.problem(), Config::default()).count();
    assert!(out.is_complete());
    out.stats.solutions
}

/// Prints a note on stderr even while the test harness captures the output of tests (it
/// captures `eprintln!`), so that a skipped part of a test shows in the run's output.
fn note(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "note: {text}");
}
