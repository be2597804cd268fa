//! The reduced encoding is exactly Knuth's: on the shared `sudoku-*.dlx` inputs (and the
//! copy of one in `testdata/`), the same items and options in the same order, so the engine's
//! MRV search on it takes DLX1's nodes and updates, as recorded in `expected.toml`.

use crate::common;

use dlx_engine::{ItemId, OptionId, format};
use dlx_sudoku::{SolveOptions, SolverKind, Status, encode, parse, solve};

/// Checks one `.dlx` file whose first line is `| sudoku NxN: PUZZLE`.
fn check(text: &str, nodes: u64, updates: u64, name: &str) {
    let first = text.lines().next().unwrap();
    let puzzle = first.rsplit(' ').next().unwrap();
    let g = parse(puzzle).unwrap();
    let (theirs, _) = format::parse(text).unwrap();
    let ours = encode(&g).unwrap();
    let p = &ours.problem;
    assert_eq!(p.item_count(), theirs.item_count(), "{name}");
    assert_eq!(p.primary_count(), theirs.primary_count(), "{name}");
    for i in 0..p.item_count() {
        let i = ItemId(i as u32);
        assert_eq!(p.item_name(i), theirs.item_name(i), "{name}");
    }
    assert_eq!(p.option_count(), theirs.option_count(), "{name}");
    for o in 0..p.option_count() {
        let o = OptionId(o as u32);
        assert_eq!(
            p.display_option(o).to_string(),
            theirs.display_option(o).to_string(),
            "{name}"
        );
    }
    let r = solve(&g, &SolveOptions::count_all(SolverKind::Dlx));
    assert_eq!((r.status, r.solutions), (Status::Unique, 1), "{name}");
    assert_eq!(
        (r.stats.nodes, r.stats.updates),
        (nodes, updates),
        "{name}: DLX1's counts"
    );
}

#[test]
fn royle17_in_testdata_matches_dlx1() {
    // DLX1 on this input: 65 nodes, 1165 updates (shared/data/xcc/expected.toml).
    check(
        &common::read("testdata/xcc/sudoku-royle17.dlx"),
        65,
        1165,
        "royle17",
    );
}

#[test]
fn every_shared_sudoku_input_matches_dlx1() {
    let Some(dir) = common::shared("data/xcc") else {
        return;
    };
    let expected: toml::Table = std::fs::read_to_string(dir.join("expected.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let mut seen = 0;
    for (name, v) in &expected {
        if !name.starts_with("sudoku-") {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(format!("{name}.dlx"))).unwrap();
        let get = |k: &str| v.get(k).and_then(|x| x.as_integer()).unwrap() as u64;
        check(&text, get("dlx1_nodes"), get("dlx1_updates"), name);
        seen += 1;
    }
    assert_eq!(seen, 7);
}
