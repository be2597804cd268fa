//! Parallel search: the tree is split into independent subproblems that threads take from a
//! shared pool (rayon's work stealing).
//!
//! [`Links::split`] runs the search down to a level `d` and records every partial solution
//! there (a *prefix*); each prefix becomes a fresh [`Links`] that replays it with
//! [`Links::force`] and explores its subtree. Because the subtrees partition the sequential
//! tree, counts, nodes and updates are identical for any number of threads. Solutions can be
//! delivered in the sequential order or as they come. In order, they still stream: the first
//! subproblem not yet delivered hands its solutions over as it finds them, the others buffer
//! theirs until every subproblem before them has been delivered, so the first solutions come
//! as soon as the sequential search would find them.
//!
//! [`Cells`] splits the same way ([`Cells::split`], [`Cells::force`], with `d` counting branch
//! levels), chosen with [`ParallelSearch::algorithm`]. Its subtrees partition the sequential
//! tree too, so solutions, nodes and `level_nodes` are those of the sequential search; but a
//! sparse set is restored by its size, not its order, so the order in which a subtree meets
//! its options depends on the subtrees searched before it, and a fresh replay meets them in
//! another order. Hence for `Cells` the forced moves and updates (the work before a failure is
//! found) and the order of solutions and of options within one differ slightly from the
//! sequential search (by 0.05% to 2% on the repository's samples). They depend only on the
//! split, which is the same for up to [`CELLS_MIN_PIECES`]` / 64` threads.
//!
//! One node budget, one deadline and one stop request are shared by all threads. The budget is
//! a hard cap, as on one thread (issue 22): the nodes left after the split are a pool from
//! which each thread takes a node before it may count it. A thread learns of every node it
//! enters (its pieces then report progress at every node) and of every leaf (a solution), and
//! always holds one node in hand for the next leaf, which is counted without asking. So the
//! nodes of all threads never exceed the budget; they may end a few nodes (at most one per
//! thread) below it.
//!
//! The split costs no more than a bounded number of fresh searches (issue 22): each prefix is
//! replayed by a fresh search, whose setup is linear in the size of the problem, so a split
//! into more than [`MAX_PIECES`] prefixes is not used: the level above it is (it had fewer
//! than the target), or, at the first level, the search runs on one thread.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use dlx_time::Instant;

use crate::cells::Cells;
use crate::links::Links;
use crate::problem::{OptionId, Problem};
use crate::search::{Config, Observer, Outcome, Piece, Progress, Search, Stats, Status};

/// The search algorithm a [`ParallelSearch`] runs on each piece (spelled `links` and `cells`,
/// see [`crate::request`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Algorithm {
    /// Dancing links ([`Links`], Knuth's Algorithm C): identical statistics and solution
    /// order for any number of threads. The default.
    #[default]
    Links,
    /// Dancing cells ([`Cells`], Knuth's SSXCC): identical solutions, nodes and `level_nodes`
    /// for any number of threads; see the module docs for forced moves, updates and order.
    Cells,
}

/// For [`Algorithm::Cells`], the fewest prefixes a split aims at, whatever the number of
/// threads, so that up to `CELLS_MIN_PIECES / 64` threads split alike and report the same
/// forced moves and updates.
pub const CELLS_MIN_PIECES: usize = 256;

/// The most prefixes a [`ParallelSearch`] hands to its threads. Each is replayed by a fresh
/// search (setup linear in the problem), so with an item of 30,000 options at the first level
/// a split there cost 30,000 setups, quadratic in the problem (issue 22).
pub const MAX_PIECES: usize = 4096;

/// A search over several threads.
///
/// ```
/// use dlx_engine::{format, Config, ParallelSearch};
/// let (p, _) = format::parse("a b c\na\nb\nc\na b\nb c\n").unwrap();
/// let out = ParallelSearch::new(&p, Config::default(), 2).count();
/// assert_eq!(out.stats.solutions, 3);
///
/// // The same on dancing cells.
/// use dlx_engine::parallel::Algorithm;
/// let out = ParallelSearch::new(&p, Config::default(), 2)
///     .algorithm(Algorithm::Cells)
///     .count();
/// assert_eq!(out.stats.solutions, 3);
/// ```
#[derive(Clone, Debug)]
pub struct ParallelSearch<'a> {
    problem: &'a Problem,
    config: Config,
    threads: usize,
    ordered: bool,
    limit: Option<u64>,
    algorithm: Algorithm,
    interrupt: Option<&'a AtomicBool>,
}

struct Shared<'a> {
    stop: AtomicBool,
    /// Set with `stop` when the nodes reached the budget (then the status is `NodeBudget`).
    out_of_budget: AtomicBool,
    /// Solutions handed to the visitor.
    visited: AtomicU64,
    /// Ordered mode: the first piece not yet delivered (`Delivery::next`, readable without the
    /// lock). It only grows, and only when that piece has finished, so a worker that reads its
    /// own piece here stays the one to deliver until it finishes.
    front: AtomicUsize,
    /// Set with `stop` when the visitor asked to stop (then the count is `visited`).
    visitor_stopped: AtomicBool,
    nodes: AtomicU64,
    /// The nodes of the budget no thread has taken yet (`u64::MAX` without a budget).
    /// Invariant: `remaining + taken by the threads + nodes of the split <= budget`.
    remaining: AtomicU64,
    solutions: AtomicU64,
    /// Sum of the tree shares (as `f64` bits) of the finished subproblems.
    done: AtomicU64,
    budget: u64,
    start: Instant,
    progress: &'a (dyn Fn(&Progress) + Sync),
    interrupt: Option<&'a AtomicBool>,
}

impl Shared<'_> {
    fn budgeted(&self) -> bool {
        self.budget != u64::MAX
    }

    /// Takes `n` nodes from the pool; `false` (and the search stops, out of budget) if fewer
    /// are left.
    fn take(&self, n: u64) -> bool {
        let taken = self
            .remaining
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |r| r.checked_sub(n))
            .is_ok();
        if !taken {
            self.out_of_budget.store(true, Ordering::Relaxed);
            self.stop.store(true, Ordering::Relaxed);
        }
        taken
    }

    /// Gives back `n` nodes taken and not used.
    fn give_back(&self, n: u64) {
        self.remaining.fetch_add(n, Ordering::Relaxed);
    }

    fn add_done(&self, share: f64) {
        let mut cur = self.done.load(Ordering::Relaxed);
        loop {
            let new = (f64::from_bits(cur) + share).to_bits();
            match self
                .done
                .compare_exchange_weak(cur, new, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return,
                Err(c) => cur = c,
            }
        }
    }
}

/// The visitor and, in ordered mode, the pieces finished but not yet delivered, behind one
/// lock, so that solutions reach the visitor one at a time and in order.
///
/// Invariant (ordered mode): `finished[p].is_some()` for every finished piece `p`; the
/// solutions of the pieces `0..next` have all been delivered (unless the visitor stopped), and
/// `next == shared.front`.
struct Delivery<V> {
    visit: V,
    next: usize,
    finished: Vec<Option<Vec<Vec<OptionId>>>>,
}

impl<V: FnMut(&[OptionId]) -> ControlFlow<()>> Delivery<V> {
    /// Hands one solution to the visitor; `None` if the visitor had already asked to stop.
    /// A `Break` from the visitor stops every thread.
    fn visit(&mut self, shared: &Shared<'_>, options: &[OptionId]) -> Option<ControlFlow<()>> {
        if shared.visitor_stopped.load(Ordering::Relaxed) {
            return None;
        }
        shared.visited.fetch_add(1, Ordering::Relaxed);
        let flow = (self.visit)(options);
        if flow.is_break() {
            shared.visitor_stopped.store(true, Ordering::Relaxed);
            shared.stop.store(true, Ordering::Relaxed);
        }
        Some(flow)
    }

    /// Ordered mode: piece `piece` has finished with `rest` undelivered; delivers every
    /// finished piece from the front on, in order.
    fn finish(&mut self, shared: &Shared<'_>, piece: usize, rest: Vec<Vec<OptionId>>) {
        self.finished[piece] = Some(rest);
        while let Some(Some(solutions)) = self.finished.get_mut(self.next) {
            let solutions = std::mem::take(solutions);
            for s in &solutions {
                if self.visit(shared, s).is_none_or(|f| f.is_break()) {
                    break;
                }
            }
            self.next += 1;
            shared.front.store(self.next, Ordering::Release);
        }
    }
}

fn lock<V>(delivery: &Mutex<Delivery<V>>) -> std::sync::MutexGuard<'_, Delivery<V>> {
    delivery.lock().unwrap_or_else(|e| e.into_inner())
}

/// The observer each thread runs on piece `piece`: shares the budget and the stop flag, and
/// passes solutions on at once (unordered, or ordered while its piece is the front one) or
/// buffers them for ordered delivery.
struct Worker<'s, 'a, V> {
    shared: &'s Shared<'a>,
    delivery: &'s Mutex<Delivery<V>>,
    piece: usize,
    buffer: Option<Vec<Vec<OptionId>>>,
    found: u64,
    limit: u64,
    reported_nodes: u64,
    share: f64,
    /// With a budget: the nodes this piece has taken from the pool. Invariant, at each call
    /// from the search: `granted >= nodes counted + 1` (one in hand for a leaf).
    granted: u64,
    /// With a budget: the leaves counted since the last progress report, whose node count
    /// (`reported_nodes`) is exact, as pieces report at every node.
    leaves: u64,
}

impl<V> Worker<'_, '_, V> {
    /// With a budget, after a leaf: takes the node in hand's replacement; `false` if the pool
    /// is empty (the search must stop).
    fn keep_one_in_hand(&mut self, counted: u64) -> bool {
        if !self.shared.budgeted() || self.granted > counted {
            return true;
        }
        let need = counted + 1 - self.granted;
        if self.shared.take(need) {
            self.granted += need;
            true
        } else {
            false
        }
    }
}

impl<V: FnMut(&[OptionId]) -> ControlFlow<()>> Worker<'_, '_, V> {
    /// Passes a solution on (or buffers it, in ordered mode off the front).
    fn deliver(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.shared.solutions.fetch_add(1, Ordering::Relaxed);
        self.found += 1;
        // No piece needs more than `limit` solutions of its own (ordered mode: the visitor
        // stops within them).
        let enough = if self.found >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        };
        if let Some(buffer) = &mut self.buffer {
            if self.shared.front.load(Ordering::Acquire) != self.piece {
                buffer.push(options.to_vec());
                return enough;
            }
            // The front piece: what it buffered before becoming the front, then this one.
            let mut delivery = lock(self.delivery);
            for s in buffer.drain(..) {
                if delivery.visit(self.shared, &s).is_none_or(|f| f.is_break()) {
                    return ControlFlow::Break(());
                }
            }
            return match delivery.visit(self.shared, options) {
                Some(ControlFlow::Continue(())) => enough,
                _ => ControlFlow::Break(()),
            };
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        let mut delivery = lock(self.delivery);
        // Checked under the lock: another thread's visit may have asked to stop.
        if self.shared.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        delivery
            .visit(self.shared, options)
            .unwrap_or(ControlFlow::Break(()))
    }
}

impl<V: FnMut(&[OptionId]) -> ControlFlow<()>> Observer for Worker<'_, '_, V> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.leaves += 1;
        let flow = self.deliver(options);
        // The leaf was the node in hand: it counts; without a new one the search stops.
        if !self.keep_one_in_hand(self.reported_nodes + self.leaves) {
            return ControlFlow::Break(());
        }
        flow
    }
    fn progress(&mut self, p: &Progress) -> ControlFlow<()> {
        if self.shared.budgeted() {
            self.leaves = 0;
            // The node being entered, and one more in hand; refused, the search takes the
            // node back (so it counts `p.nodes - 1`, all taken).
            if !self.keep_one_in_hand(p.nodes) {
                return ControlFlow::Break(());
            }
        }
        let delta = p.nodes.saturating_sub(self.reported_nodes);
        self.reported_nodes = p.nodes;
        let total = self.shared.nodes.fetch_add(delta, Ordering::Relaxed) + delta;
        let done = f64::from_bits(self.shared.done.load(Ordering::Relaxed));
        (self.shared.progress)(&Progress {
            fraction: (done + self.share * p.fraction).min(1.0),
            nodes: total,
            solutions: self.shared.solutions.load(Ordering::Relaxed),
            level: p.level,
            elapsed: self.shared.start.elapsed(),
        });
        if self
            .shared
            .interrupt
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl<'a> ParallelSearch<'a> {
    /// A search of `problem` on `threads` threads (0 = all cores).
    pub fn new(problem: &'a Problem, config: Config, threads: usize) -> Self {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        ParallelSearch {
            problem,
            config,
            threads,
            ordered: false,
            limit: None,
            algorithm: Algorithm::Links,
            interrupt: None,
        }
    }

    /// A flag that stops the search (with [`Status::Stopped`]) once set, from any thread:
    /// looked at every [`Config::check_interval`] nodes (for example to stop on Ctrl-C).
    pub fn interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// The algorithm to run ([`Algorithm::Links`] unless told).
    pub fn algorithm(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// Deliver solutions in the order of the single-threaded search: the first subproblem not
    /// yet delivered passes its solutions on as it finds them, the others buffer theirs until
    /// the ones before them are delivered.
    pub fn ordered(mut self, ordered: bool) -> Self {
        self.ordered = ordered;
        self
    }

    /// The caller will stop after `limit` solutions: in ordered mode no subproblem then looks
    /// for more than `limit` solutions of its own.
    pub fn limit(mut self, limit: Option<u64>) -> Self {
        self.limit = limit;
        self
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Counts the solutions.
    pub fn count(&self) -> Outcome {
        self.run(|_| ControlFlow::Continue(()), &|_| {})
    }

    /// Collects up to `limit` solutions (in the sequential order when [`ordered`](Self::ordered));
    /// the search stops at the limit, with [`Status::Stopped`].
    pub fn collect(&self, limit: u64) -> (Vec<Vec<OptionId>>, Outcome) {
        let mut sols = Vec::new();
        if limit == 0 {
            let out = Outcome {
                status: Status::Stopped,
                stats: Stats::default(),
                elapsed: Duration::ZERO,
            };
            return (sols, out);
        }
        let search = self
            .clone()
            .limit(Some(self.limit.unwrap_or(limit).min(limit)));
        let out = search.run(
            |s| {
                sols.push(s.to_vec());
                if sols.len() as u64 >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
            &|_| {},
        );
        (sols, out)
    }

    /// Runs the search, calling `visit` for each solution (from any thread, one at a time)
    /// and `progress` from time to time. A `Break` from `visit` stops every thread.
    pub fn run<V>(&self, visit: V, progress: &(dyn Fn(&Progress) + Sync)) -> Outcome
    where
        V: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        match self.algorithm {
            Algorithm::Links => self.run_with::<Links, V>(visit, progress),
            Algorithm::Cells => self.run_with::<Cells, V>(visit, progress),
        }
    }

    fn run_with<A: Search, V>(&self, visit: V, progress: &(dyn Fn(&Progress) + Sync)) -> Outcome
    where
        V: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        let start = Instant::now();
        let single = |visit: V| {
            let mut obs = SingleThread {
                visit,
                progress,
                interrupt: self.interrupt,
            };
            let mut out = A::new(self.problem, self.config.clone()).run(&mut obs);
            out.elapsed = start.elapsed();
            out
        };
        if self.threads <= 1 {
            return single(visit);
        }
        let Some((pieces, top)) = self.split::<A>() else {
            // Too many pieces even at the first level: one thread costs less.
            return single(visit);
        };
        if top.status != Status::Complete {
            // The budget or the deadline ran out while splitting: the pieces cover only
            // part of the tree. Deliver the solutions found on the way, in order, and stop.
            let mut visit = visit;
            let mut stats = top.stats;
            let mut delivered = 0;
            for piece in &pieces {
                if let Piece::Solution(s) = piece {
                    delivered += 1;
                    if visit(s).is_break() {
                        stats.solutions = delivered;
                        break;
                    }
                }
            }
            return Outcome {
                status: top.status,
                stats,
                elapsed: start.elapsed(),
            };
        }
        let shared = Shared {
            stop: AtomicBool::new(false),
            out_of_budget: AtomicBool::new(false),
            visited: AtomicU64::new(0),
            front: AtomicUsize::new(0),
            visitor_stopped: AtomicBool::new(false),
            nodes: AtomicU64::new(top.stats.nodes),
            remaining: AtomicU64::new(match self.config.node_budget {
                Some(b) => b.saturating_sub(top.stats.nodes),
                None => u64::MAX,
            }),
            solutions: AtomicU64::new(0),
            done: AtomicU64::new(0f64.to_bits()),
            budget: self.config.node_budget.unwrap_or(u64::MAX),
            start,
            progress,
            interrupt: self.interrupt,
        };
        let delivery = Mutex::new(Delivery {
            visit,
            next: 0,
            finished: if self.ordered {
                vec![None; pieces.len()]
            } else {
                Vec::new()
            },
        });
        let limit = self.limit.unwrap_or(u64::MAX);
        let mut config = self.config.clone();
        config.node_budget = None;
        config.check_interval = if shared.budgeted() {
            // Each node is taken from the shared pool before it counts.
            1
        } else {
            config.check_interval.min(1024)
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build();
        let solve = |index: usize, piece: &Piece| -> (Status, Stats, Vec<Vec<OptionId>>) {
            match piece {
                Piece::Solution(s) => {
                    // Found, and counted, by the split itself.
                    if self.ordered {
                        return (Status::Complete, Stats::default(), vec![s.clone()]);
                    }
                    shared.solutions.fetch_add(1, Ordering::Relaxed);
                    let mut delivery = lock(&delivery);
                    if shared.stop.load(Ordering::Relaxed) {
                        return (Status::Stopped, Stats::default(), Vec::new());
                    }
                    let _ = delivery.visit(&shared, s);
                    (Status::Complete, Stats::default(), Vec::new())
                }
                Piece::Prefix(prefix, share) => {
                    if let Some(d) = config.deadline
                        && Instant::now() >= d
                    {
                        shared.stop.store(true, Ordering::Relaxed);
                        return (Status::Deadline, Stats::default(), Vec::new());
                    }
                    if shared.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
                        shared.stop.store(true, Ordering::Relaxed);
                    }
                    if shared.stop.load(Ordering::Relaxed) {
                        return (Status::Stopped, Stats::default(), Vec::new());
                    }
                    // The node in hand for a first leaf.
                    if shared.budgeted() && !shared.take(1) {
                        return (Status::NodeBudget, Stats::default(), Vec::new());
                    }
                    let mut search = A::new(self.problem, config.clone());
                    if search.force(prefix).is_err() {
                        // Cannot happen for prefixes made by `split`; count it as incomplete.
                        return (Status::Stopped, Stats::default(), Vec::new());
                    }
                    let mut worker = Worker {
                        shared: &shared,
                        delivery: &delivery,
                        piece: index,
                        buffer: self.ordered.then(Vec::new),
                        found: 0,
                        limit,
                        reported_nodes: 0,
                        share: *share,
                        granted: 1,
                        leaves: 0,
                    };
                    let out = search.run(&mut worker);
                    if shared.budgeted() {
                        shared.give_back(worker.granted.saturating_sub(out.stats.nodes));
                    }
                    // A search stopped from `progress` takes back the node it was entering,
                    // so it may end one node below what it reported.
                    let reported = worker.reported_nodes;
                    if out.stats.nodes >= reported {
                        let tail = out.stats.nodes - reported;
                        shared.nodes.fetch_add(tail, Ordering::Relaxed);
                    } else {
                        shared
                            .nodes
                            .fetch_sub(reported - out.stats.nodes, Ordering::Relaxed);
                    }
                    if out.is_complete() {
                        shared.add_done(*share);
                    }
                    (out.status, out.stats, worker.buffer.unwrap_or_default())
                }
            }
        };
        let work = |(index, piece): (usize, &Piece)| -> (Status, Stats) {
            let (status, stats, rest) = solve(index, piece);
            if self.ordered {
                // Every piece finishes, even one skipped after a stop, so that the pieces
                // after it are delivered.
                lock(&delivery).finish(&shared, index, rest);
            }
            (status, stats)
        };
        let results: Vec<_> = match &pool {
            Ok(pool) => pool.install(|| {
                use rayon::prelude::*;
                pieces
                    .par_iter()
                    .enumerate()
                    .with_max_len(1)
                    .map(work)
                    .collect()
            }),
            Err(_) => pieces.iter().enumerate().map(work).collect(),
        };
        let mut stats = top.stats.clone();
        let mut status = Status::Complete;
        for (st, s) in results {
            stats.merge(&s);
            status = worse(status, st);
        }
        if shared.visitor_stopped.load(Ordering::Relaxed) {
            // The count is what the visitor saw, not what the threads found before they
            // noticed the stop (nor what the split found ahead of them).
            status = Status::Stopped;
            stats.solutions = shared.visited.load(Ordering::Relaxed);
        } else if status == Status::Stopped && !shared.stop.load(Ordering::Relaxed) {
            status = Status::Complete;
        } else if status == Status::Stopped && shared.out_of_budget.load(Ordering::Relaxed) {
            status = Status::NodeBudget;
        }
        if let Some(d) = self.config.deadline
            && status == Status::Stopped
            && Instant::now() >= d
        {
            status = Status::Deadline;
        }
        Outcome {
            status,
            stats,
            elapsed: start.elapsed(),
        }
    }

    /// Splits the tree at the shallowest level that gives enough pieces for load balancing,
    /// but into at most [`MAX_PIECES`] prefixes: a level that gives more is replaced by the
    /// one above it; `None` if that is the root (the search is best run on one thread).
    #[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
    pub fn split<A: Search>(&self) -> Option<(Vec<Piece>, Outcome)> {
        let target = match self.algorithm {
            Algorithm::Links => 64 * self.threads,
            Algorithm::Cells => (64 * self.threads).max(CELLS_MIN_PIECES),
        }
        .min(MAX_PIECES);
        // Narrow trees (a Sudoku's forced chain) need a deep split; the work above the split
        // is done on one thread, so it is kept small.
        let (pieces, out, depth) = split_for::<A>(self.problem, &self.config, target, 200_000);
        if prefix_count(&pieces) <= MAX_PIECES {
            return Some((pieces, out));
        }
        if depth <= 1 {
            return None;
        }
        // The level above gave fewer than `target` prefixes (else the split stopped there).
        let mut search = A::new(self.problem, self.config.clone());
        Some(search.split(depth - 1))
    }
}

/// Splits the tree of `problem` at the shallowest branch level (from 1 up to 64) that gives at
/// least `target` prefixes, or whose split costs more than `max_nodes` nodes, or that leaves
/// none; returns the pieces, the outcome of the work above the split and the level. Shared by
/// [`ParallelSearch`] and the shards of [`crate::shard`].
pub(crate) fn split_for<A: Search>(
    problem: &Problem,
    config: &Config,
    target: usize,
    max_nodes: u64,
) -> (Vec<Piece>, Outcome, usize) {
    let mut depth = 1;
    loop {
        let mut search = A::new(problem, config.clone());
        let (pieces, out) = search.split(depth);
        let prefixes = prefix_count(&pieces);
        if prefixes >= target || prefixes == 0 || depth >= 64 || out.stats.nodes > max_nodes {
            return (pieces, out, depth);
        }
        depth += 1;
    }
}

/// The number of prefixes in `pieces` (`pub` for the unit tests in `tests/unit`).
#[doc(hidden)]
pub fn prefix_count(pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .filter(|p| matches!(p, Piece::Prefix(..)))
        .count()
}

/// The more serious of two statuses: a budget or deadline stop outranks a requested stop.
fn worse(a: Status, b: Status) -> Status {
    let rank = |s: Status| match s {
        Status::Complete => 0,
        Status::Stopped => 1,
        Status::NodeBudget => 2,
        Status::Deadline => 3,
    };
    if rank(b) > rank(a) { b } else { a }
}

struct SingleThread<'p, V> {
    visit: V,
    progress: &'p (dyn Fn(&Progress) + Sync),
    interrupt: Option<&'p AtomicBool>,
}

impl<V: FnMut(&[OptionId]) -> ControlFlow<()>> Observer for SingleThread<'_, V> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        (self.visit)(options)
    }
    fn progress(&mut self, p: &Progress) -> ControlFlow<()> {
        (self.progress)(p);
        if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
