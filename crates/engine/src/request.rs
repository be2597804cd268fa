//! Requests for an exact-cover search, decided once for every face (the command line, the web
//! API, Python, the browser build): [`CoverRequest`] (algorithm, heuristic, solution limit,
//! budgets, threads), the algorithm a request's `auto` runs ([`AlgorithmChoice::resolve`]),
//! and [`Stop`], the one spelling of why a search ended.
//!
//! A request is plain data (serde, `deny_unknown_fields`, no threads or files): a face fills
//! it from its flags, JSON body or keyword arguments, [`CoverRequest::validate`] checks it once,
//! and [`CoverRequest::run`] searches.

use std::ops::ControlFlow;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::parallel::{Algorithm, ParallelSearch};
use crate::problem::{OptionId, Problem};
use crate::search::{Config, Heuristic, Limit, Observer, OnSolution, Outcome, Progress, Status};

/// Why a search ended, as every face spells it (`complete`, `limit_reached`, `stopped`,
/// `node_budget`, `deadline`): in JSON, in reports and in result lines alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Stop {
    /// The whole search tree was explored: the counts are exact.
    Complete,
    /// The solution limit was reached.
    #[serde(rename = "limit_reached")]
    Limit,
    /// The caller asked to stop (an observer, a visitor, an interrupt).
    #[serde(rename = "stopped")]
    Visitor,
    /// The node budget ran out.
    NodeBudget,
    /// The deadline passed.
    Deadline,
}

impl Stop {
    /// Every reason, in declaration order.
    pub const ALL: [Stop; 5] = [
        Stop::Complete,
        Stop::Limit,
        Stop::Visitor,
        Stop::NodeBudget,
        Stop::Deadline,
    ];

    /// The word used in reports and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Complete => "complete",
            Stop::Limit => "limit_reached",
            Stop::Visitor => "stopped",
            Stop::NodeBudget => "node_budget",
            Stop::Deadline => "deadline",
        }
    }

    /// Why a search with this engine `status` ended; `limit_reached` says whether a solution
    /// limit (the engine's [`Limit`]) was what stopped it.
    pub fn of(status: Status, limit_reached: bool) -> Stop {
        match status {
            Status::Complete => Stop::Complete,
            Status::Stopped if limit_reached => Stop::Limit,
            Status::Stopped => Stop::Visitor,
            Status::NodeBudget => Stop::NodeBudget,
            Status::Deadline => Stop::Deadline,
        }
    }

    /// Whether a budget (nodes or time) ended the search.
    pub fn is_budget(self) -> bool {
        matches!(self, Stop::NodeBudget | Stop::Deadline)
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Stop {
    type Err = RequestError;
    fn from_str(s: &str) -> Result<Stop, RequestError> {
        Stop::ALL
            .into_iter()
            .find(|w| w.as_str() == s)
            .ok_or_else(|| {
                RequestError::unknown(
                    "stop",
                    s,
                    "complete, limit_reached, stopped, node_budget, deadline",
                )
            })
    }
}

/// The algorithm a request asks for: one of the engine's, or `auto`, which
/// [`AlgorithmChoice::resolve`] decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum AlgorithmChoice {
    /// The faster of the two for the job: `cells`, except when solutions are delivered in
    /// order, where only `links` gives the same order on any number of threads. The default.
    #[default]
    Auto,
    /// Dancing links (Knuth's DLX1): nodes and updates exactly DLX1's.
    Links,
    /// Dancing cells (Knuth's SSXCC): forced moves without branch nodes.
    Cells,
}

impl AlgorithmChoice {
    /// The algorithm that runs for a search that delivers its solutions in order (`ordered`)
    /// or not.
    ///
    /// Measured on every shared input (README, "Speed"), `cells` takes 0.22-1.15x the time of
    /// `links` on one or two threads (queens and Langford pairs, 0.85-1.15x, are ties within
    /// the noise of the machine; pentominoes and Sudoku encodings are 1.1-4.6x faster with
    /// `cells`), so it is the default. But its order of solutions depends on the split across
    /// threads, while `links` gives the single-thread order on any number of threads; so an
    /// ordered search runs `links`, and the same request gives the same solutions in the same
    /// order on any machine.
    pub fn resolve(self, ordered: bool) -> Algorithm {
        match self {
            AlgorithmChoice::Auto if ordered => Algorithm::Links,
            AlgorithmChoice::Auto | AlgorithmChoice::Cells => Algorithm::Cells,
            AlgorithmChoice::Links => Algorithm::Links,
        }
    }

    /// The algorithm of a sharded search: `links` unless `cells` is asked for (with links the
    /// shards add up to the single search exactly, updates included).
    pub fn for_shards(self) -> Algorithm {
        match self {
            AlgorithmChoice::Cells => Algorithm::Cells,
            _ => Algorithm::Links,
        }
    }

    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            AlgorithmChoice::Auto => "auto",
            AlgorithmChoice::Links => "links",
            AlgorithmChoice::Cells => "cells",
        }
    }
}

impl std::fmt::Display for AlgorithmChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for AlgorithmChoice {
    type Err = RequestError;
    fn from_str(s: &str) -> Result<AlgorithmChoice, RequestError> {
        match s {
            "auto" => Ok(AlgorithmChoice::Auto),
            "links" => Ok(AlgorithmChoice::Links),
            "cells" => Ok(AlgorithmChoice::Cells),
            _ => Err(RequestError::unknown("algorithm", s, "auto, links, cells")),
        }
    }
}

impl From<Algorithm> for AlgorithmChoice {
    fn from(a: Algorithm) -> Self {
        match a {
            Algorithm::Links => AlgorithmChoice::Links,
            Algorithm::Cells => AlgorithmChoice::Cells,
        }
    }
}

impl Heuristic {
    /// The word for it: `mrv` or `leftmost`.
    pub fn as_str(self) -> &'static str {
        match self {
            Heuristic::Mrv => "mrv",
            Heuristic::Leftmost => "leftmost",
        }
    }
}

impl std::fmt::Display for Heuristic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Heuristic {
    type Err = RequestError;
    fn from_str(s: &str) -> Result<Heuristic, RequestError> {
        match s {
            "mrv" => Ok(Heuristic::Mrv),
            "leftmost" => Ok(Heuristic::Leftmost),
            _ => Err(RequestError::unknown("heuristic", s, "mrv, leftmost")),
        }
    }
}

impl Algorithm {
    /// The word for it: `links` or `cells`.
    pub fn as_str(self) -> &'static str {
        match self {
            Algorithm::Links => "links",
            Algorithm::Cells => "cells",
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Algorithm {
    type Err = RequestError;
    fn from_str(s: &str) -> Result<Algorithm, RequestError> {
        match s {
            "links" => Ok(Algorithm::Links),
            "cells" => Ok(Algorithm::Cells),
            _ => Err(RequestError::unknown("algorithm", s, "links, cells")),
        }
    }
}

/// A request that cannot run: the field at fault and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct RequestError {
    /// The request field at fault (`limit`, `threads`, ...).
    pub field: &'static str,
    /// What is wrong with it, lowercase.
    pub message: String,
}

impl RequestError {
    /// `field` is wrong because of `message`.
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        RequestError {
            field,
            message: message.into(),
        }
    }

    fn unknown(field: &'static str, word: &str, known: &str) -> Self {
        RequestError::new(field, format!("unknown value `{word}` (one of {known})"))
    }
}

/// The most threads a request may ask for.
pub const MAX_THREADS: usize = 256;

/// An exact-cover search as every face asks for it: which algorithm and heuristic, when to
/// stop (a solution limit, a node budget, a time limit), on how many threads, and whether
/// the solutions are wanted in the order of the single-thread search.
///
/// ```
/// use dlx_engine::{format, CoverRequest, Stop};
///
/// let (p, _) = format::parse("a b c\na\nb\nc\na b\nb c\n").unwrap();
/// let request: CoverRequest = serde_json::from_str(r#"{"limit": 2}"#).unwrap();
/// request.validate().unwrap();
/// let out = request.run(&p, |_, _| std::ops::ControlFlow::Continue(()), &|_| {});
/// assert_eq!((out.stats.solutions, out.stop), (2, Stop::Limit));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, deny_unknown_fields)]
pub struct CoverRequest {
    /// The search algorithm (`auto`, `links` or `cells`).
    pub algorithm: AlgorithmChoice,
    /// How to choose the item to branch on (`mrv` or `leftmost`).
    pub heuristic: Heuristic,
    /// Stop after this many solutions; absent or 0: find them all (within the budgets).
    pub limit: Option<u64>,
    /// Stop after this many search-tree nodes.
    pub node_budget: Option<u64>,
    /// Stop after this many milliseconds.
    pub time_limit_ms: Option<u64>,
    /// Threads to search with: 0 (the default) for every core, at most [`MAX_THREADS`].
    pub threads: usize,
    /// Deliver the solutions in the order of the single-thread search (whatever the number of
    /// threads); with `auto`, this runs `links`.
    pub ordered: bool,
}

/// How a [`CoverRequest`] ended: the engine's outcome and why it stopped.
#[derive(Clone, Debug)]
pub struct CoverAnswer {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// Why the search ended.
    pub stop: Stop,
    /// Statistics and time.
    pub outcome: Outcome,
}

impl std::ops::Deref for CoverAnswer {
    type Target = Outcome;
    fn deref(&self) -> &Outcome {
        &self.outcome
    }
}

impl CoverRequest {
    /// Checks the request once, naming the field at fault.
    pub fn validate(&self) -> Result<(), RequestError> {
        if self.threads > MAX_THREADS {
            return Err(RequestError::new(
                "threads",
                format!("at most {MAX_THREADS}, not {}", self.threads),
            ));
        }
        Ok(())
    }

    /// The solutions to find before stopping, `None` for all.
    pub fn max_solutions(&self) -> Option<u64> {
        self.limit.filter(|&l| l > 0)
    }

    /// The algorithm that runs.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm.resolve(self.ordered)
    }

    /// The engine configuration: heuristic and budgets (the time limit starts now).
    pub fn config(&self) -> Config {
        let config = Config {
            heuristic: self.heuristic,
            node_budget: self.node_budget,
            ..Config::default()
        };
        match self.time_limit_ms {
            Some(ms) => config.with_time_limit(Duration::from_millis(ms)),
            None => config,
        }
    }

    /// The parallel search this request asks for on `problem` (algorithm, budgets, threads,
    /// order, limit), for a caller that adds to it (an interrupt flag) before running it.
    pub fn search<'p>(&self, problem: &'p Problem) -> ParallelSearch<'p> {
        ParallelSearch::new(problem, self.config(), self.threads)
            .algorithm(self.algorithm())
            .ordered(self.ordered)
            .limit(self.max_solutions())
    }

    /// Runs the search on `problem` (on all the threads asked for): `visit` sees each solution
    /// with its number (from 1), in order when the request is `ordered`, and may stop the
    /// search; `progress` is called now and then.
    pub fn run<V>(
        &self,
        problem: &Problem,
        mut visit: V,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> CoverAnswer
    where
        V: FnMut(u64, &[OptionId]) -> ControlFlow<()> + Send,
    {
        let mut found = 0u64;
        let mut limited = Limit {
            inner: OnSolution(|options: &[OptionId]| {
                found += 1;
                visit(found, options)
            }),
            remaining: self.max_solutions().unwrap_or(u64::MAX),
        };
        let algorithm = self.algorithm();
        let outcome = self
            .search(problem)
            .run(|options| limited.solution(options), progress);
        let limit_reached = self
            .max_solutions()
            .is_some_and(|l| outcome.stats.solutions >= l);
        CoverAnswer {
            algorithm,
            stop: Stop::of(outcome.status, limit_reached),
            outcome,
        }
    }
}
