//! Unit tests of `src/parallel.rs`.

use dlx_engine::Search;
use dlx_engine::cells::Cells;
use dlx_engine::format;
use dlx_engine::links::Links;
use dlx_engine::parallel::*;
use dlx_engine::problem::Problem;
use dlx_engine::search::Config;
use dlx_engine::search::Status;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering;

#[test]
fn a_set_interrupt_flag_stops_the_search() {
    let text = include_str!("../../../../testdata/xcc/queens10.dlx");
    let (p, _) = format::parse(text).unwrap();
    let flag = AtomicBool::new(true);
    let config = Config {
        check_interval: 1,
        ..Config::default()
    };
    for threads in [1, 2] {
        let out = ParallelSearch::new(&p, config.clone(), threads)
            .interrupt(&flag)
            .count();
        assert_eq!(out.status, Status::Stopped, "{threads} threads");
    }
    flag.store(false, Ordering::Relaxed);
    let out = ParallelSearch::new(&p, config, 2).interrupt(&flag).count();
    assert_eq!(out.status, Status::Complete);
    assert_eq!(out.stats.solutions, 724);
}

/// The n-queens problem in Knuth's encoding: ranks and files primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut text = String::new();
    for k in 0..n {
        text.push_str(&format!("r{k} c{k} "));
    }
    text.push('|');
    for k in 0..2 * n - 1 {
        text.push_str(&format!(" a{k} b{k}"));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, n - 1 + r - c));
        }
    }
    format::parse(&text).unwrap().0
}

/// Regression test for issue 22, item 10: the first item branched on has 10,000 options
/// (each a solution with the item forced before it); dancing cells split there into one
/// prefix per option, each replayed by a fresh search, quadratic in the options.
#[test]
fn issue_22_a_split_never_hands_out_more_than_max_pieces() {
    let mut text = String::from("a b\n");
    for _ in 0..10_000 {
        text.push_str("a\n");
    }
    text.push_str("b\n");
    let (p, _) = format::parse(&text).unwrap();
    for algorithm in [Algorithm::Links, Algorithm::Cells] {
        let search = ParallelSearch::new(&p, Config::default(), 2).algorithm(algorithm);
        let prefixes = match algorithm {
            Algorithm::Links => search.split::<Links>(),
            Algorithm::Cells => search.split::<Cells>(),
            _ => unreachable!("the loop names two algorithms"),
        }
        .map_or(0, |(pieces, _)| prefix_count(&pieces));
        assert!(prefixes <= MAX_PIECES, "{algorithm:?}: {prefixes} prefixes");
        let out = search.count();
        assert_eq!(out.stats.solutions, 10_000, "{algorithm:?}");
    }
}

/// Regression test for issue 22, item 12 (`--nodes 100` ran 2,041 nodes on 2 threads): a
/// node budget is a hard cap on any number of threads.
#[test]
fn issue_22_a_node_budget_is_a_hard_cap_on_any_number_of_threads() {
    let problem = queens(8);
    for algorithm in [Algorithm::Links, Algorithm::Cells] {
        let whole = ParallelSearch::new(&problem, Config::default(), 1)
            .algorithm(algorithm)
            .count();
        for threads in [2, 3, 4] {
            let budgets = [0, 1, 2, 7, 100, 1000, whole.stats.nodes - 1];
            for budget in budgets.into_iter().filter(|&b| b < whole.stats.nodes) {
                let config = Config {
                    node_budget: Some(budget),
                    ..Config::default()
                };
                let out = ParallelSearch::new(&problem, config, threads)
                    .algorithm(algorithm)
                    .count();
                let what = format!("{algorithm:?}, -j {threads}, budget {budget}");
                assert!(
                    out.stats.nodes <= budget,
                    "{what}: {} nodes",
                    out.stats.nodes
                );
                assert_eq!(out.status, Status::NodeBudget, "{what}");
            }
            let config = Config {
                node_budget: Some(whole.stats.nodes * 2),
                ..Config::default()
            };
            let out = ParallelSearch::new(&problem, config, threads)
                .algorithm(algorithm)
                .count();
            assert_eq!(out.status, Status::Complete);
            assert_eq!(out.stats.solutions, 92);
        }
    }
}

/// Regression test for issue 19 (`dlx queens 18 --first 1` printed nothing until the whole
/// search had ended): in order, the first solution reaches the visitor while the search
/// runs, so a visitor that stops there stops it after a small part of the tree.
#[test]
fn ordered_delivery_streams_the_first_solution() {
    let problem = queens(12);
    let whole = ParallelSearch::new(&problem, Config::default(), 1).count();
    let (first, _) = Links::new(&problem, Config::default()).first();
    for algorithm in [Algorithm::Links, Algorithm::Cells] {
        let (seen, out) = ParallelSearch::new(&problem, Config::default(), 2)
            .algorithm(algorithm)
            .ordered(true)
            .collect(1);
        assert_eq!(out.status, Status::Stopped, "{algorithm:?}");
        assert_eq!(out.stats.solutions, 1, "{algorithm:?}");
        assert_eq!(seen.len(), 1, "{algorithm:?}");
        if algorithm == Algorithm::Links {
            assert_eq!(Some(&seen[0]), first.as_ref());
        }
        assert!(
            out.stats.nodes < whole.stats.nodes / 4,
            "{algorithm:?}: {} of {} nodes",
            out.stats.nodes,
            whole.stats.nodes
        );
    }
}

/// In order, every solution is delivered once and in the sequential order, on any number
/// of threads, with or without a limit that stops the visitor.
#[test]
fn ordered_delivery_keeps_the_sequential_order() {
    let problem = queens(8);
    let (all, _) = Links::new(&problem, Config::default()).collect(u64::MAX);
    for threads in [2, 3, 4] {
        for stop_at in [1, 5, 92, 1000] {
            let (seen, out) = ParallelSearch::new(&problem, Config::default(), threads)
                .ordered(true)
                .collect(stop_at);
            let want = all.len().min(stop_at as usize);
            assert_eq!(seen, all[..want], "-j {threads}, stop at {stop_at}");
            assert_eq!(out.stats.solutions, want as u64);
        }
    }
}
