//! Integration tests of the engine: the shared data-driven suite, property tests against the
//! brute-force reference, and the search controls.

use std::ops::ControlFlow;
use std::path::Path;

use dlx_engine::{
    Config, Heuristic, Links, OptionId, ProblemBuilder, Search, Status, format, reference,
};
use proptest::prelude::*;

mod common;

use common::{arb_problem, repo_problem, repo_testdata, shared_xcc, sorted};

/// Runs every input listed in `dir/expected.toml`: the count must match, and with MRV in input
/// order the nodes and updates must equal Knuth's DLX1 exactly. Every solution found is checked
/// by the independent checker.
fn check_expected(dir: &Path) -> usize {
    let expected = common::expected(dir).expect("expected.toml");
    for (name, want) in &expected {
        let problem = common::load(dir, name).unwrap_or_else(|| panic!("{name}.dlx"));
        let (links, out) = common::run_checked::<Links>(&problem, name);
        assert_eq!(
            Some(out.stats.solutions),
            want.solutions,
            "{name}: solutions"
        );
        assert_eq!(Some(out.stats.nodes), want.dlx1_nodes, "{name}: nodes");
        assert_eq!(
            Some(out.stats.updates),
            want.dlx1_updates,
            "{name}: updates"
        );
        assert_eq!(
            out.stats.level_nodes.iter().sum::<u64>() + out.stats.solutions,
            out.stats.nodes
        );
        links.validate().unwrap();
    }
    expected.len()
}

#[test]
fn repo_samples_match_dlx1_exactly() {
    assert!(check_expected(&repo_testdata()) >= 9);
}

#[test]
fn shared_inputs_match_dlx1_exactly() {
    match shared_xcc() {
        Some(dir) => assert!(check_expected(&dir) >= 25),
        None => common::note("../shared/data/xcc not present; shared exact-cover suite skipped"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn links_finds_exactly_the_reference_solutions(problem in arb_problem(1..6, 0..4, 1..14, 1..5, 2)) {
        let want = reference::solutions(&problem);
        for heuristic in [Heuristic::Mrv, Heuristic::Leftmost] {
            let mut links = Links::new(&problem, Config { heuristic, ..Config::default() });
            let (got, out) = links.collect(u64::MAX);
            prop_assert!(out.is_complete());
            prop_assert_eq!(out.stats.solutions, got.len() as u64);
            prop_assert_eq!(sorted(got), want.clone());
            prop_assert!(links.validate().is_ok());
        }
    }

    #[test]
    fn knuth_format_round_trips(problem in arb_problem(1..6, 0..4, 1..14, 1..5, 2)) {
        let text = format::write(&problem, Some("generated"));
        let (back, warnings) = format::parse(&text).unwrap();
        prop_assert!(warnings.is_empty());
        // Colors that no option uses are not written, so compare what is written.
        prop_assert_eq!(back.item_count(), problem.item_count());
        prop_assert_eq!(back.primary_count(), problem.primary_count());
        prop_assert_eq!(back.option_count(), problem.option_count());
        prop_assert_eq!(format::write(&back, Some("generated")), text);
    }

    #[test]
    fn parser_never_panics(text in "[a-c|: \n#x]{0,60}") {
        let _ = format::parse(&text);
    }
}

#[test]
fn limit_stops_after_n_and_says_so() {
    let text = std::fs::read_to_string(repo_testdata().join("queens8.dlx")).unwrap();
    let (problem, _) = format::parse(&text).unwrap();
    let mut links = Links::new(&problem, Config::default());
    let (sols, out) = links.collect(5);
    assert_eq!(sols.len(), 5);
    assert_eq!(out.status, Status::Stopped);
    // Resuming finds the other 87 and ends complete.
    let rest = links.count();
    assert!(rest.is_complete());
    assert_eq!(rest.stats.solutions, 92);
}

#[test]
fn deadline_in_the_past_stops_at_first_check() {
    let text = std::fs::read_to_string(repo_testdata().join("queens10.dlx")).unwrap();
    let (problem, _) = format::parse(&text).unwrap();
    let config = Config {
        deadline: Some(std::time::Instant::now()),
        check_interval: 64,
        ..Config::default()
    };
    let out = Links::new(&problem, config).count();
    assert_eq!(out.status, Status::Deadline);
    assert!(
        out.stats.nodes < 64,
        "stopped at the first check, after {} nodes",
        out.stats.nodes
    );
}

#[test]
fn progress_is_reported_and_grows() {
    struct Watch(Vec<f64>);
    impl dlx_engine::Observer for Watch {
        fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn progress(&mut self, p: &dlx_engine::Progress) -> ControlFlow<()> {
            self.0.push(p.fraction);
            ControlFlow::Continue(())
        }
    }
    let text = std::fs::read_to_string(repo_testdata().join("queens10.dlx")).unwrap();
    let (problem, _) = format::parse(&text).unwrap();
    let mut watch = Watch(Vec::new());
    let config = Config {
        check_interval: 256,
        ..Config::default()
    };
    let out = Links::new(&problem, config).run(&mut watch);
    assert!(out.is_complete());
    assert!(watch.0.len() >= 40, "{} reports", watch.0.len());
    assert!(
        watch.0.windows(2).all(|w| w[0] <= w[1] + 1e-12),
        "progress went backwards"
    );
    assert!(watch.0.iter().all(|&f| (0.0..=1.0).contains(&f)));
    assert!(*watch.0.last().unwrap() > 0.8);
}

#[test]
fn no_primary_items_means_one_empty_solution() {
    let mut b = ProblemBuilder::new();
    b.secondary("x").unwrap();
    let problem = b.build();
    let (sols, out) = Links::new(&problem, Config::default()).collect(10);
    assert_eq!(sols, vec![Vec::<OptionId>::new()]);
    assert!(out.is_complete());
}

/// Issue 22 (found by the `knuth_format` fuzz target): a problem with only secondary items
/// was written with an item line starting with `|`, which reads back as a comment ("no
/// items").
#[test]
fn only_secondary_items_round_trip_through_knuths_format() {
    let (p, _) = format::parse(" | x y\n").unwrap();
    assert_eq!((p.item_count(), p.primary_count()), (2, 0));
    for comment in [None, Some("c")] {
        let written = format::write(&p, comment);
        assert!(written.ends_with(" | x y\n"), "{written:?}");
        let (q, _) = format::parse(&written).unwrap();
        assert_eq!(p, q);
    }
}

mod parallel {
    use super::*;
    use dlx_engine::ParallelSearch;

    #[test]
    fn counts_nodes_and_updates_are_the_same_for_any_thread_count() {
        for name in ["queens10", "langford8", "pento-3x20", "sudoku-escargot"] {
            let problem = repo_problem(name);
            let seq = Links::new(&problem, Config::default()).count();
            for threads in [1, 2, 3, 5] {
                let par = ParallelSearch::new(&problem, Config::default(), threads).count();
                assert!(par.is_complete(), "{name} x{threads}");
                assert_eq!(
                    par.stats.solutions, seq.stats.solutions,
                    "{name} x{threads}"
                );
                assert_eq!(par.stats.nodes, seq.stats.nodes, "{name} x{threads}");
                assert_eq!(par.stats.updates, seq.stats.updates, "{name} x{threads}");
                assert_eq!(
                    par.stats.level_nodes, seq.stats.level_nodes,
                    "{name} x{threads}"
                );
            }
        }
    }

    #[test]
    fn ordered_delivery_matches_the_sequential_order() {
        let problem = repo_problem("queens9");
        let (seq, _) = Links::new(&problem, Config::default()).collect(u64::MAX);
        let mut got = Vec::new();
        let out = ParallelSearch::new(&problem, Config::default(), 3)
            .ordered(true)
            .run(
                |s| {
                    got.push(s.to_vec());
                    ControlFlow::Continue(())
                },
                &|_| {},
            );
        assert!(out.is_complete());
        assert_eq!(got, seq);
        // Unordered delivery gives the same set.
        let mut any = Vec::new();
        ParallelSearch::new(&problem, Config::default(), 3).run(
            |s| {
                any.push(s.to_vec());
                ControlFlow::Continue(())
            },
            &|_| {},
        );
        assert_eq!(sorted(any), sorted(seq));
    }
}
