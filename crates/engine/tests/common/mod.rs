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
            let mut items = b.primaries((0..np).map(|k| format!("p{k}"))).unwrap();
            items.extend(b.secondaries((0..ns).map(|k| format!("s{k}"))).unwrap());
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

/// What the suites written once for every algorithm need to know of one, beyond [`Search`]:
/// how it runs under `ParallelSearch`, how its figures compare with Knuth's program that
/// makes the same choices, and where it differs by design.
///
/// [`Search`]: dlx_engine::Search
pub trait Engine: dlx_engine::Search {
    /// The algorithm, for `ParallelSearch` and the shards.
    const ALGORITHM: dlx_engine::Algorithm;
    /// Knuth's program with the same choices (DLX1 for links, SSXCC for cells).
    const KNUTH: &'static str;
    /// Inputs whose tree (by `knuth_nodes`) is larger are left to the benchmarks and, for
    /// links, to `../shared/checks/xcc-expected`, which the CLI's `shared_checks` test runs on
    /// every shared input (solutions, nodes and updates against DLX1's).
    const MAX_TEST_NODES: u64;
    /// Whether forced moves (items with one option left) are committed in batches without a
    /// branch node (cells), rather than being a level of the search like any other (links).
    const BATCHES_FORCED_MOVES: bool;
    /// Whether pieces of a split add up to the sequential search exactly, forced moves and
    /// updates too (links), or only within 3% (cells: a sparse set is restored by its size,
    /// not its order, so a replayed piece meets its options in another order).
    const EXACT_WORK_IN_PIECES: bool;
    /// The node budget of the parallel budget test (links nodes are cheaper, so more of them).
    const PARALLEL_BUDGET: u64;
    /// The least number of repo samples (`testdata/xcc`) with this algorithm's Knuth figures
    /// that the exact-match test must run.
    const REPO_FIGURES: usize;
    /// The same for the shared inputs (`../shared/data/xcc`), when present.
    const SHARED_FIGURES: usize;
    /// Knuth's node count for `want`, if listed.
    fn knuth_nodes(want: &Expected) -> Option<u64>;
    /// Knuth's update count for `want`, when this algorithm's updates must equal it.
    fn knuth_updates(want: &Expected) -> Option<u64>;
    /// Our nodes counted as Knuth's program counts them.
    fn nodes_as_knuth(stats: &dlx_engine::Stats) -> u64;
    /// Checks every invariant of the search state.
    fn validate(&self) -> Result<(), String>;

    /// Whether `a` and `b` are the same amount of work (forced moves, updates) for a search
    /// split into pieces: equal, or within 3% (see [`Engine::EXACT_WORK_IN_PIECES`]).
    fn same_work(a: u64, b: u64) -> bool {
        if Self::EXACT_WORK_IN_PIECES {
            a == b
        } else {
            a.abs_diff(b) * 1000 <= b * 30
        }
    }
}

impl Engine for dlx_engine::Links {
    const ALGORITHM: dlx_engine::Algorithm = dlx_engine::Algorithm::Links;
    const KNUTH: &'static str = "DLX1";
    const MAX_TEST_NODES: u64 = 1_000_000;
    const BATCHES_FORCED_MOVES: bool = false;
    const EXACT_WORK_IN_PIECES: bool = true;
    const PARALLEL_BUDGET: u64 = 2000;
    const REPO_FIGURES: usize = 9;
    const SHARED_FIGURES: usize = 18;
    fn knuth_nodes(want: &Expected) -> Option<u64> {
        want.dlx1_nodes
    }
    fn knuth_updates(want: &Expected) -> Option<u64> {
        want.dlx1_updates
    }
    fn nodes_as_knuth(stats: &dlx_engine::Stats) -> u64 {
        stats.nodes
    }
    fn validate(&self) -> Result<(), String> {
        dlx_engine::Links::validate(self)
    }
}

impl Engine for dlx_engine::Cells {
    const ALGORITHM: dlx_engine::Algorithm = dlx_engine::Algorithm::Cells;
    const KNUTH: &'static str = "SSXCC";
    const MAX_TEST_NODES: u64 = 400_000;
    const BATCHES_FORCED_MOVES: bool = true;
    const EXACT_WORK_IN_PIECES: bool = false;
    const PARALLEL_BUDGET: u64 = 1000;
    const REPO_FIGURES: usize = 5;
    const SHARED_FIGURES: usize = 15;
    fn knuth_nodes(want: &Expected) -> Option<u64> {
        want.ssxcc_nodes
    }
    fn knuth_updates(_: &Expected) -> Option<u64> {
        None
    }
    /// SSXCC counts a forced move as a node.
    fn nodes_as_knuth(stats: &dlx_engine::Stats) -> u64 {
        stats.nodes + stats.forced
    }
    fn validate(&self) -> Result<(), String> {
        dlx_engine::Cells::validate(self)
    }
}

include!("for_each_engine.rs");

/// The n-queens problem as Knuth encodes it: rows and columns primary, diagonals secondary.
pub fn queens(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let rows = b.primaries((0..n).map(|r| format!("r{r}"))).unwrap();
    let cols = b.primaries((0..n).map(|c| format!("c{c}"))).unwrap();
    let up = b
        .secondaries((0..2 * n - 1).map(|d| format!("a{d}")))
        .unwrap();
    let down = b
        .secondaries((0..2 * n - 1).map(|d| format!("b{d}")))
        .unwrap();
    for r in 0..n {
        for c in 0..n {
            b.option(&[
                (rows[r], None),
                (cols[c], None),
                (up[r + c], None),
                (down[n - 1 + r - c], None),
            ])
            .unwrap();
        }
    }
    b.build()
}

/// Langford pairs: place two copies of each of 1..=n in 2n slots, k copies k apart.
pub fn langford(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let values = b.primaries((1..=n).map(|v| format!("v{v}"))).unwrap();
    let slots = b.primaries((0..2 * n).map(|s| format!("s{s}"))).unwrap();
    for v in 1..=n {
        for s in 0..2 * n - v - 1 {
            b.option(&[
                (values[v - 1], None),
                (slots[s], None),
                (slots[s + v + 1], None),
            ])
            .unwrap();
        }
    }
    b.build()
}
