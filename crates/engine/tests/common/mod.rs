//! Test data shared by the engine's integration tests and benchmarks: the repository's small
//! exact-cover samples (`testdata/xcc`), the shared suite when `../shared` is present, and
//! their expected figures (`expected.toml`: solutions, DLX1's nodes and updates, SSXCC's
//! nodes); random problems for the property tests.

// Each test binary and benchmark uses a part of this module.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use dlx_engine::{OptionId, Problem, ProblemBuilder, format};
use proptest::prelude::*;

/// The repository's samples: always present.
pub fn repo_testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/xcc")
}

/// The shared inputs, when `../shared` is present.
pub fn shared_xcc() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xcc");
    p.join("expected.toml").exists().then_some(p)
}

/// The expected figures of one input (absent keys are `None`).
#[derive(Clone, Debug, Default)]
pub struct Expected {
    /// The number of solutions.
    pub solutions: Option<u64>,
    /// Knuth's DLX1: search-tree nodes.
    pub dlx1_nodes: Option<u64>,
    /// Knuth's DLX1: updates.
    pub dlx1_updates: Option<u64>,
    /// Knuth's SSXCC: search-tree nodes (branch nodes plus forced moves).
    pub ssxcc_nodes: Option<u64>,
}

/// Every input listed in `dir/expected.toml`, in the file's order, or `None` if it cannot be
/// read.
pub fn expected(dir: &Path) -> Option<Vec<(String, Expected)>> {
    let text = std::fs::read_to_string(dir.join("expected.toml")).ok()?;
    let table: toml::Table = toml::from_str(&text).ok()?;
    Some(
        table
            .iter()
            .map(|(name, want)| {
                let get = |k: &str| want.get(k).and_then(|v| v.as_integer()).map(|v| v as u64);
                let e = Expected {
                    solutions: get("solutions"),
                    dlx1_nodes: get("dlx1_nodes"),
                    dlx1_updates: get("dlx1_updates"),
                    ssxcc_nodes: get("ssxcc_nodes"),
                };
                (name.clone(), e)
            })
            .collect(),
    )
}

/// The problem `dir/name.dlx`, or `None` if it is missing or does not parse.
pub fn load(dir: &Path, name: &str) -> Option<Problem> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.dlx"))).ok()?;
    Some(format::parse(&text).ok()?.0)
}

/// A repository sample (they are always there).
pub fn repo_problem(name: &str) -> Problem {
    load(&repo_testdata(), name).unwrap_or_else(|| panic!("testdata/xcc/{name}.dlx"))
}

/// An input and its expected figures, from the shared suite if present, else from the
/// repository's samples (for benchmarks).
pub fn find(name: &str) -> Option<(Problem, Expected)> {
    let dirs = shared_xcc().into_iter().chain([repo_testdata()]);
    for dir in dirs {
        if let Some(p) = load(&dir, name) {
            let want = expected(&dir)?
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, e)| e)?;
            return Some((p, want));
        }
    }
    None
}

/// A random XCC problem: a number of primary and of secondary items drawn from the ranges,
/// options of `len` items (repeats dropped), secondary items uncolored or with one of
/// `colors` colors. Options without a primary item are rejected by the builder and left out.
pub fn arb_problem(
    primary: Range<usize>,
    secondary: Range<usize>,
    options: Range<usize>,
    len: Range<usize>,
    colors: usize,
) -> impl Strategy<Value = Problem> {
    (primary, secondary, options)
        .prop_flat_map(move |(np, ns, no)| {
            let entry = (0..np + ns, 0..=colors);
            let option = proptest::collection::vec(entry, len.clone());
            (Just(np), Just(ns), proptest::collection::vec(option, no))
        })
        .prop_map(move |(np, ns, options)| {
            let mut b = ProblemBuilder::new();
            let mut items: Vec<_> = (0..np)
                .map(|k| b.primary(&format!("p{k}")).unwrap())
                .collect();
            items.extend((0..ns).map(|k| b.secondary(&format!("s{k}")).unwrap()));
            let palette: Vec<_> = (0..colors).map(|k| b.color(&format!("c{k}"))).collect();
            for option in options {
                let mut seen = BTreeSet::new();
                let entries: Vec<_> = option
                    .into_iter()
                    .filter(|(i, _)| seen.insert(*i))
                    .map(|(i, c)| {
                        let color = (i >= np && c > 0).then(|| palette[c - 1]);
                        (items[i], color)
                    })
                    .collect();
                let _ = b.option(&entries);
            }
            b.build()
        })
}

/// Solutions in a canonical order (options sorted within each, then the solutions), to
/// compare searches that meet them in different orders.
pub fn sorted(mut sols: Vec<Vec<OptionId>>) -> Vec<Vec<OptionId>> {
    for s in &mut sols {
        s.sort();
    }
    sols.sort();
    sols
}

/// Prints a note on stderr even while the test harness captures the output of tests (it
/// captures `eprintln!`), so that a skipped part of a test shows in the run's output.
pub fn note(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "note: {text}");
}

/// Runs a search of either algorithm on `problem` to the end, checking every solution with
/// the independent checker, and returns the search (to look at its state) and its outcome;
/// panics, naming `name`, on an invalid solution or an incomplete search.
pub fn run_checked<S: dlx_engine::Search>(
    problem: &Problem,
    name: &str,
) -> (S, dlx_engine::Outcome) {
    use std::ops::ControlFlow;
    let mut search = S::new(problem, dlx_engine::Config::default());
    let mut bad = None;
    let out = search.run(&mut dlx_engine::OnSolution(|s: &[OptionId]| {
        if let Err(e) = dlx_engine::reference::check(problem, s) {
            bad = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }));
    assert_eq!(bad, None, "{name}: invalid solution");
    assert!(out.is_complete(), "{name}");
    (search, out)
}
