//! The variant readers (f-puzzles JSON and links, our JSON, our text format, and detection):
//! no panic on any text; a puzzle read writes back in every format and reads back the same
//! (through f-puzzles, whose fields come in a fixed order, the same constraints, maybe in
//! another order, and then the same puzzle again); its problem builds and a short search
//! (1,000 nodes) finds only real solutions.
#![no_main]

use dlx_variants::{Format, Limits, parse, parse_as, write};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    // The first byte picks the format to impose, or detection.
    let read = match first % 5 {
        0 => parse(text),
        1 => parse_as(text, Format::FPuzzles),
        2 => parse_as(text, Format::Link),
        3 => parse_as(text, Format::Json),
        _ => parse_as(text, Format::Text),
    };
    let Ok(puzzle) = read else {
        return;
    };
    let sorted = |p: &dlx_variants::Puzzle| {
        let mut v: Vec<String> = p
            .rules()
            .constraints()
            .iter()
            .map(|c| format!("{c:?}"))
            .collect();
        v.sort();
        v
    };
    for f in [Format::FPuzzles, Format::Link, Format::Json, Format::Text] {
        let out = write(&puzzle, f);
        let back = parse_as(&out, f).unwrap_or_else(|e| panic!("{f:?} does not read back: {e}\n{out}"));
        if matches!(f, Format::FPuzzles | Format::Link) {
            assert_eq!(back.givens(), puzzle.givens(), "{f:?}:\n{out}");
            assert_eq!(back.rules().regions(), puzzle.rules().regions(), "{f:?}:\n{out}");
            // Windoku comes back as its windows (extra regions).
            if !puzzle.rules().has(&dlx_variants::Constraint::Windoku) {
                assert_eq!(sorted(&back), sorted(&puzzle), "{f:?}:\n{out}");
            }
            let again = parse_as(&write(&back, f), f).expect("reads back");
            assert_eq!(again, back, "{f:?} is not stable:\n{out}");
        } else {
            assert_eq!(back, puzzle, "{f:?} reads back differently:\n{out}");
        }
    }
    let limits = Limits {
        node_budget: Some(1_000),
        keep: 2,
        ..Limits::default()
    };
    if let Ok(answer) = dlx_variants::solve(&puzzle, &limits) {
        for g in &answer.solutions {
            assert!(puzzle.is_solution(g), "not a solution: {g:?}");
        }
    }
});
