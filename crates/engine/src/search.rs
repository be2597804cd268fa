//! What every solver shares: configuration, statistics, outcomes, the [`Search`] interface
//! both algorithms implement, and the [`Observer`] through which a search reports solutions,
//! decisions and progress.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::problem::{ItemId, OptionId, Problem};

/// How the next item to branch on is chosen (spelled `mrv` and `leftmost`, see
/// [`crate::request`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
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

    /// The node limit of a search (the budget, or none) and the mask of its check interval
    /// (rounded up to a power of two): it looks at the deadline and reports progress when
    /// `nodes & mask == 0`.
    pub(crate) fn limits(&self) -> (u64, u64) {
        let node_limit = self.node_budget.unwrap_or(u64::MAX);
        (
            node_limit,
            self.check_interval.max(1).next_power_of_two() - 1,
        )
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

/// A sequential search over one [`Problem`]: [`Links`](crate::Links) (dancing links, Knuth's
/// Algorithm C) or [`Cells`](crate::Cells) (dancing cells, Knuth's SSXCC). Both find the same
/// solutions with the same semantics, so code written against this trait runs on either:
///
/// ```
/// use dlx_engine::{format, Cells, Config, Links, Search};
///
/// fn solutions<S: Search>(text: &str) -> u64 {
///     let (problem, _) = format::parse(text).unwrap();
///     S::new(&problem, Config::default()).count().stats.solutions
/// }
/// let text = "a b c | x\na b\nc x\na x\nb c\n";
/// assert_eq!(solutions::<Links>(text), 2);
/// assert_eq!(solutions::<Cells>(text), 2);
/// ```
///
/// A search can stop (at a solution, a budget, or when its observer asks) and resume where it
/// stopped: statistics and elapsed time accumulate over the runs.
pub trait Search: Sized {
    /// Prepares the search of `problem`.
    fn new(problem: &Problem, config: Config) -> Self;

    /// Runs (or resumes) the search, reporting to `observer`, until the tree is exhausted, the
    /// observer stops it, or a budget runs out.
    fn run<O: Observer>(&mut self, observer: &mut O) -> Outcome;

    /// The statistics so far.
    fn stats(&self) -> &Stats;

    /// Wall time spent searching so far, over all runs.
    fn elapsed(&self) -> Duration;

    /// Whether the search has finished (explored everything).
    fn is_done(&self) -> bool;

    /// The options chosen on the current path (empty once the search is done).
    fn partial_solution(&self) -> Vec<OptionId>;

    /// Knuth's estimate of the fraction of the tree explored, between 0 and 1.
    fn progress_fraction(&self) -> f64;

    /// Replays the choices `prefix` (options the search would choose at its first branch
    /// levels, as recorded by [`Search::split`]), so that [`Search::run`] then explores only
    /// the subtree below them. The replay's own work is not counted in the statistics, so the
    /// statistics of the pieces of a split add up to those of the whole search. After an
    /// error the search is done: nothing can be searched from a half-replayed state.
    fn force(&mut self, prefix: &[OptionId]) -> Result<(), ForceError>;

    /// Splits the search tree at branch level `depth` (at least 1): runs the search above
    /// that level and returns, in search order, the solutions found above it and the partial
    /// solutions at it. The statistics then hold the work done above `depth`; each prefix is
    /// meant for a fresh search with [`Search::force`].
    fn split(&mut self, depth: usize) -> (Vec<Piece>, Outcome);

    /// Counts every solution (or until a budget runs out).
    fn count(&mut self) -> Outcome {
        self.run(&mut CountOnly)
    }

    /// Finds the next solution, if any.
    fn first(&mut self) -> (Option<Vec<OptionId>>, Outcome) {
        let mut first = First::default();
        let out = self.run(&mut first);
        (first.0, out)
    }

    /// Collects up to `limit` solutions.
    fn collect(&mut self, limit: u64) -> (Vec<Vec<OptionId>>, Outcome) {
        if limit == 0 {
            let out = Outcome {
                status: Status::Stopped,
                stats: self.stats().clone(),
                elapsed: self.elapsed(),
            };
            return (Vec::new(), out);
        }
        let mut collect = Collect {
            found: Vec::new(),
            limit,
        };
        let out = self.run(&mut collect);
        (collect.found, out)
    }
}

/// Reports the progress of `search`, at `level`, to `observer` (`start` is when the current
/// run began), for [`Links`](crate::Links) and [`Cells`](crate::Cells).
pub(crate) fn report_progress<S: Search, O: Observer>(
    search: &S,
    level: usize,
    observer: &mut O,
    start: Instant,
) -> ControlFlow<()> {
    observer.progress(&Progress {
        fraction: search.progress_fraction(),
        nodes: search.stats().nodes,
        solutions: search.stats().solutions,
        level,
        elapsed: search.elapsed() + start.elapsed(),
    })
}

/// The methods of [`Search`] that [`Links`](crate::Links) and [`Cells`](crate::Cells) write
/// alike, over fields of the same names (`cap`, `pieces`, `stats`, `elapsed`, `phase`,
/// `has_colors`) and their `search::<O, COLORS>` loop.
macro_rules! same_in_both_searches {
    () => {
        fn split(&mut self, depth: usize) -> (Vec<Piece>, Outcome) {
            self.cap = depth.max(1);
            self.pieces.clear();
            let out = self.run(&mut CountOnly);
            self.cap = usize::MAX;
            (std::mem::take(&mut self.pieces), out)
        }

        fn stats(&self) -> &Stats {
            &self.stats
        }

        fn elapsed(&self) -> Duration {
            self.elapsed
        }

        fn is_done(&self) -> bool {
            self.phase == Phase::Done
        }

        fn run<O: Observer>(&mut self, observer: &mut O) -> Outcome {
            let start = Instant::now();
            let status = if self.phase == Phase::Done {
                Status::Complete
            } else if self.has_colors {
                self.search::<O, true>(observer, start)
            } else {
                self.search::<O, false>(observer, start)
            };
            self.elapsed += start.elapsed();
            Outcome {
                status,
                stats: self.stats.clone(),
                elapsed: self.elapsed,
            }
        }
    };
}
pub(crate) use same_in_both_searches;

/// A piece of a search tree cut by [`Search::split`], in the order the sequential search
/// meets them.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// A solution found above the split level.
    Solution(Vec<OptionId>),
    /// A partial solution at the split level: the root of an independent subproblem, with its
    /// share of the whole tree in Knuth's progress measure.
    Prefix(Vec<OptionId>, f64),
}

/// Why [`Search::force`] could not replay a prefix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ForceError {
    /// The search had already started.
    #[error("the search has already started")]
    Started,
    /// The option is not among those of the item the search would branch on at that level.
    #[error("option {0} is not available at level {1}")]
    NotAvailable(u32, usize),
    /// Every primary item was covered before the prefix ended.
    #[error("the prefix is longer than the solution it completes")]
    TooLong,
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

/// Keeps the first solution and stops there (behind [`Search::first`]).
#[derive(Debug, Default)]
struct First(Option<Vec<OptionId>>);

impl Observer for First {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.0 = Some(options.to_vec());
        ControlFlow::Break(())
    }
}

/// Keeps solutions until `limit` of them (behind [`Search::collect`]).
#[derive(Debug)]
struct Collect {
    found: Vec<Vec<OptionId>>,
    limit: u64,
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
