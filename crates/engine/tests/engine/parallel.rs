//! A search split into independent pieces ([`Search::split`], [`Search::force`]) and run on
//! several threads by [`ParallelSearch`], every test written once over [`Search`] and run for
//! dancing links and dancing cells.
//!
//! The pieces partition the sequential tree, so solutions, nodes and `level_nodes` add up
//! exactly. With links, forced moves, updates and the order of the solutions do too. With
//! cells they do not quite: a sparse set is restored by its size, not its order, so a
//! replayed piece meets its options in another order than the sequential search, which had
//! searched the pieces before it (see the `parallel` module docs). These tests pin what is
//! exact, and bound the rest ([`Engine::same_work`]).
//!
//! [`Search`]: dlx_engine::Search
//! [`Search::split`]: dlx_engine::Search::split
//! [`Search::force`]: dlx_engine::Search::force

use std::ops::ControlFlow;

use dlx_engine::parallel::CELLS_MIN_PIECES;
use dlx_engine::{
    Config, ForceError, OptionId, Outcome, ParallelSearch, Piece, Problem, Stats, Status, format,
    reference,
};

use crate::common;

use common::repo_problem as load;
use common::{Engine, sorted};

const SAMPLES: [&str; 4] = ["queens10", "langford8", "pento-3x20", "sudoku-escargot"];

for_each_engine!(
    split_pieces_add_up_to_the_sequential_search,
    shares_of_a_split_add_up_to_one,
    counts_and_nodes_are_the_same_for_any_thread_count,
    ordered_delivery_is_the_order_of_the_pieces,
    a_stop_and_a_shared_budget_end_every_thread,
    a_visitor_that_stops_sees_exactly_the_solutions_counted,
    a_budget_that_runs_out_while_splitting_is_reported,
    shallow_solutions_found_while_splitting_are_counted_once,
    colored_problems_split_too,
    force_refuses_what_the_search_would_not_choose,
);

/// Splits at `depth` and runs every piece in order on one thread: the summed statistics and
/// the solutions in piece order.
fn split_and_run<S: Engine>(problem: &Problem, depth: usize) -> (Stats, Vec<Vec<OptionId>>) {
    let (pieces, top) = S::new(problem, Config::default()).split(depth);
    assert!(top.is_complete());
    let mut stats = top.stats.clone();
    let mut sols = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Solution(s) => sols.push(s),
            Piece::Prefix(prefix, share) => {
                assert_eq!(prefix.len(), depth);
                assert!(share > 0.0 && share <= 1.0);
                let mut search = S::new(problem, Config::default());
                search.force(&prefix).unwrap();
                search.validate().unwrap();
                let (got, out) = search.collect(u64::MAX);
                assert!(out.is_complete());
                assert!(search.is_done());
                stats.merge(&out.stats);
                sols.extend(got);
            }
        }
    }
    (stats, sols)
}

fn split_pieces_add_up_to_the_sequential_search<S: Engine>() {
    for name in SAMPLES {
        let problem = load(name);
        let (want, seq) = S::new(&problem, Config::default()).collect(u64::MAX);
        let seq = seq.stats;
        for depth in 1..=4 {
            let (stats, got) = split_and_run::<S>(&problem, depth);
            let at = format!("{name} at depth {depth}");
            assert_eq!(stats.solutions, seq.solutions, "{at}");
            assert_eq!(stats.nodes, seq.nodes, "{at}");
            assert_eq!(stats.level_nodes, seq.level_nodes, "{at}");
            assert_eq!(stats.max_depth, seq.max_depth, "{at}");
            assert!(
                S::same_work(stats.forced, seq.forced),
                "{at}: {stats:?} vs {seq:?}"
            );
            assert!(
                S::same_work(stats.updates, seq.updates),
                "{at}: {stats:?} vs {seq:?}"
            );
            for s in &got {
                reference::check(&problem, s).unwrap();
            }
            if S::EXACT_WORK_IN_PIECES {
                // The pieces in order are the sequential search.
                assert_eq!(got, want, "{at}");
            }
            assert_eq!(sorted(got), sorted(want.clone()), "{at}");
            // Replaying is deterministic: the same split gives the same work.
            assert_eq!(split_and_run::<S>(&problem, depth).0, stats, "{at}");
        }
    }
}

fn shares_of_a_split_add_up_to_one<S: Engine>() {
    let problem = load("langford8");
    for depth in 1..=3 {
        let (pieces, _) = S::new(&problem, Config::default()).split(depth);
        let total: f64 = pieces
            .iter()
            .map(|p| match p {
                Piece::Prefix(_, share) => *share,
                Piece::Solution(_) => 0.0,
            })
            .sum();
        // Dead ends and failures above the split own the rest of the tree.
        assert!(total > 0.0 && total <= 1.0 + 1e-9, "depth {depth}: {total}");
    }
}

fn counts_and_nodes_are_the_same_for_any_thread_count<S: Engine>() {
    for name in SAMPLES {
        let problem = load(name);
        let seq = S::new(&problem, Config::default()).count();
        let mut split_work = None;
        for threads in [1, 2, 3, 4, 5] {
            let par = count::<S>(&problem, Config::default(), threads);
            let at = format!("{name} x{threads}");
            assert!(par.is_complete(), "{at}");
            assert_eq!(par.stats.solutions, seq.stats.solutions, "{at}");
            assert_eq!(par.stats.nodes, seq.stats.nodes, "{at}");
            assert_eq!(par.stats.level_nodes, seq.stats.level_nodes, "{at}");
            assert!(S::same_work(par.stats.forced, seq.stats.forced), "{at}");
            assert!(S::same_work(par.stats.updates, seq.stats.updates), "{at}");
            if threads == 1 {
                // One thread is the sequential search itself.
                assert_eq!(par.stats, seq.stats, "{at}");
            } else if 64 * threads <= CELLS_MIN_PIECES {
                // Up to 4 threads split alike, so they do exactly the same work.
                let work = (par.stats.forced, par.stats.updates);
                assert_eq!(*split_work.get_or_insert(work), work, "{at}");
            }
        }
    }
}

/// What `threads` threads count for `problem` under `config`.
fn count<S: Engine>(problem: &Problem, config: Config, threads: usize) -> Outcome {
    ParallelSearch::new(problem, config, threads)
        .algorithm(S::ALGORITHM)
        .count()
}

fn collect<S: Engine>(problem: &Problem, threads: usize, ordered: bool) -> Vec<Vec<OptionId>> {
    let search = ParallelSearch::new(problem, Config::default(), threads)
        .algorithm(S::ALGORITHM)
        .ordered(ordered);
    let (got, out) = search.collect(u64::MAX);
    assert!(out.is_complete());
    got
}

fn ordered_delivery_is_the_order_of_the_pieces<S: Engine>() {
    let problem = load("queens9");
    let (seq, _) = S::new(&problem, Config::default()).collect(u64::MAX);
    assert_eq!(collect::<S>(&problem, 1, true), seq);
    let two = collect::<S>(&problem, 2, true);
    assert_eq!(sorted(two.clone()), sorted(seq.clone()));
    if S::EXACT_WORK_IN_PIECES {
        // The pieces in order are the sequential search.
        assert_eq!(two, seq);
    }
    // The order is the pieces' order at the depth the search split at, whatever the number of
    // threads that split alike.
    assert!(
        (1..=8).any(|d| split_and_run::<S>(&problem, d).1 == two),
        "no split order matches"
    );
    assert_eq!(collect::<S>(&problem, 3, true), two);
    assert_eq!(collect::<S>(&problem, 4, true), two);
    // Unordered delivery gives the same set.
    assert_eq!(sorted(collect::<S>(&problem, 3, false)), sorted(seq));
}

/// Stops the search after `k` solutions, counting them in `seen`.
fn stop_after(k: u64, seen: &mut u64) -> impl FnMut(&[OptionId]) -> ControlFlow<()> + Send + '_ {
    move |_| {
        *seen += 1;
        if *seen >= k {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

fn a_stop_and_a_shared_budget_end_every_thread<S: Engine>() {
    let problem = load("queens10");
    let mut n = 0;
    let out = ParallelSearch::new(&problem, Config::default(), 2)
        .algorithm(S::ALGORITHM)
        .ordered(true)
        .run(stop_after(7, &mut n), &|_| {});
    assert_eq!(out.status, Status::Stopped);
    assert_eq!(out.stats.solutions, 7);
    let budget = S::PARALLEL_BUDGET;
    let config = Config {
        node_budget: Some(budget),
        check_interval: 64,
        ..Config::default()
    };
    let out = count::<S>(&problem, config, 2);
    assert_eq!(out.status, Status::NodeBudget);
    assert!(
        out.stats.nodes < budget + 2 * 64 + 1000,
        "{} nodes",
        out.stats.nodes
    );
    assert!(out.stats.solutions < 724);
}

fn a_visitor_that_stops_sees_exactly_the_solutions_counted<S: Engine>() {
    // 8-queens is small enough for the split to find solutions ahead of the threads: a stop
    // after k solutions must report k, in either delivery order, not what the split found.
    let problem = load("queens8");
    for ordered in [false, true] {
        for threads in [2, 3] {
            for k in [1, 2, 5, 50] {
                let mut seen = 0u64;
                let out = ParallelSearch::new(&problem, Config::default(), threads)
                    .algorithm(S::ALGORITHM)
                    .ordered(ordered)
                    .run(stop_after(k, &mut seen), &|_| {});
                let at = format!("ordered {ordered}, {threads} threads, k {k}");
                assert_eq!(out.status, Status::Stopped, "{at}");
                assert_eq!(seen, k, "{at}");
                assert_eq!(out.stats.solutions, k, "{at}");
            }
        }
    }
}

fn a_budget_that_runs_out_while_splitting_is_reported<S: Engine>() {
    // Tiny budgets stop the split itself, before any piece runs: the search must say so,
    // not report a complete search of the few pieces made so far.
    let problem = load("queens10");
    for budget in [0, 1, 2, 5, 10, 50, 200] {
        let config = Config {
            node_budget: Some(budget),
            check_interval: 1,
            ..Config::default()
        };
        for threads in [1, 2, 3] {
            let out = count::<S>(&problem, config.clone(), threads);
            let at = format!("budget {budget}, {threads} threads");
            assert_eq!(out.status, Status::NodeBudget, "{at}");
            assert!(out.stats.solutions < 724, "{at}");
        }
    }
    // A deadline already past: the same, as a deadline.
    let config = Config {
        deadline: Some(std::time::Instant::now()),
        check_interval: 1,
        ..Config::default()
    };
    let out = count::<S>(&problem, config, 2);
    assert_eq!(out.status, Status::Deadline);
}

fn shallow_solutions_found_while_splitting_are_counted_once<S: Engine>() {
    // Knuth's example: one solution, found with one branch (and forced moves, for cells).
    let (problem, _) =
        format::parse("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n").unwrap();
    for threads in [1, 2, 4] {
        let out = count::<S>(&problem, Config::default(), threads);
        assert!(out.is_complete(), "{threads} threads");
        assert_eq!(out.stats.solutions, 1, "{threads} threads");
    }
}

fn colored_problems_split_too<S: Engine>() {
    // `x` may be shared by options that agree on its color; `y` only by one option.
    let text = "a b c d | x y\na x:1\nb x:1 y\nc x:2\nb y\nc\nb x:2\na d\nd x:1\nd y\nc d x:1\n";
    let (problem, _) = format::parse(text).unwrap();
    let want = reference::solutions(&problem);
    assert!(want.len() >= 2, "{want:?}");
    let seq = S::new(&problem, Config::default()).count();
    for depth in 1..=2 {
        let (stats, got) = split_and_run::<S>(&problem, depth);
        assert_eq!(sorted(got), sorted(want.clone()), "depth {depth}");
        assert_eq!(stats.nodes, seq.stats.nodes, "depth {depth}");
    }
    for threads in [2, 3] {
        let got = collect::<S>(&problem, threads, true);
        assert_eq!(sorted(got), sorted(want.clone()), "{threads} threads");
    }
}

fn force_refuses_what_the_search_would_not_choose<S: Engine>() {
    let problem = load("queens8");
    let (pieces, _) = S::new(&problem, Config::default()).split(2);
    let Some(Piece::Prefix(prefix, _)) = pieces.iter().find(|p| matches!(p, Piece::Prefix(..)))
    else {
        panic!("no prefix at depth 2");
    };
    // After a search started.
    let mut search = S::new(&problem, Config::default());
    let _ = search.first();
    assert_eq!(search.force(prefix), Err(ForceError::Started));
    // An option of another item than the one branched on at level 0: the first option of
    // level 1 is never among those of level 0's item (they would cover the same item twice).
    let mut search = S::new(&problem, Config::default());
    assert_eq!(
        search.force(&prefix[1..]),
        Err(ForceError::NotAvailable(prefix[1].0, 0))
    );
    assert!(search.is_done(), "a failed replay leaves nothing to search");
    // A prefix longer than a solution.
    let (sol, _) = S::new(&problem, Config::default()).first();
    let mut long = sol.unwrap();
    long.extend_from_slice(&long.clone());
    let err = S::new(&problem, Config::default()).force(&long);
    assert!(err.is_err());
}
