//! What every solver shares: configuration, statistics, outcomes, and the [`Observer`] through
//! which a search reports solutions, decisions and progress.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::problem::{ItemId, OptionId};

/// How the next item to branch on is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Minimum remaining values: the first primary item with the fewest options left, as in
    /// Knuth's DLX1. The default.
    #[default]
    Mrv,
    /// The leftmost primary item still uncovered (the "alternate" method of the articles).
    Leftmost,
}

/// Limits and reporting for one search.
#[derive(Clone, Debug)]
pub struct Config {
    /// How the branching item is chosen.
    pub heuristic: Heuristic,
    /// Stop before entering a search-tree node beyond this many.
    pub node_budget: Option<u64>,
    /// Stop once this instant has passed (checked every [`Config::check_interval`] nodes).
    pub deadline: Option<Instant>,
    /// How often, in nodes, the deadline is checked and [`Observer::progress`] is called.
    /// Rounded up to a power of two.
    pub check_interval: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            heuristic: Heuristic::Mrv,
            node_budget: None,
            deadline: None,
            check_interval: 4096,
        }
    }
}

impl Config {
    /// Sets the deadline to `limit` from now.
    pub fn with_time_limit(mut self, limit: Duration) -> Self {
        self.deadline = Instant::now().checked_add(limit);
        self
    }
}

/// Counts of the work done, always collected.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes: +1 for each level entered with a primary item uncovered, +1 for each
    /// solution (as Knuth's DLX1 counts them).
    pub nodes: u64,
    /// +1 for each item taken out of the active list, +1 for each node taken out of an item's
    /// list (Knuth's `updates`).
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The deepest level reached, counting the solution level (options in the longest partial
    /// solution).
    pub max_depth: usize,
    /// `level_nodes[l]` is the number of nodes entered at level `l`.
    pub level_nodes: Vec<u64>,
    /// Forced moves committed without a branch node (only algorithms that batch them).
    pub forced: u64,
}

impl Stats {
    /// Adds the counts of another search (for example a subproblem of a parallel search).
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
        self.forced += other.forced;
        self.max_depth = self.max_depth.max(other.max_depth);
        if self.level_nodes.len() < other.level_nodes.len() {
            self.level_nodes.resize(other.level_nodes.len(), 0);
        }
        for (a, b) in self.level_nodes.iter_mut().zip(&other.level_nodes) {
            *a += b;
        }
    }
}

/// Why a search returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The whole search tree was explored: the counts are exact.
    Complete,
    /// The observer asked to stop (for example after a solution limit).
    Stopped,
    /// The node budget ran out.
    NodeBudget,
    /// The deadline passed.
    Deadline,
}

impl Status {
    /// Whether the search explored everything.
    pub fn is_complete(self) -> bool {
        self == Status::Complete
    }

    /// A short lowercase word for reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Complete => "complete",
            Status::Stopped => "stopped",
            Status::NodeBudget => "node budget exhausted",
            Status::Deadline => "time limit reached",
        }
    }
}

/// A snapshot of a running search, for progress reports.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Estimated fraction of the search tree explored, in `[0, 1]`.
    pub fraction: f64,
    /// Nodes so far.
    pub nodes: u64,
    /// Solutions so far.
    pub solutions: u64,
    /// The current depth.
    pub level: usize,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Receives what a search finds and does. Every method but [`Observer::solution`] has an empty
/// default, which costs nothing in the search loop.
pub trait Observer {
    /// A solution, as its options in the order they were chosen. Return `Break` to stop.
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()>;

    /// At `level`, item `item` was chosen to branch on; it has `options` options left (0 is a
    /// dead end: the search backtracks at once).
    #[inline(always)]
    fn choose(&mut self, level: usize, item: ItemId, options: usize) {
        let _ = (level, item, options);
    }

    /// At `level`, option `option` is tried.
    #[inline(always)]
    fn try_option(&mut self, level: usize, option: OptionId) {
        let _ = (level, option);
    }

    /// Every option of the item chosen at `level` has been tried; the search backs up.
    #[inline(always)]
    fn backtrack(&mut self, level: usize, item: ItemId) {
        let _ = (level, item);
    }

    /// Called every [`Config::check_interval`] nodes. Return `Break` to stop the search
    /// (reported as [`Status::Stopped`]); a parallel search uses this to share one budget.
    #[inline(always)]
    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        let _ = progress;
        ControlFlow::Continue(())
    }
}

/// An observer that only counts solutions.
#[derive(Debug, Default)]
pub struct CountOnly;

impl Observer for CountOnly {
    #[inline(always)]
    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Wraps a closure as an [`Observer`] of solutions.
#[derive(Debug)]
pub struct OnSolution<F>(pub F);

impl<F: FnMut(&[OptionId]) -> ControlFlow<()>> Observer for OnSolution<F> {
    #[inline(always)]
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        (self.0)(options)
    }
}

/// Keeps the first solution and stops there (behind `first()` of every solver).
#[derive(Debug, Default)]
pub(crate) struct First(pub(crate) Option<Vec<OptionId>>);

impl Observer for First {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.0 = Some(options.to_vec());
        ControlFlow::Break(())
    }
}

/// Keeps solutions until `limit` of them (behind `collect()` of every solver).
#[derive(Debug)]
pub(crate) struct Collect {
    pub(crate) found: Vec<Vec<OptionId>>,
    pub(crate) limit: u64,
}

impl Observer for Collect {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.found.push(options.to_vec());
        if self.found.len() as u64 >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Stops after `limit` solutions, passing each to an inner observer.
#[derive(Debug)]
pub struct Limit<O> {
    /// The observer that sees each solution.
    pub inner: O,
    /// How many solutions remain before stopping.
    pub remaining: u64,
}

impl<O: Observer> Observer for Limit<O> {
    #[inline(always)]
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.remaining = self.remaining.saturating_sub(1);
        let flow = self.inner.solution(options);
        if self.remaining == 0 {
            ControlFlow::Break(())
        } else {
            flow
        }
    }
    #[inline(always)]
    fn choose(&mut self, level: usize, item: ItemId, options: usize) {
        self.inner.choose(level, item, options)
    }
    #[inline(always)]
    fn try_option(&mut self, level: usize, option: OptionId) {
        self.inner.try_option(level, option)
    }
    #[inline(always)]
    fn backtrack(&mut self, level: usize, item: ItemId) {
        self.inner.backtrack(level, item)
    }
    #[inline(always)]
    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        self.inner.progress(progress)
    }
}

/// The result of running a search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Why the search returned.
    pub status: Status,
    /// The statistics at that moment.
    pub stats: Stats,
    /// Wall time spent in the search (over all resumptions).
    pub elapsed: Duration,
}

impl Outcome {
    /// Whether the counts are exact.
    pub fn is_complete(&self) -> bool {
        self.status.is_complete()
    }
}
