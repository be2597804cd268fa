//! Sharded search: one search tree cut into independent pieces that can be solved on other
//! machines, at other times, and added up.
//!
//! A [`Plan`] is made by [`plan`], which runs the search down to a branch level `D` (given, or
//! the shallowest level with enough pieces) exactly as [`ParallelSearch`](crate::ParallelSearch)
//! does, and records each partial solution there as a [`Shard`]: its *prefix* (the options
//! chosen at levels `0..D`), its share of the tree in Knuth's progress measure, and optionally
//! an estimate of its size in nodes ([`estimate`]). [`solve`] replays a prefix with
//! [`Search::force`] (whose work is not counted) and searches the subtree below it.
//!
//! The subtrees partition the single search's tree, and the work above the split (its nodes,
//! updates and the solutions found above level `D`) is carried by shard 0 alone
//! ([`Shard::above`]), so the sum of the shards' outcomes is the single search's, counted
//! once: the solutions always; with [`Algorithm::Links`] the nodes, updates and nodes per
//! level too; with [`Algorithm::Cells`] the nodes (its forced moves and updates depend on the
//! order a sparse set was left in, see [`crate::parallel`]).
//!
//! On the wire a shard is one JSON line ([`ShardLine`]) carrying the problem (its canonical
//! Knuth text, or a path with the text's [`fingerprint`]), the algorithm and heuristic (the
//! tree depends on both), the prefix as option numbers and as option text (checked on
//! replay, so a shard never runs silently against another problem), the share and the
//! estimate. A solved shard is a [`ResultLine`]; [`Merge`] adds result lines up, ignores a
//! shard solved twice with the same figures (a rerun after a lost worker), and says which
//! shards are missing.
//!
//! ```
//! use dlx_engine::shard::{self, SplitAt};
//! use dlx_engine::{format, Algorithm, Config, Links, Search};
//!
//! let (p, _) = format::parse(dlx_engine::shard::EXAMPLE).unwrap();
//! let plan = shard::plan(&p, &Config::default(), Algorithm::Links, SplitAt::Depth(2));
//! let mut total = dlx_engine::Stats::default();
//! for s in &plan.shards {
//!     let out = shard::solve(&p, &Config::default(), Algorithm::Links, s).unwrap();
//!     total.merge(&out.stats);
//! }
//! let single = Links::new(&p, Config::default()).count();
//! assert_eq!(total, single.stats);
//! ```

use serde::{Deserialize, Serialize};

use crate::cells::Cells;
use crate::format;
use crate::links::Links;
use crate::parallel::{Algorithm, split_for};
use crate::problem::{OptionId, Problem};
use crate::request::Stop;
use crate::search::{
    Config, CountOnly, ForceError, Heuristic, Observer, Outcome, Piece, Search, Stats, Status,
};

/// A small problem for examples: 4-queens in Knuth's encoding (2 solutions).
pub const EXAMPLE: &str = "\
r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6
r0 c0 a0 b3
r0 c1 a1 b4
r0 c2 a2 b5
r0 c3 a3 b6
r1 c0 a1 b2
r1 c1 a2 b3
r1 c2 a3 b4
r1 c3 a4 b5
r2 c0 a2 b1
r2 c1 a3 b2
r2 c2 a4 b3
r2 c3 a5 b4
r3 c0 a3 b0
r3 c1 a4 b1
r3 c2 a5 b2
r3 c3 a6 b3
";

/// Where to cut the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitAt {
    /// At this branch level (at least 1).
    Depth(usize),
    /// At the shallowest level (up to 64) that gives at least this many shards.
    Shards(usize),
}

/// One independent piece of a search tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Shard {
    /// Its number, `0..of`, in the order the single search meets the subtrees.
    pub index: usize,
    /// How many shards the plan has.
    pub of: usize,
    /// The options chosen at levels `0..depth`; `None` for the lone shard of a plan whose
    /// tree ended above the split (it carries only [`Shard::above`]).
    pub prefix: Option<Vec<OptionId>>,
    /// Its share of the tree in Knuth's progress measure: the product of `1/d` over the
    /// levels of the prefix, `d` the options of the item branched on. The shares add up to
    /// at most 1.
    pub share: f64,
    /// An estimate of its nodes, from [`estimate`] (`None` if not made).
    pub estimate: Option<f64>,
    /// The work above the split: all of it on shard 0, nothing (zeros) on the others.
    pub above: Stats,
}

/// A tree cut into shards.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The branch level of the cut.
    pub depth: usize,
    /// The shards, in search order.
    pub shards: Vec<Shard>,
    /// The outcome of the search above the split. If it is not complete (a budget or a
    /// deadline of the configuration ran out), the shards cover only part of the tree.
    pub top: Outcome,
}

/// Cuts the tree of `problem` (searched with `config`'s heuristic by `algorithm`) into shards.
/// A budget or deadline in `config` applies to the work above the split.
pub fn plan(problem: &Problem, config: &Config, algorithm: Algorithm, at: SplitAt) -> Plan {
    let (pieces, top, depth) = match (algorithm, at) {
        (Algorithm::Links, SplitAt::Depth(d)) => {
            let (p, o) = Links::new(problem, config.clone()).split(d.max(1));
            (p, o, d.max(1))
        }
        (Algorithm::Cells, SplitAt::Depth(d)) => {
            let (p, o) = Cells::new(problem, config.clone()).split(d.max(1));
            (p, o, d.max(1))
        }
        (Algorithm::Links, SplitAt::Shards(n)) => split_for::<Links>(problem, config, n, u64::MAX),
        (Algorithm::Cells, SplitAt::Shards(n)) => split_for::<Cells>(problem, config, n, u64::MAX),
    };
    let mut shards: Vec<Shard> = pieces
        .into_iter()
        .filter_map(|p| match p {
            Piece::Prefix(prefix, share) => Some((prefix, share)),
            Piece::Solution(_) => None, // counted in `top.stats`
        })
        .map(|(prefix, share)| Shard {
            index: 0,
            of: 0,
            prefix: Some(prefix),
            share,
            estimate: None,
            above: Stats::default(),
        })
        .collect();
    if shards.is_empty() {
        shards.push(Shard {
            index: 0,
            of: 0,
            prefix: None,
            share: 0.0,
            estimate: Some(0.0),
            above: Stats::default(),
        });
    }
    let of = shards.len();
    for (k, s) in shards.iter_mut().enumerate() {
        s.index = k;
        s.of = of;
    }
    shards[0].above = top.stats.clone();
    Plan { depth, shards, top }
}

/// Estimates the nodes of a shard's subtree by searching it for at most `probe` nodes: the
/// exact count if the subtree is that small, else the nodes so far divided by Knuth's
/// estimate of the fraction explored. The probe's work is extra (it is not the shard's
/// solve); with a probe of `p` nodes a plan of `n` shards costs at most `n * p` nodes more.
pub fn estimate(
    problem: &Problem,
    config: &Config,
    algorithm: Algorithm,
    shard: &Shard,
    probe: u64,
) -> Result<f64, ForceError> {
    let Some(prefix) = &shard.prefix else {
        return Ok(0.0);
    };
    let config = Config {
        node_budget: Some(probe.max(1)),
        deadline: None,
        ..config.clone()
    };
    fn run<A: Search>(
        problem: &Problem,
        config: Config,
        prefix: &[OptionId],
    ) -> Result<f64, ForceError> {
        let mut search = A::new(problem, config);
        search.force(prefix)?;
        let out = search.run(&mut CountOnly);
        if out.is_complete() {
            return Ok(out.stats.nodes as f64);
        }
        let fraction = search.progress_fraction().max(1e-12);
        Ok(out.stats.nodes as f64 / fraction)
    }
    match algorithm {
        Algorithm::Links => run::<Links>(problem, config, prefix),
        Algorithm::Cells => run::<Cells>(problem, config, prefix),
    }
}

/// Solves one shard: the subtree below its prefix, plus the work above the split if it is
/// shard 0. The sum over a plan's shards is the single search's outcome (see the module docs).
pub fn solve(
    problem: &Problem,
    config: &Config,
    algorithm: Algorithm,
    shard: &Shard,
) -> Result<Outcome, ForceError> {
    solve_with(problem, config, algorithm, shard, &mut CountOnly)
}

/// [`solve`] reporting to an observer (which sees the subtree's solutions and may stop the
/// search, for example on a signal).
pub fn solve_with<O: Observer>(
    problem: &Problem,
    config: &Config,
    algorithm: Algorithm,
    shard: &Shard,
    observer: &mut O,
) -> Result<Outcome, ForceError> {
    fn run<A: Search, O: Observer>(
        problem: &Problem,
        config: &Config,
        prefix: &[OptionId],
        observer: &mut O,
    ) -> Result<Outcome, ForceError> {
        let mut search = A::new(problem, config.clone());
        search.force(prefix)?;
        Ok(search.run(observer))
    }
    let mut out = match &shard.prefix {
        None => Outcome {
            status: Status::Complete,
            stats: Stats::default(),
            elapsed: std::time::Duration::ZERO,
        },
        Some(prefix) => match algorithm {
            Algorithm::Links => run::<Links, O>(problem, config, prefix, observer)?,
            Algorithm::Cells => run::<Cells, O>(problem, config, prefix, observer)?,
        },
    };
    let mut stats = shard.above.clone();
    stats.merge(&out.stats);
    out.stats = stats;
    Ok(out)
}

/// FNV-1a (64 bits) of a text, in 16 hex digits: names the problem a shard belongs to.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The canonical text of a problem (Knuth's format, as [`format::write`] writes it): what a
/// shard line embeds and what its fingerprint is taken of.
pub fn canonical(problem: &Problem) -> String {
    format::write(problem, None)
}

/// What goes wrong with shard lines.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// A line is not valid JSON of the expected shape.
    #[error("line {line}: {message}")]
    Json {
        /// 1-based line number.
        line: usize,
        /// What serde said.
        message: String,
    },
    /// The embedded or referenced problem does not parse.
    #[error("the shard's problem: {0}")]
    Problem(#[from] format::ParseError),
    /// The problem text is not the one the shard was made from.
    #[error("the problem's fingerprint is {found}, the shard was made for {expected}")]
    Fingerprint {
        /// The fingerprint in the shard.
        expected: String,
        /// The fingerprint of the text found.
        found: String,
    },
    /// A prefix names an option that is not in the problem, or whose text differs.
    #[error(
        "shard {index}: option {option} of the prefix is {found:?} in this problem, the shard says {expected:?}"
    )]
    Option {
        /// The shard.
        index: usize,
        /// The option number.
        option: u32,
        /// The text in the shard.
        expected: String,
        /// The text in the problem (empty if there is no such option).
        found: String,
    },
    /// The prefix cannot be replayed.
    #[error("shard {index}: {source}")]
    Force {
        /// The shard.
        index: usize,
        /// Why.
        source: ForceError,
    },
    /// An unknown algorithm, heuristic or format word.
    #[error("unknown {what} `{word}`")]
    Unknown {
        /// Which field.
        what: &'static str,
        /// The word.
        word: String,
    },
    /// Result lines that cannot be added up.
    #[error("{0}")]
    Merge(String),
}

/// The statistics on the wire.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsLine {
    /// Solutions.
    pub solutions: u64,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Updates.
    pub updates: u64,
    /// Forced moves (cells).
    #[serde(default)]
    pub forced: u64,
    /// Deepest level.
    #[serde(default)]
    pub max_depth: usize,
    /// Nodes per level.
    #[serde(default)]
    pub level_nodes: Vec<u64>,
}

impl From<&Stats> for StatsLine {
    fn from(s: &Stats) -> Self {
        StatsLine {
            solutions: s.solutions,
            nodes: s.nodes,
            updates: s.updates,
            forced: s.forced,
            max_depth: s.max_depth,
            level_nodes: s.level_nodes.clone(),
        }
    }
}

impl From<&StatsLine> for Stats {
    fn from(s: &StatsLine) -> Self {
        Stats {
            nodes: s.nodes,
            updates: s.updates,
            solutions: s.solutions,
            max_depth: s.max_depth,
            level_nodes: s.level_nodes.clone(),
            forced: s.forced,
        }
    }
}

/// The problem a shard line belongs to: its canonical text, or a path to a file whose
/// canonical text has the fingerprint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProblemRef {
    /// The canonical Knuth text ([`canonical`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// A file holding the problem (any text that parses to the same canonical text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// [`fingerprint`] of the canonical text.
    pub fingerprint: String,
}

/// The format word of a shard line.
pub const SHARD_FORMAT: &str = "dlx-shard/1";
/// The format word of a result line.
pub const RESULT_FORMAT: &str = "dlx-shard-result/1";

/// One shard as a JSON line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardLine {
    /// [`SHARD_FORMAT`].
    pub format: String,
    /// The problem.
    pub problem: ProblemRef,
    /// `links` or `cells`.
    pub algorithm: String,
    /// `mrv` or `leftmost`.
    pub heuristic: String,
    /// The branch level of the cut.
    pub depth: usize,
    /// The shard's number.
    pub index: usize,
    /// How many shards.
    pub of: usize,
    /// Option numbers (0-based, in the problem's order), or `null` (see [`Shard::prefix`]).
    pub prefix: Option<Vec<u32>>,
    /// The same options as text, checked on replay.
    #[serde(default)]
    pub options: Vec<String>,
    /// The share of the tree ([`Shard::share`]).
    pub share: f64,
    /// The estimated nodes ([`Shard::estimate`]).
    #[serde(default)]
    pub estimate: Option<f64>,
    /// The work above the split (nonzero on shard 0 only).
    pub above: StatsLine,
}

/// One solved shard as a JSON line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultLine {
    /// [`RESULT_FORMAT`].
    pub format: String,
    /// The fingerprint of the problem.
    pub fingerprint: String,
    /// `links` or `cells`.
    pub algorithm: String,
    /// The cut's level (shards of different cuts cannot be added up).
    pub depth: usize,
    /// The shard's number.
    pub index: usize,
    /// How many shards.
    pub of: usize,
    /// `complete`, or why the search stopped.
    pub status: String,
    /// Wall time of the solve.
    pub seconds: f64,
    /// The shard's statistics, including [`Shard::above`] for shard 0.
    pub stats: StatsLine,
}

impl ShardLine {
    /// The line for `shard` of a plan of `problem`; `problem_ref` says how the line names the
    /// problem (see [`ProblemRef`]).
    pub fn new(
        problem: &Problem,
        problem_ref: ProblemRef,
        algorithm: Algorithm,
        heuristic: Heuristic,
        depth: usize,
        shard: &Shard,
    ) -> Self {
        let options = shard
            .prefix
            .iter()
            .flatten()
            .map(|&o| problem.display_option(o).to_string())
            .collect();
        ShardLine {
            format: SHARD_FORMAT.to_string(),
            problem: problem_ref,
            algorithm: algorithm.as_str().to_string(),
            heuristic: heuristic.as_str().to_string(),
            depth,
            index: shard.index,
            of: shard.of,
            prefix: shard
                .prefix
                .as_ref()
                .map(|p| p.iter().map(|o| o.0).collect()),
            options,
            share: shard.share,
            estimate: shard.estimate,
            above: StatsLine::from(&shard.above),
        }
    }

    /// Reads a line (`line` is its 1-based number, for errors).
    pub fn parse(text: &str, line: usize) -> Result<Self, ShardError> {
        read_line(text, line, "shard format", SHARD_FORMAT, |s: &Self| {
            &s.format
        })
    }

    /// The line as JSON (one line, no newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a shard line serializes")
    }

    /// The shard, checked against `problem` (whose canonical text must have the line's
    /// fingerprint; each option of the prefix must exist and read as the line says).
    pub fn shard(&self, problem: &Problem, fingerprint: &str) -> Result<Shard, ShardError> {
        if fingerprint != self.problem.fingerprint {
            return Err(ShardError::Fingerprint {
                expected: self.problem.fingerprint.clone(),
                found: fingerprint.to_string(),
            });
        }
        let prefix = match &self.prefix {
            None => None,
            Some(p) => {
                let mut prefix = Vec::with_capacity(p.len());
                for (k, &o) in p.iter().enumerate() {
                    let found = if (o as usize) < problem.option_count() {
                        problem.display_option(OptionId(o)).to_string()
                    } else {
                        String::new()
                    };
                    let expected = self.options.get(k).cloned().unwrap_or_default();
                    if found.is_empty() || (!self.options.is_empty() && found != expected) {
                        return Err(ShardError::Option {
                            index: self.index,
                            option: o,
                            expected,
                            found,
                        });
                    }
                    prefix.push(OptionId(o));
                }
                Some(prefix)
            }
        };
        Ok(Shard {
            index: self.index,
            of: self.of,
            prefix,
            share: self.share,
            estimate: self.estimate,
            above: Stats::from(&self.above),
        })
    }

    /// The configuration the shard must be searched with (its heuristic; no limits).
    pub fn config(&self) -> Result<Config, ShardError> {
        Ok(Config {
            heuristic: self.heuristic.parse().map_err(|_| ShardError::Unknown {
                what: "heuristic",
                word: self.heuristic.clone(),
            })?,
            ..Config::default()
        })
    }

    /// The algorithm of the shard.
    pub fn algorithm(&self) -> Result<Algorithm, ShardError> {
        self.algorithm.parse().map_err(|_| ShardError::Unknown {
            what: "algorithm",
            word: self.algorithm.clone(),
        })
    }
}

impl ResultLine {
    /// The result line of a solved shard.
    pub fn new(line: &ShardLine, outcome: &Outcome) -> Self {
        ResultLine {
            format: RESULT_FORMAT.to_string(),
            fingerprint: line.problem.fingerprint.clone(),
            algorithm: line.algorithm.clone(),
            depth: line.depth,
            index: line.index,
            of: line.of,
            status: Stop::of(outcome.status, false).as_str().to_string(),
            seconds: outcome.elapsed.as_secs_f64(),
            stats: StatsLine::from(&outcome.stats),
        }
    }

    /// Reads a line (`line` is its 1-based number, for errors).
    pub fn parse(text: &str, line: usize) -> Result<Self, ShardError> {
        read_line(text, line, "result format", RESULT_FORMAT, |r: &Self| {
            &r.format
        })
    }

    /// The line as JSON (one line, no newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a result line serializes")
    }
}

/// Reads JSON line number `line` (1-based, for errors) as a `T`, whose format word (`format`
/// of it) must be `want` (named `what` in the error).
fn read_line<T: serde::de::DeserializeOwned>(
    text: &str,
    line: usize,
    what: &'static str,
    want: &str,
    format: fn(&T) -> &String,
) -> Result<T, ShardError> {
    let value: T = serde_json::from_str(text).map_err(|e| ShardError::Json {
        line,
        message: e.to_string(),
    })?;
    if format(&value) != want {
        return Err(ShardError::Unknown {
            what,
            word: format(&value).clone(),
        });
    }
    Ok(value)
}

/// Result lines added up.
#[derive(Clone, Debug, Default)]
pub struct Merge {
    first: Option<ResultLine>,
    /// `results[k]` is the result of shard `k`, once seen.
    results: Vec<Option<ResultLine>>,
    stats: Stats,
    seconds: f64,
    /// Shards that were solved twice with the same figures (reruns), counted once.
    pub repeated: usize,
}

impl Merge {
    /// An empty sum.
    pub fn new() -> Self {
        Merge::default()
    }

    /// Adds a result: it must be of the same problem, algorithm and cut as the others; a
    /// shard seen before must have the same figures (it is then counted once). A result that
    /// is not complete is kept but leaves the sum incomplete.
    pub fn add(&mut self, r: ResultLine) -> Result<(), ShardError> {
        if let Some(f) = &self.first {
            if f.fingerprint != r.fingerprint
                || f.algorithm != r.algorithm
                || f.depth != r.depth
                || f.of != r.of
            {
                return Err(ShardError::Merge(format!(
                    "shard {} is of problem {} ({}, depth {}, {} shards), the first of problem {} ({}, depth {}, {} shards)",
                    r.index,
                    r.fingerprint,
                    r.algorithm,
                    r.depth,
                    r.of,
                    f.fingerprint,
                    f.algorithm,
                    f.depth,
                    f.of
                )));
            }
        } else {
            self.results = vec![None; r.of];
            self.first = Some(r.clone());
        }
        if r.index >= r.of {
            return Err(ShardError::Merge(format!(
                "shard {} of {}: no such shard",
                r.index, r.of
            )));
        }
        match &self.results[r.index] {
            Some(old) if old.stats == r.stats && old.status == r.status => {
                self.repeated += 1;
                return Ok(());
            }
            Some(old) if old.status == "complete" && r.status == "complete" => {
                return Err(ShardError::Merge(format!(
                    "shard {} was solved twice with different figures ({} and {} solutions)",
                    r.index, old.stats.solutions, r.stats.solutions
                )));
            }
            Some(old) if old.status == "complete" => return Ok(()),
            Some(old) => {
                // An incomplete result replaced by another: take the old one back out.
                let old = old.clone();
                self.subtract(&old);
            }
            None => {}
        }
        self.stats.merge(&Stats::from(&r.stats));
        self.seconds += r.seconds;
        let k = r.index;
        self.results[k] = Some(r);
        Ok(())
    }

    fn subtract(&mut self, old: &ResultLine) {
        let s = &old.stats;
        self.stats.nodes -= s.nodes;
        self.stats.updates -= s.updates;
        self.stats.solutions -= s.solutions;
        self.stats.forced -= s.forced;
        for (a, b) in self.stats.level_nodes.iter_mut().zip(&s.level_nodes) {
            *a -= b;
        }
        self.seconds -= old.seconds;
    }

    /// The sum so far (complete only if [`Merge::is_complete`]).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The seconds spent in the shards, added up.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// How many shards the plan has (0 before any result).
    pub fn of(&self) -> usize {
        self.results.len()
    }

    /// The shards with no result yet.
    pub fn missing(&self) -> Vec<usize> {
        (0..self.results.len())
            .filter(|&k| self.results[k].is_none())
            .collect()
    }

    /// The shards whose result is not complete.
    pub fn incomplete(&self) -> Vec<usize> {
        (0..self.results.len())
            .filter(|&k| {
                self.results[k]
                    .as_ref()
                    .is_some_and(|r| r.status != "complete")
            })
            .collect()
    }

    /// Whether every shard is in and complete: then the sum is the single search's.
    pub fn is_complete(&self) -> bool {
        !self.results.is_empty() && self.missing().is_empty() && self.incomplete().is_empty()
    }
}

/// Solves every shard of a plan in turn and adds them up (for tests and small problems).
pub fn solve_all(
    problem: &Problem,
    config: &Config,
    algorithm: Algorithm,
    plan: &Plan,
) -> Result<Stats, ForceError> {
    let mut total = Stats::default();
    for s in &plan.shards {
        let out = solve(problem, config, algorithm, s)?;
        total.merge(&out.stats);
    }
    Ok(total)
}
