//! The propagation hook: a sound pruning rule on a problem changes the tree, never the
//! solutions; the search puts back what it removed; threads, splits, shards and traces use it.

use std::collections::HashSet;
use std::sync::Arc;

use dlx_engine::shard::{self, SplitAt};
use dlx_engine::{
    Algorithm, Config, ItemId, Links, OptionId, ParallelSearch, Problem, Propagate, Search, View,
    format,
};

/// The n-queens problem in Knuth's encoding (rows and columns primary, diagonals secondary).
fn queens(n: usize) -> Problem {
    let mut text = String::new();
    for r in 0..n {
        text.push_str(&format!("r{r} "));
    }
    for c in 0..n {
        text.push_str(&format!("c{c} "));
    }
    text.push('|');
    for d in 0..2 * n - 1 {
        text.push_str(&format!(" a{d} b{d}"));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    format::parse(&text).unwrap().0
}

/// A generic sound rule: an option is dead if choosing it would leave some other watched
/// primary item with no option (every option left of that item shares an item with it).
#[derive(Debug)]
struct LookAhead {
    watched: Vec<ItemId>,
    items: Vec<HashSet<u32>>,
}

impl LookAhead {
    fn new(p: &Problem) -> LookAhead {
        LookAhead {
            watched: (0..p.primary_count() as u32).map(ItemId).collect(),
            items: p
                .options()
                .map(|o| o.iter().map(|e| e.item.0).collect())
                .collect(),
        }
    }
}

impl Propagate for LookAhead {
    fn watched(&self) -> &[ItemId] {
        &self.watched
    }

    fn propagate(&self, view: &View<'_>, remove: &mut Vec<OptionId>) {
        for k in 0..view.len() {
            let Some(options) = view.available(k) else {
                continue;
            };
            for o in options {
                let mine = &self.items[o.index()];
                let starves = (0..view.len()).any(|j| {
                    !mine.contains(&self.watched[j].0)
                        && view.available(j).is_some_and(|mut others| {
                            others.all(|p| !self.items[p.index()].is_disjoint(mine))
                        })
                });
                if starves {
                    remove.push(o);
                }
            }
        }
    }
}

#[test]
fn a_sound_rule_keeps_the_solutions_and_cuts_the_tree() {
    for n in [5, 6, 8] {
        let plain = queens(n);
        let pruned = queens(n).with_propagator(Arc::new(LookAhead::new(&plain)));
        let mut a = Links::new(&plain, Config::default());
        let (all_a, out_a) = a.collect(u64::MAX);
        let mut b = Links::new(&pruned, Config::default());
        let (all_b, out_b) = b.collect(u64::MAX);
        assert_eq!(solution_set(&all_a), solution_set(&all_b), "queens {n}");
        assert!(out_b.stats.nodes < out_a.stats.nodes, "queens {n}");
        // Everything removed was put back.
        b.validate().unwrap();
        for s in &all_b {
            dlx_engine::reference::check(&pruned, s).unwrap();
        }
    }
}

#[test]
fn threads_splits_shards_and_budgets_use_the_rule() {
    let plain = queens(8);
    let p = queens(8).with_propagator(Arc::new(LookAhead::new(&plain)));
    let one = Links::new(&p, Config::default()).count();
    assert_eq!(one.stats.solutions, 92);
    for algorithm in [Algorithm::Links, Algorithm::Cells] {
        for threads in [2, 3] {
            let out = ParallelSearch::new(&p, Config::default(), threads)
                .algorithm(algorithm)
                .count();
            assert_eq!(out.stats.solutions, 92, "{algorithm:?} {threads}");
            if algorithm == Algorithm::Links {
                // The pieces add up to the sequential search exactly.
                assert_eq!(out.stats.nodes, one.stats.nodes);
            }
        }
    }
    let plan = shard::plan(&p, &Config::default(), Algorithm::Links, SplitAt::Depth(2));
    let mut nodes = 0;
    for s in &plan.shards {
        let out = shard::solve(&p, &Config::default(), Algorithm::Links, s).unwrap();
        nodes += out.stats.nodes;
        assert!(out.is_complete());
    }
    // The shards (shard 0 carrying the work above the cut) add up to the whole search.
    assert_eq!(nodes, one.stats.nodes);
    // A budget stops it, and resuming finishes with the same totals.
    let mut s = Links::new(
        &p,
        Config {
            node_budget: Some(one.stats.nodes / 2),
            ..Config::default()
        },
    );
    let half = s.count();
    assert_eq!(half.status, dlx_engine::Status::NodeBudget);
    let (rec, _) = dlx_engine::record::record(&p, Config::default(), 1_000_000, u64::MAX);
    assert_eq!(rec.solutions, 92);
}

/// No removals, only branching weights: item `heavy` weighs 100, every other 1.
#[derive(Debug)]
struct Steer {
    heavy: usize,
    per_option: bool,
}

impl Propagate for Steer {
    fn watched(&self) -> &[ItemId] {
        &[]
    }

    fn propagate(&self, _: &View<'_>, _: &mut Vec<OptionId>) {}

    fn branch_weights(&self) -> Option<dlx_engine::Weights> {
        let mut start = vec![1; self.heavy + 1];
        start[self.heavy] = 100;
        Some(dlx_engine::Weights {
            start,
            rest: 1,
            per_option: self.per_option,
        })
    }
}

/// The items branched on at the root, in order.
#[derive(Default)]
struct Roots(Vec<ItemId>);

impl dlx_engine::Observer for Roots {
    fn solution(&mut self, _: &[OptionId]) -> std::ops::ControlFlow<()> {
        std::ops::ControlFlow::Continue(())
    }

    fn choose(&mut self, level: usize, item: ItemId, _: usize) {
        if level == 0 {
            self.0.push(item);
        }
    }
}

#[test]
fn branch_weights_steer_dancing_cells_and_keep_the_solutions() {
    // Every row and column of 6 queens starts with 6 options: fewest options takes the first
    // row, the weights take column 3 (item 6 + 3).
    let plain = queens(6);
    let mut roots = Roots::default();
    let out = dlx_engine::Cells::new(&plain, Config::default()).run(&mut roots);
    assert_eq!(roots.0, [ItemId(0)]);
    assert_eq!(out.stats.solutions, 4);
    let (a, _) = dlx_engine::Cells::new(&plain, Config::default()).collect(u64::MAX);
    // Per option or as a tie-break (all have 6 options), column 3 goes first.
    for per_option in [true, false] {
        let steered = queens(6).with_propagator(Arc::new(Steer {
            heavy: 9,
            per_option,
        }));
        let mut roots = Roots::default();
        let out = dlx_engine::Cells::new(&steered, Config::default()).run(&mut roots);
        assert_eq!(roots.0, [ItemId(9)]);
        assert_eq!(out.stats.solutions, 4);
        let (b, _) = dlx_engine::Cells::new(&steered, Config::default()).collect(u64::MAX);
        assert_eq!(solution_set(&a), solution_set(&b));
    }
}

#[test]
fn branch_weights_keep_the_count_across_threads_and_shards() {
    // Each thread's and shard's weights live their own failures, so a piece's replay may meet
    // another branch item than the split did: the count must not care.
    for per_option in [true, false] {
        let p = queens(8).with_propagator(Arc::new(Steer {
            heavy: 11,
            per_option,
        }));
        for threads in [1, 2, 3] {
            let out = ParallelSearch::new(&p, Config::default(), threads)
                .algorithm(Algorithm::Cells)
                .count();
            assert_eq!(out.stats.solutions, 92, "{per_option} {threads}");
        }
        for depth in [1, 3, 5] {
            let plan = shard::plan(
                &p,
                &Config::default(),
                Algorithm::Cells,
                SplitAt::Depth(depth),
            );
            let mut solutions = 0;
            for s in &plan.shards {
                let out = shard::solve(&p, &Config::default(), Algorithm::Cells, s).unwrap();
                assert!(out.is_complete());
                solutions += out.stats.solutions;
            }
            assert_eq!(solutions, 92, "{per_option} depth {depth}");
        }
    }
}

/// Solutions as sets of option numbers, in any order.
fn solution_set(v: &[Vec<OptionId>]) -> HashSet<Vec<u32>> {
    v.iter()
        .map(|s| {
            let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
            s.sort();
            s
        })
        .collect()
}

/// The rooks' problem (rows and columns), whose propagator holds the queens' diagonals the
/// items leave out: it prunes nothing and refuses, in `accept`, a placement with two queens on
/// one diagonal (a lean problem, as the variants build them).
#[derive(Debug)]
struct Diagonals {
    n: usize,
    watched: Vec<ItemId>,
}

impl Propagate for Diagonals {
    fn watched(&self) -> &[ItemId] {
        &self.watched
    }

    fn propagate(&self, _: &View<'_>, _: &mut Vec<OptionId>) {}

    fn accept(&self, chosen: &[OptionId]) -> bool {
        let at = |o: &OptionId| (o.index() / self.n, o.index() % self.n);
        chosen.iter().enumerate().all(|(k, a)| {
            chosen[k + 1..].iter().all(|b| {
                let ((r, c), (s, d)) = (at(a), at(b));
                r + d != s + c && r + c != s + d
            })
        })
    }
}

fn rooks(n: usize) -> Problem {
    let mut text = String::new();
    for r in 0..n {
        text.push_str(&format!("r{r} "));
    }
    for c in 0..n {
        text.push_str(&format!("c{c} "));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c}\n"));
        }
    }
    format::parse(&text).unwrap().0
}

#[test]
fn a_refused_leaf_is_no_solution_on_both_algorithms_and_every_thread_count() {
    let n = 6;
    let full = queens(n);
    let lean = rooks(n).with_propagator(Arc::new(Diagonals {
        n,
        watched: Vec::new(),
    }));
    // Both number the option of a queen at (r, c) r * n + c: the same solutions.
    let (want, _) = Links::new(&full, Config::default()).collect(u64::MAX);
    assert_eq!(want.len(), 4);
    let (a, out) = Links::new(&lean, Config::default()).collect(u64::MAX);
    assert_eq!(solution_set(&a), solution_set(&want));
    // Every leaf of the rooks' tree (6! of them) was visited; only 4 were accepted.
    assert_eq!(out.stats.solutions, 4);
    assert!(out.stats.nodes > 720);
    let (b, _) = dlx_engine::Cells::new(&lean, Config::default()).collect(u64::MAX);
    assert_eq!(solution_set(&b), solution_set(&want));
    for algorithm in [Algorithm::Links, Algorithm::Cells] {
        for threads in [2, 3] {
            let out = ParallelSearch::new(&lean, Config::default(), threads)
                .algorithm(algorithm)
                .count();
            assert_eq!(out.stats.solutions, 4, "{algorithm:?} {threads}");
        }
    }
}

#[test]
fn a_problem_with_no_item_left_is_a_solution_only_if_accepted() {
    // No item at all (a variant whose lowering settled every cell): the empty set of options.
    let empty = || dlx_engine::ProblemBuilder::new().build();
    /// Refuses everything.
    #[derive(Debug)]
    struct Never;
    impl Propagate for Never {
        fn watched(&self) -> &[ItemId] {
            &[]
        }
        fn propagate(&self, _: &View<'_>, _: &mut Vec<OptionId>) {}
        fn accept(&self, _: &[OptionId]) -> bool {
            false
        }
    }
    for algorithm in [Algorithm::Links, Algorithm::Cells] {
        let out = ParallelSearch::new(&empty(), Config::default(), 1)
            .algorithm(algorithm)
            .count();
        assert_eq!(out.stats.solutions, 1, "{algorithm:?}");
        let refused = empty().with_propagator(Arc::new(Never));
        let out = ParallelSearch::new(&refused, Config::default(), 1)
            .algorithm(algorithm)
            .count();
        assert_eq!(out.stats.solutions, 0, "{algorithm:?}");
    }
}

/// [`LookAhead`] that counts its calls and says whether it is closed under forced moves.
#[derive(Debug)]
struct Counted {
    inner: LookAhead,
    closed: bool,
    calls: std::sync::atomic::AtomicU64,
}

impl Propagate for Counted {
    fn watched(&self) -> &[ItemId] {
        self.inner.watched()
    }

    fn propagate(&self, view: &View<'_>, remove: &mut Vec<OptionId>) {
        self.calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.propagate(view, remove);
    }

    fn closed(&self) -> bool {
        self.closed
    }
}

#[test]
fn a_closed_rule_is_asked_less_and_keeps_the_solutions() {
    for n in [6, 8] {
        let plain = queens(n);
        let (want, _) = dlx_engine::Cells::new(&plain, Config::default()).collect(u64::MAX);
        let mut calls = Vec::new();
        for closed in [false, true] {
            let rule = Arc::new(Counted {
                inner: LookAhead::new(&plain),
                closed,
                calls: Default::default(),
            });
            let pruned = queens(n).with_propagator(rule.clone());
            let mut search = dlx_engine::Cells::new(&pruned, Config::default());
            let (got, _) = search.collect(u64::MAX);
            assert_eq!(
                solution_set(&got),
                solution_set(&want),
                "queens {n} {closed}"
            );
            search.validate().unwrap();
            calls.push(rule.calls.load(std::sync::atomic::Ordering::Relaxed));
        }
        // Without the promise the rule is asked again after the forced moves it causes; with
        // it, once each time a level is entered.
        assert!(calls[1] < calls[0], "queens {n}: {calls:?}");
    }
}
