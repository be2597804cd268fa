//! Integration tests of dancing cells ([`Cells`], Knuth's SSXCC): the data-driven suite with
//! Knuth's counts, property tests against the brute-force reference and against dancing links,
//! and the search controls (stop and resume, budgets, deadline, observer calls).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

use dlx_engine::{
    Cells, Config, Heuristic, ItemId, Links, Observer, OptionId, Problem, ProblemBuilder, Progress,
    Search, Status, format, reference,
};
use proptest::prelude::*;

mod common;

use common::{arb_problem, repo_testdata, shared_xcc, sorted};

/// Inputs whose SSXCC tree is larger than this are left to the benchmarks.
const MAX_TEST_NODES: u64 = 400_000;

/// Runs every input listed in `dir/expected.toml` whose SSXCC tree is small enough: the count
/// must match, every solution must pass the independent checker, and since `Cells` makes
/// exactly SSXCC's choices (MRV, first item of minimum size, forced moves in SSXCC's order),
/// its branch nodes plus forced moves must equal Knuth's SSXCC node count. Returns how many
/// inputs were run.
fn check_expected(dir: &Path) -> usize {
    let mut ran = 0;
    for (name, want) in common::expected(dir).expect("expected.toml") {
        let Some(ssxcc) = want.ssxcc_nodes else {
            continue;
        };
        if ssxcc > MAX_TEST_NODES {
            continue;
        }
        let Some(problem) = common::load(dir, &name) else {
            common::note(&format!("{name}.dlx missing in {}; skipped", dir.display()));
            continue;
        };
        let (cells, out) = common::run_checked::<Cells>(&problem, &name);
        let s = &out.stats;
        assert_eq!(Some(s.solutions), want.solutions, "{name}: solutions");
        assert_eq!(s.nodes + s.forced, ssxcc, "{name}: nodes + forced");
        assert!(s.nodes <= ssxcc, "{name}: more nodes than SSXCC");
        if let Some(dlx1) = want.dlx1_nodes {
            assert!(s.nodes <= dlx1, "{name}: more nodes than DLX1");
        }
        assert_eq!(s.level_nodes.iter().sum::<u64>() + s.solutions, s.nodes);
        assert!(cells.is_done());
        ran += 1;
    }
    ran
}

#[test]
fn repo_samples_match_ssxcc_exactly() {
    let dir = repo_testdata();
    if dir.join("expected.toml").exists() {
        assert!(check_expected(&dir) >= 5);
    } else {
        common::note("testdata/xcc not present; repository samples skipped");
    }
}

#[test]
fn shared_inputs_match_ssxcc_exactly() {
    match shared_xcc() {
        Some(dir) => assert!(check_expected(&dir) >= 15),
        None => common::note("../shared/data/xcc not present; shared exact-cover suite skipped"),
    }
}

/// The n-queens problem as Knuth encodes it: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let rows: Vec<_> = (0..n)
        .map(|r| b.primary(&format!("r{r}")).unwrap())
        .collect();
    let cols: Vec<_> = (0..n)
        .map(|c| b.primary(&format!("c{c}")).unwrap())
        .collect();
    let up: Vec<_> = (0..2 * n - 1)
        .map(|d| b.secondary(&format!("a{d}")).unwrap())
        .collect();
    let down: Vec<_> = (0..2 * n - 1)
        .map(|d| b.secondary(&format!("b{d}")).unwrap())
        .collect();
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
fn langford(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let values: Vec<_> = (1..=n)
        .map(|v| b.primary(&format!("v{v}")).unwrap())
        .collect();
    let slots: Vec<_> = (0..2 * n)
        .map(|s| b.primary(&format!("s{s}")).unwrap())
        .collect();
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

#[test]
fn known_counts_without_data_files() {
    // OEIS A000170 and A014552 (times 2: mirror images are distinct).
    for (n, want) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        let out = Cells::new(&queens(n), Config::default()).count();
        assert_eq!(out.stats.solutions, want, "queens {n}");
    }
    for (n, want) in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)] {
        let out = Cells::new(&langford(n), Config::default()).count();
        assert_eq!(out.stats.solutions, want, "langford {n}");
    }
}

fn config(heuristic: Heuristic) -> Config {
    Config {
        heuristic,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn cells_finds_exactly_the_reference_solutions(problem in arb_problem(1..8, 0..6, 1..16, 1..6, 3)) {
        let want = reference::solutions(&problem);
        for heuristic in [Heuristic::Mrv, Heuristic::Leftmost] {
            let mut cells = Cells::new(&problem, config(heuristic));
            let (got, out) = cells.collect(u64::MAX);
            prop_assert!(out.is_complete());
            prop_assert!(cells.is_done());
            prop_assert_eq!(out.stats.solutions, got.len() as u64);
            for s in &got {
                prop_assert_eq!(reference::check(&problem, s), Ok(()));
            }
            let got = sorted(got);
            let distinct: BTreeSet<_> = got.iter().collect();
            prop_assert_eq!(distinct.len(), got.len(), "a solution was found twice");
            prop_assert_eq!(&got, &want);
            let s = &out.stats;
            prop_assert_eq!(s.level_nodes.iter().sum::<u64>() + s.solutions, s.nodes);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Larger problems than the brute force can check: dancing cells and dancing links find
    /// the same solutions; and with MRV they branch at the same states (both commit every item
    /// with one option before branching, and break ties alike), so their nodes with two or
    /// more options agree, degree by degree (levels differ: a forced move is a level for the
    /// links).
    #[test]
    fn cells_agree_with_links(problem in arb_problem(1..8, 0..6, 1..48, 1..6, 3)) {
        let mut lrec = Recorder::default();
        let mut lsols = Vec::new();
        let lout = Links::new(&problem, Config::default()).run(&mut Collect(&mut lsols, &mut lrec));
        let mut crec = Recorder::default();
        let mut csols = Vec::new();
        let cout = Cells::new(&problem, Config::default()).run(&mut Collect(&mut csols, &mut crec));
        prop_assert!(lout.is_complete() && cout.is_complete());
        prop_assert_eq!(sorted(csols), sorted(lsols));
        prop_assert!(cout.stats.nodes <= lout.stats.nodes);
        let branches = |r: &Recorder| {
            let mut v: Vec<usize> = r.chosen.iter().map(|&(_, d)| d).filter(|&d| d >= 2).collect();
            v.sort();
            v
        };
        prop_assert_eq!(branches(&crec), branches(&lrec));
    }
}

#[test]
fn degenerate_problems() {
    // No primary item: the empty set is the one solution.
    let mut b = ProblemBuilder::new();
    b.secondary("x").unwrap();
    let p = b.build();
    let mut c = Cells::new(&p, Config::default());
    let (sols, out) = c.collect(10);
    assert_eq!(sols, vec![Vec::<OptionId>::new()]);
    assert_eq!(out.stats.nodes, 1);
    // A primary item without options: no solution, one dead-end node.
    let (p, _) = format::parse("a b\na\n").unwrap();
    let out = Cells::new(&p, Config::default()).count();
    assert!(out.is_complete());
    assert_eq!(out.stats.solutions, 0);
    assert_eq!(out.stats.nodes, 1);
    // Everything forced: one solution, found without branching.
    let (p, _) = format::parse("a b c | x\na x:1\nb x:1\nc\n").unwrap();
    let mut c = Cells::new(&p, Config::default());
    let (sols, out) = c.collect(10);
    assert_eq!(sols.len(), 1);
    assert_eq!(out.stats.nodes, 1, "only the solution leaf");
    assert_eq!(out.stats.forced, 3);
    // A color conflict found by forcing alone: no solution, no branch node.
    let (p, _) = format::parse("a b | x\na x:1\nb x:2\n").unwrap();
    let out = Cells::new(&p, Config::default()).count();
    assert_eq!(out.stats.solutions, 0);
    assert_eq!(out.stats.nodes, 0);
}

#[test]
fn stop_at_each_solution_and_resume() {
    let p = queens(7);
    let (all, whole) = Cells::new(&p, Config::default()).collect(u64::MAX);
    assert_eq!(all.len(), 40);
    let mut c = Cells::new(&p, Config::default());
    let mut got = Vec::new();
    loop {
        let (one, out) = c.first();
        c.validate().unwrap();
        match one {
            Some(sol) => {
                assert_eq!(out.status, Status::Stopped);
                assert_eq!(c.partial_solution(), sol);
                got.push(sol);
            }
            None => {
                assert!(out.is_complete());
                break;
            }
        }
    }
    assert_eq!(got, all, "same solutions in the same order");
    assert_eq!(c.stats(), &whole.stats);
    assert_eq!(c.progress_fraction(), 1.0);
}

#[test]
fn node_budget_stops_at_exactly_that_many_nodes() {
    let p = langford(8);
    let whole = Cells::new(&p, Config::default()).count();
    for budget in [1, 7, 100, 500] {
        let mut c = Cells::new(
            &p,
            Config {
                node_budget: Some(budget),
                ..Config::default()
            },
        );
        let out = c.count();
        assert_eq!(out.status, Status::NodeBudget);
        assert_eq!(out.stats.nodes, budget);
        assert!(out.stats.solutions < whole.stats.solutions);
        assert!(!c.is_done());
        c.validate().unwrap();
        assert!((0.0..=1.0).contains(&c.progress_fraction()));
        // Running again changes nothing: the budget is spent.
        let again = c.count();
        assert_eq!(again.status, Status::NodeBudget);
        assert_eq!(again.stats, out.stats);
    }
}

#[test]
fn deadline_in_the_past_stops_at_the_first_check() {
    let p = langford(8);
    let mut c = Cells::new(
        &p,
        Config {
            deadline: Some(Instant::now() - Duration::from_millis(1)),
            check_interval: 16,
            ..Config::default()
        },
    );
    let out = c.count();
    assert_eq!(out.status, Status::Deadline);
    // The deadline is checked when the node count reaches a multiple of 16 (solutions do not
    // check), and the node that found it late is not counted.
    assert_eq!(out.stats.nodes % 16, 15);
    assert!(out.stats.nodes < 64);
    c.validate().unwrap();
}

/// Collects the solutions and passes every event on to a [`Recorder`].
struct Collect<'a>(&'a mut Vec<Vec<OptionId>>, &'a mut Recorder);

impl Observer for Collect<'_> {
    fn solution(&mut self, s: &[OptionId]) -> ControlFlow<()> {
        self.0.push(s.to_vec());
        self.1.solution(s)
    }
    fn choose(&mut self, level: usize, item: ItemId, options: usize) {
        self.1.choose(level, item, options)
    }
}

/// Records what the search reports.
#[derive(Default)]
struct Recorder {
    /// (level, options) of each `choose`.
    chosen: Vec<(usize, usize)>,
    /// Options tried per level.
    tried: Vec<u64>,
    backtracks: Vec<u64>,
    solutions: u64,
    progress: Vec<f64>,
    stop_after_progress: Option<usize>,
}

impl Observer for Recorder {
    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }
    fn choose(&mut self, level: usize, _item: ItemId, options: usize) {
        self.chosen.push((level, options));
    }
    fn try_option(&mut self, level: usize, _option: OptionId) {
        if self.tried.len() <= level {
            self.tried.resize(level + 1, 0);
        }
        self.tried[level] += 1;
    }
    fn backtrack(&mut self, level: usize, _item: ItemId) {
        if self.backtracks.len() <= level {
            self.backtracks.resize(level + 1, 0);
        }
        self.backtracks[level] += 1;
    }
    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        self.progress.push(progress.fraction);
        match self.stop_after_progress {
            Some(n) if self.progress.len() >= n => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }
}

#[test]
fn observer_sees_every_branch() {
    let p = queens(8);
    let mut rec = Recorder::default();
    let mut c = Cells::new(
        &p,
        Config {
            check_interval: 8,
            ..Config::default()
        },
    );
    let out = c.run(&mut rec);
    assert!(out.is_complete());
    assert_eq!(rec.solutions, 92);
    let s = &out.stats;
    // One `choose` per branch node, each with at least two options (forced moves are not
    // branches), every option of it tried, then one backtrack.
    assert_eq!(rec.chosen.len() as u64 + s.solutions, s.nodes);
    assert!(rec.chosen.iter().all(|&(_, d)| d >= 2));
    let mut per_level = vec![0u64; rec.tried.len()];
    for &(l, d) in &rec.chosen {
        per_level[l] += d as u64;
    }
    assert_eq!(per_level, rec.tried);
    let mut chosen_per_level = vec![0u64; rec.backtracks.len()];
    for &(l, _) in &rec.chosen {
        chosen_per_level[l] += 1;
    }
    assert_eq!(chosen_per_level, rec.backtracks);
    assert_eq!(chosen_per_level, s.level_nodes);
    // Progress was reported, within [0, 1].
    assert!(rec.progress.len() as u64 >= (s.nodes - s.solutions) / 8 / 2);
    assert!(rec.progress.iter().all(|f| (0.0..=1.0).contains(f)));
}

#[test]
fn progress_can_stop_the_search() {
    let p = langford(8);
    let whole = Cells::new(&p, Config::default()).count();
    let mut rec = Recorder {
        stop_after_progress: Some(3),
        ..Recorder::default()
    };
    let mut c = Cells::new(
        &p,
        Config {
            check_interval: 32,
            ..Config::default()
        },
    );
    let out = c.run(&mut rec);
    assert_eq!(out.status, Status::Stopped);
    assert_eq!(rec.progress.len(), 3);
    assert_eq!(out.stats.nodes % 32, 31);
    // Resuming finishes the same search.
    rec.stop_after_progress = None;
    let out = c.run(&mut rec);
    assert!(out.is_complete());
    assert_eq!(out.stats, whole.stats);
}

#[test]
fn leftmost_branches_on_the_first_item() {
    // `a` has 3 options, `b` 2, `c` 3: MRV branches on `b`, leftmost on `a`.
    let (p, _) = format::parse("a b c\na\na b\na c\nb c\nc\n").unwrap();
    let mut rec = Recorder::default();
    let left = Cells::new(&p, config(Heuristic::Leftmost)).run(&mut rec);
    assert_eq!(rec.chosen.first(), Some(&(0, 3)));
    let mut rec = Recorder::default();
    let mrv = Cells::new(&p, Config::default()).run(&mut rec);
    assert_eq!(rec.chosen.first(), Some(&(0, 2)));
    assert_eq!(left.stats.solutions, 2);
    assert_eq!(mrv.stats.solutions, 2);
    assert_eq!(reference::solutions(&p).len(), 2);
}
