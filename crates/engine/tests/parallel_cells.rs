//! Dancing cells ([`Cells`]) split into independent pieces ([`Cells::split`],
//! [`Cells::force`]) and run on several threads by [`ParallelSearch`]; and the controls that
//! both algorithms share under [`ParallelSearch`] (stop, shared budget, shallow solutions).
//!
//! The pieces partition the sequential tree, so solutions, nodes and `level_nodes` add up
//! exactly. Forced moves and updates do not quite: a sparse set is restored by its size, not
//! its order, so a replayed piece meets its options in another order than the sequential
//! search, which had searched the pieces before it (see the `parallel` module docs). These
//! tests pin what is exact, and bound the rest.

use std::ops::ControlFlow;

use dlx_engine::parallel::{Algorithm, CELLS_MIN_PIECES};
use dlx_engine::{
    Cells, Config, ForceError, OptionId, ParallelSearch, Piece, Problem, Search, Stats, Status,
    format, reference,
};

mod common;

use common::repo_problem as load;
use common::sorted;

const SAMPLES: [&str; 4] = ["queens10", "langford8", "pento-3x20", "sudoku-escargot"];

/// Splits at `depth` and runs every piece in order on one thread: the summed statistics and
/// the solutions in piece order.
fn split_and_run(problem: &Problem, depth: usize) -> (Stats, Vec<Vec<OptionId>>) {
    let (pieces, top) = Cells::new(problem, Config::default()).split(depth);
    assert!(top.is_complete());
    let mut stats = top.stats.clone();
    let mut sols = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Solution(s) => sols.push(s),
            Piece::Prefix(prefix, share) => {
                assert_eq!(prefix.len(), depth);
                assert!(share > 0.0 && share <= 1.0);
                let mut cells = Cells::new(problem, Config::default());
                cells.force(&prefix).unwrap();
                cells.validate().unwrap();
                let (got, out) = cells.collect(u64::MAX);
                assert!(out.is_complete());
                assert!(cells.is_done());
                stats.merge(&out.stats);
                sols.extend(got);
            }
        }
    }
    (stats, sols)
}

/// `a` is within `permille` thousandths of `b`.
fn close(a: u64, b: u64, permille: u64) -> bool {
    a.abs_diff(b) * 1000 <= b * permille
}

#[test]
fn split_pieces_add_up_to_the_sequential_search() {
    for name in SAMPLES {
        let problem = load(name);
        let (want, seq) = Cells::new(&problem, Config::default()).collect(u64::MAX);
        let seq = seq.stats;
        for depth in 1..=4 {
            let (stats, got) = split_and_run(&problem, depth);
            let at = format!("{name} at depth {depth}");
            assert_eq!(stats.solutions, seq.solutions, "{at}");
            assert_eq!(stats.nodes, seq.nodes, "{at}");
            assert_eq!(stats.level_nodes, seq.level_nodes, "{at}");
            assert_eq!(stats.max_depth, seq.max_depth, "{at}");
            assert!(
                close(stats.forced, seq.forced, 30),
                "{at}: {stats:?} vs {seq:?}"
            );
            assert!(
                close(stats.updates, seq.updates, 30),
                "{at}: {stats:?} vs {seq:?}"
            );
            for s in &got {
                reference::check(&problem, s).unwrap();
            }
            assert_eq!(sorted(got), sorted(want.clone()), "{at}");
            // Replaying is deterministic: the same split gives the same work.
            assert_eq!(split_and_run(&problem, depth).0, stats, "{at}");
        }
    }
}

#[test]
fn shares_of_a_split_add_up_to_one() {
    let problem = load("langford8");
    for depth in 1..=3 {
        let (pieces, _) = Cells::new(&problem, Config::default()).split(depth);
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

#[test]
fn counts_and_nodes_are_the_same_for_any_thread_count() {
    for name in SAMPLES {
        let problem = load(name);
        let seq = Cells::new(&problem, Config::default()).count();
        let mut split_work = None;
        for threads in [1, 2, 3, 4, 5] {
            let par = ParallelSearch::new(&problem, Config::default(), threads)
                .algorithm(Algorithm::Cells)
                .count();
            let at = format!("{name} x{threads}");
            assert!(par.is_complete(), "{at}");
            assert_eq!(par.stats.solutions, seq.stats.solutions, "{at}");
            assert_eq!(par.stats.nodes, seq.stats.nodes, "{at}");
            assert_eq!(par.stats.level_nodes, seq.stats.level_nodes, "{at}");
            assert!(close(par.stats.forced, seq.stats.forced, 30), "{at}");
            assert!(close(par.stats.updates, seq.stats.updates, 30), "{at}");
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

fn collect(problem: &Problem, threads: usize, ordered: bool) -> Vec<Vec<OptionId>> {
    let mut got = Vec::new();
    let out = ParallelSearch::new(problem, Config::default(), threads)
        .algorithm(Algorithm::Cells)
        .ordered(ordered)
        .run(
            |s| {
                got.push(s.to_vec());
                ControlFlow::Continue(())
            },
            &|_| {},
        );
    assert!(out.is_complete());
    got
}

#[test]
fn ordered_delivery_is_the_order_of_the_pieces() {
    let problem = load("queens9");
    let (seq, _) = Cells::new(&problem, Config::default()).collect(u64::MAX);
    assert_eq!(collect(&problem, 1, true), seq);
    let two = collect(&problem, 2, true);
    assert_eq!(sorted(two.clone()), sorted(seq.clone()));
    // The order is the pieces' order at the depth the search split at, whatever the number of
    // threads that split alike.
    assert!(
        (1..=8).any(|d| split_and_run(&problem, d).1 == two),
        "no split order matches"
    );
    assert_eq!(collect(&problem, 3, true), two);
    assert_eq!(collect(&problem, 4, true), two);
    // Unordered delivery gives the same set.
    assert_eq!(sorted(collect(&problem, 3, false)), sorted(seq));
}

/// Both algorithms: the budget they are given (links nodes are cheaper, so more of them).
const ALGORITHMS: [(Algorithm, u64); 2] = [(Algorithm::Links, 2000), (Algorithm::Cells, 1000)];

#[test]
fn a_stop_and_a_shared_budget_end_every_thread() {
    let problem = load("queens10");
    for (algorithm, budget) in ALGORITHMS {
        let mut n = 0;
        let out = ParallelSearch::new(&problem, Config::default(), 2)
            .algorithm(algorithm)
            .ordered(true)
            .run(
                |_| {
                    n += 1;
                    if n == 7 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
                &|_| {},
            );
        assert_eq!(out.status, Status::Stopped, "{algorithm:?}");
        assert_eq!(out.stats.solutions, 7, "{algorithm:?}");
        let config = Config {
            node_budget: Some(budget),
            check_interval: 64,
            ..Config::default()
        };
        let out = ParallelSearch::new(&problem, config, 2)
            .algorithm(algorithm)
            .count();
        assert_eq!(out.status, Status::NodeBudget, "{algorithm:?}");
        assert!(
            out.stats.nodes < budget + 2 * 64 + 1000,
            "{algorithm:?}: {} nodes",
            out.stats.nodes
        );
        assert!(out.stats.solutions < 724, "{algorithm:?}");
    }
}

#[test]
fn a_visitor_that_stops_sees_exactly_the_solutions_counted() {
    // 8-queens is small enough for the split to find solutions ahead of the threads: a stop
    // after k solutions must report k, in either delivery order, not what the split found.
    let problem = load("queens8");
    for (algorithm, _) in ALGORITHMS {
        for ordered in [false, true] {
            for threads in [2, 3] {
                for k in [1, 2, 5, 50] {
                    let mut seen = 0u64;
                    let out = ParallelSearch::new(&problem, Config::default(), threads)
                        .algorithm(algorithm)
                        .ordered(ordered)
                        .run(
                            |_| {
                                seen += 1;
                                if seen >= k {
                                    ControlFlow::Break(())
                                } else {
                                    ControlFlow::Continue(())
                                }
                            },
                            &|_| {},
                        );
                    let at = format!("{algorithm:?}, ordered {ordered}, {threads} threads, k {k}");
                    assert_eq!(out.status, Status::Stopped, "{at}");
                    assert_eq!(seen, k, "{at}");
                    assert_eq!(out.stats.solutions, k, "{at}");
                }
            }
        }
    }
}

#[test]
fn a_budget_that_runs_out_while_splitting_is_reported() {
    // Tiny budgets stop the split itself, before any piece runs: the search must say so,
    // not report a complete search of the few pieces made so far.
    let problem = load("queens10");
    for (algorithm, _) in ALGORITHMS {
        for budget in [0, 1, 2, 5, 10, 50, 200] {
            let config = Config {
                node_budget: Some(budget),
                check_interval: 1,
                ..Config::default()
            };
            for threads in [1, 2, 3] {
                let out = ParallelSearch::new(&problem, config.clone(), threads)
                    .algorithm(algorithm)
                    .count();
                let at = format!("{algorithm:?}, budget {budget}, {threads} threads");
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
        let out = ParallelSearch::new(&problem, config, 2)
            .algorithm(algorithm)
            .count();
        assert_eq!(out.status, Status::Deadline, "{algorithm:?}");
    }
}

#[test]
fn shallow_solutions_found_while_splitting_are_counted_once() {
    // Knuth's example: one solution, found with one branch (and forced moves, for cells).
    let (problem, _) =
        format::parse("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n").unwrap();
    for (algorithm, _) in ALGORITHMS {
        for threads in [1, 2, 4] {
            let out = ParallelSearch::new(&problem, Config::default(), threads)
                .algorithm(algorithm)
                .count();
            assert!(out.is_complete(), "{algorithm:?}, {threads} threads");
            assert_eq!(out.stats.solutions, 1, "{algorithm:?}, {threads} threads");
        }
    }
}

#[test]
fn colored_problems_split_too() {
    // `x` may be shared by options that agree on its color; `y` only by one option.
    let text = "a b c d | x y\na x:1\nb x:1 y\nc x:2\nb y\nc\nb x:2\na d\nd x:1\nd y\nc d x:1\n";
    let (problem, _) = format::parse(text).unwrap();
    let want = reference::solutions(&problem);
    assert!(want.len() >= 2, "{want:?}");
    let seq = Cells::new(&problem, Config::default()).count();
    for depth in 1..=2 {
        let (stats, got) = split_and_run(&problem, depth);
        assert_eq!(sorted(got), sorted(want.clone()), "depth {depth}");
        assert_eq!(stats.nodes, seq.stats.nodes, "depth {depth}");
    }
    for threads in [2, 3] {
        let got = collect(&problem, threads, true);
        assert_eq!(sorted(got), sorted(want.clone()), "{threads} threads");
    }
}

#[test]
fn force_refuses_what_the_search_would_not_choose() {
    let problem = load("queens8");
    let (pieces, _) = Cells::new(&problem, Config::default()).split(2);
    let Some(Piece::Prefix(prefix, _)) = pieces.iter().find(|p| matches!(p, Piece::Prefix(..)))
    else {
        panic!("no prefix at depth 2");
    };
    // After a search started.
    let mut cells = Cells::new(&problem, Config::default());
    let _ = cells.first();
    assert_eq!(cells.force(prefix), Err(ForceError::Started));
    // An option of another item than the one branched on at level 0: the first option of
    // level 1 is never among those of level 0's item (they would cover the same item twice).
    let mut cells = Cells::new(&problem, Config::default());
    assert_eq!(
        cells.force(&prefix[1..]),
        Err(ForceError::NotAvailable(prefix[1].0, 0))
    );
    assert!(cells.is_done(), "a failed replay leaves nothing to search");
    // A prefix longer than a solution.
    let (sol, _) = Cells::new(&problem, Config::default()).first();
    let mut long = sol.unwrap();
    long.extend_from_slice(&long.clone());
    let err = Cells::new(&problem, Config::default()).force(&long);
    assert!(err.is_err());
}
