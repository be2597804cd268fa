//! The sequential search, every test written once over [`Search`] and run for dancing links
//! ([`Links`], Knuth's DLX1) and dancing cells ([`Cells`], Knuth's SSXCC): the data-driven
//! suite with Knuth's figures, property tests against the brute-force reference (and of the
//! two algorithms against each other), and the search controls (stop and resume, limits,
//! budgets, deadline, observer calls, progress). Where the algorithms differ by design
//! (forced moves, Knuth's figures) the test says so through [`Engine`].

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use dlx_engine::{
    Cells, Config, Heuristic, ItemId, Links, Observer, OptionId, Problem, ProblemBuilder, Progress,
    Search, Status, format, reference,
};
use proptest::prelude::*;

use crate::common;

use common::{
    Engine, arb_problem, langford, queens, repo_problem, repo_testdata, shared_xcc, sorted,
};

/// Runs every input listed in `dir/expected.toml` that has a figure for `S`'s Knuth program
/// and a tree of at most [`Engine::MAX_TEST_NODES`]: the count must match, every solution
/// must pass the independent checker, and since each algorithm makes exactly the choices of
/// Knuth's program (MRV, first item of minimum size; for cells, forced moves in SSXCC's order)
/// its nodes, counted as Knuth counts them, must equal his (and for links, the updates too).
/// The inputs run on every core, largest tree first (one pentomino input is 40% of the
/// shared suite). Returns how many inputs were run.
fn check_expected<S: Engine>(dir: &Path) -> usize {
    let mut inputs: Vec<_> = common::expected(dir)
        .expect("expected.toml")
        .into_iter()
        .filter_map(|(name, want)| {
            let knuth = S::knuth_nodes(&want)?;
            (knuth <= S::MAX_TEST_NODES).then_some((knuth, name, want))
        })
        .collect();
    inputs.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let next = AtomicUsize::new(0);
    let ran = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers.min(inputs.len()) {
            scope.spawn(|| {
                while let Some((knuth, name, want)) = inputs.get(next.fetch_add(1, Relaxed)) {
                    if check_one::<S>(dir, name, want, *knuth) {
                        ran.fetch_add(1, Relaxed);
                    }
                }
            });
        }
    });
    ran.into_inner()
}

/// One input of [`check_expected`]; false when its file is missing.
fn check_one<S: Engine>(dir: &Path, name: &str, want: &common::Expected, knuth: u64) -> bool {
    let Some(problem) = common::load(dir, name) else {
        common::note(&format!("{name}.dlx missing in {}; skipped", dir.display()));
        return false;
    };
    let (search, out) = common::run_checked::<S>(&problem, name);
    let s = &out.stats;
    let k = S::KNUTH;
    assert_eq!(Some(s.solutions), want.solutions, "{name}: solutions");
    assert_eq!(
        S::nodes_as_knuth(s),
        knuth,
        "{name}: nodes as {k} counts them"
    );
    assert!(s.nodes <= knuth, "{name}: more nodes than {k}");
    if let Some(dlx1) = want.dlx1_nodes {
        assert!(s.nodes <= dlx1, "{name}: more nodes than DLX1");
    }
    if let Some(updates) = S::knuth_updates(want) {
        assert_eq!(s.updates, updates, "{name}: updates");
    }
    assert_eq!(s.level_nodes.iter().sum::<u64>() + s.solutions, s.nodes);
    assert!(search.is_done());
    search.validate().unwrap();
    true
}

fn matches_knuth_exactly_on_the_repo_samples<S: Engine>() {
    assert!(check_expected::<S>(&repo_testdata()) >= S::REPO_FIGURES);
}

fn matches_knuth_exactly_on_the_shared_inputs<S: Engine>() {
    match shared_xcc() {
        Some(dir) => assert!(check_expected::<S>(&dir) >= S::SHARED_FIGURES),
        None => common::note("../shared/data/xcc not present; shared exact-cover suite skipped"),
    }
}

fn config(heuristic: Heuristic) -> Config {
    Config {
        heuristic,
        ..Config::default()
    }
}

/// With either heuristic, `S` finds exactly the reference's solutions, each once, each
/// passing the checker, and ends complete with its statistics consistent.
fn finds_exactly_the_reference_solutions<S: Engine>(
    problem: &Problem,
) -> Result<(), TestCaseError> {
    let want = reference::solutions(problem);
    for heuristic in [Heuristic::Mrv, Heuristic::Leftmost] {
        let mut search = S::new(problem, config(heuristic));
        let (got, out) = search.collect(u64::MAX);
        prop_assert!(out.is_complete());
        prop_assert!(search.is_done());
        prop_assert_eq!(out.stats.solutions, got.len() as u64);
        for s in &got {
            prop_assert_eq!(reference::check(problem, s), Ok(()));
        }
        let got = sorted(got);
        let distinct: BTreeSet<_> = got.iter().collect();
        prop_assert_eq!(distinct.len(), got.len(), "a solution was found twice");
        prop_assert_eq!(&got, &want);
        let s = &out.stats;
        prop_assert_eq!(s.level_nodes.iter().sum::<u64>() + s.solutions, s.nodes);
        prop_assert!(search.validate().is_ok());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn links_find_exactly_the_reference_solutions(problem in arb_problem(1..8, 0..6, 1..16, 1..6, 3)) {
        finds_exactly_the_reference_solutions::<Links>(&problem)?;
    }

    #[test]
    fn cells_find_exactly_the_reference_solutions(problem in arb_problem(1..8, 0..6, 1..16, 1..6, 3)) {
        finds_exactly_the_reference_solutions::<Cells>(&problem)?;
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

for_each_engine!(
    matches_knuth_exactly_on_the_repo_samples,
    matches_knuth_exactly_on_the_shared_inputs,
    known_counts_without_data_files,
    degenerate_problems,
    limit_stops_after_n_and_resumes,
    stop_at_each_solution_and_resume,
    node_budget_stops_at_exactly_that_many_nodes,
    deadline_in_the_past_stops_at_the_first_check,
    observer_sees_every_branch,
    progress_is_reported_and_grows,
    progress_can_stop_the_search,
    leftmost_branches_on_the_first_item,
);

fn known_counts_without_data_files<S: Engine>() {
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
        let out = S::new(&queens(n), Config::default()).count();
        assert_eq!(out.stats.solutions, want, "queens {n}");
    }
    for (n, want) in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)] {
        let out = S::new(&langford(n), Config::default()).count();
        assert_eq!(out.stats.solutions, want, "langford {n}");
    }
}

fn degenerate_problems<S: Engine>() {
    // No primary item: the empty set is the one solution.
    let mut b = ProblemBuilder::new();
    b.secondary("x").unwrap();
    let p = b.build();
    let (sols, out) = S::new(&p, Config::default()).collect(10);
    assert_eq!(sols, vec![Vec::<OptionId>::new()]);
    assert!(out.is_complete());
    assert_eq!(out.stats.nodes, 1);
    // A primary item without options: no solution, one dead-end node.
    let (p, _) = format::parse("a b\na\n").unwrap();
    let out = S::new(&p, Config::default()).count();
    assert!(out.is_complete());
    assert_eq!(out.stats.solutions, 0);
    assert_eq!(out.stats.nodes, 1);
    // Everything forced: one solution; cells find it without branching.
    let (p, _) = format::parse("a b c | x\na x:1\nb x:1\nc\n").unwrap();
    let (sols, out) = S::new(&p, Config::default()).collect(10);
    assert_eq!(sols.len(), 1);
    if S::BATCHES_FORCED_MOVES {
        assert_eq!(out.stats.nodes, 1, "only the solution leaf");
        assert_eq!(out.stats.forced, 3);
    } else {
        assert_eq!(out.stats.nodes, 4, "a node per item and the solution leaf");
        assert_eq!(out.stats.forced, 0);
    }
    // A color conflict: no solution; cells find it by forcing alone, with no branch node.
    let (p, _) = format::parse("a b | x\na x:1\nb x:2\n").unwrap();
    let out = S::new(&p, Config::default()).count();
    assert_eq!(out.stats.solutions, 0);
    let want = if S::BATCHES_FORCED_MOVES { 0 } else { 2 };
    assert_eq!(out.stats.nodes, want);
}

fn limit_stops_after_n_and_resumes<S: Engine>() {
    let problem = repo_problem("queens8");
    let mut search = S::new(&problem, Config::default());
    let (sols, out) = search.collect(5);
    assert_eq!(sols.len(), 5);
    assert_eq!(out.status, Status::Stopped);
    // Resuming finds the other 87 and ends complete.
    let rest = search.count();
    assert!(rest.is_complete());
    assert_eq!(rest.stats.solutions, 92);
}

fn stop_at_each_solution_and_resume<S: Engine>() {
    let p = queens(7);
    let (all, whole) = S::new(&p, Config::default()).collect(u64::MAX);
    assert_eq!(all.len(), 40);
    let mut search = S::new(&p, Config::default());
    let mut got = Vec::new();
    loop {
        let (one, out) = search.first();
        search.validate().unwrap();
        match one {
            Some(sol) => {
                assert_eq!(out.status, Status::Stopped);
                assert_eq!(search.partial_solution(), sol);
                got.push(sol);
            }
            None => {
                assert!(out.is_complete());
                break;
            }
        }
    }
    assert_eq!(got, all, "same solutions in the same order");
    assert_eq!(search.stats(), &whole.stats);
    assert_eq!(search.progress_fraction(), 1.0);
}

fn node_budget_stops_at_exactly_that_many_nodes<S: Engine>() {
    let p = langford(8);
    let whole = S::new(&p, Config::default()).count();
    for budget in [1, 7, 100, 500] {
        let mut search = S::new(
            &p,
            Config {
                node_budget: Some(budget),
                ..Config::default()
            },
        );
        let out = search.count();
        assert_eq!(out.status, Status::NodeBudget);
        assert_eq!(out.stats.nodes, budget);
        assert!(out.stats.solutions < whole.stats.solutions);
        assert!(!search.is_done());
        search.validate().unwrap();
        assert!((0.0..=1.0).contains(&search.progress_fraction()));
        // Running again changes nothing: the budget is spent.
        let again = search.count();
        assert_eq!(again.status, Status::NodeBudget);
        assert_eq!(again.stats, out.stats);
    }
}

fn deadline_in_the_past_stops_at_the_first_check<S: Engine>() {
    let past = [Instant::now(), Instant::now() - Duration::from_millis(1)];
    for (problem, interval) in [(repo_problem("queens10"), 64), (langford(8), 16)] {
        for deadline in past {
            let mut search = S::new(
                &problem,
                Config {
                    deadline: Some(deadline),
                    check_interval: interval,
                    ..Config::default()
                },
            );
            let out = search.count();
            assert_eq!(out.status, Status::Deadline);
            // The deadline is checked when the node count reaches a multiple of the interval
            // (solutions do not check), and the node that found it late is not counted.
            assert_eq!(out.stats.nodes % interval, interval - 1);
            assert!(out.stats.nodes < 64);
            search.validate().unwrap();
        }
    }
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

/// A search of `p` that checks (and reports progress) every `check_interval` nodes.
fn checking_every<S: Engine>(p: &Problem, check_interval: u64) -> S {
    S::new(
        p,
        Config {
            check_interval,
            ..Config::default()
        },
    )
}

fn observer_sees_every_branch<S: Engine>() {
    let p = queens(8);
    let mut rec = Recorder::default();
    let mut search: S = checking_every(&p, 8);
    let out = search.run(&mut rec);
    assert!(out.is_complete());
    assert_eq!(rec.solutions, 92);
    let s = &out.stats;
    // One `choose` per branch node, every option of it tried, then one backtrack; for cells
    // each with at least two options (forced moves are not branches).
    assert_eq!(rec.chosen.len() as u64 + s.solutions, s.nodes);
    if S::BATCHES_FORCED_MOVES {
        assert!(rec.chosen.iter().all(|&(_, d)| d >= 2));
    } else {
        assert!(rec.chosen.iter().any(|&(_, d)| d == 1));
    }
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

fn progress_is_reported_and_grows<S: Engine>() {
    let problem = repo_problem("queens10");
    let mut rec = Recorder::default();
    let out = checking_every::<S>(&problem, 256).run(&mut rec);
    assert!(out.is_complete());
    let s = &out.stats;
    // At least a report each time the branch nodes reach a multiple of the interval: 42 or
    // more for links.
    let reports = rec.progress.len() as u64;
    assert!(
        reports >= (s.nodes - s.solutions) / 256,
        "{reports} reports"
    );
    assert!(
        rec.progress.windows(2).all(|w| w[0] <= w[1] + 1e-12),
        "progress went backwards"
    );
    assert!(rec.progress.iter().all(|&f| (0.0..=1.0).contains(&f)));
    assert!(*rec.progress.last().unwrap() > 0.8);
}

fn progress_can_stop_the_search<S: Engine>() {
    let p = langford(8);
    let whole = S::new(&p, Config::default()).count();
    let mut rec = Recorder {
        stop_after_progress: Some(3),
        ..Recorder::default()
    };
    let mut search: S = checking_every(&p, 32);
    let out = search.run(&mut rec);
    assert_eq!(out.status, Status::Stopped);
    assert_eq!(rec.progress.len(), 3);
    assert_eq!(out.stats.nodes % 32, 31);
    // Resuming finishes the same search.
    rec.stop_after_progress = None;
    let out = search.run(&mut rec);
    assert!(out.is_complete());
    assert_eq!(out.stats, whole.stats);
}

fn leftmost_branches_on_the_first_item<S: Engine>() {
    // `a` has 3 options, `b` 2, `c` 3: MRV branches on `b`, leftmost on `a`.
    let (p, _) = format::parse("a b c\na\na b\na c\nb c\nc\n").unwrap();
    let mut rec = Recorder::default();
    let left = S::new(&p, config(Heuristic::Leftmost)).run(&mut rec);
    assert_eq!(rec.chosen.first(), Some(&(0, 3)));
    let mut rec = Recorder::default();
    let mrv = S::new(&p, Config::default()).run(&mut rec);
    assert_eq!(rec.chosen.first(), Some(&(0, 2)));
    assert_eq!(left.stats.solutions, 2);
    assert_eq!(mrv.stats.solutions, 2);
    assert_eq!(reference::solutions(&p).len(), 2);
}
