//! Variant puzzles made to order (issue 29, generation): jigsaw (random irregular regions),
//! X (both diagonals), windoku, anti-knight, anti-king, nonconsecutive and disjoint groups
//! with minimal givens, symmetric on request, and killer puzzles with no givens (cages cut
//! from a solution, sums shown), alone or combined (`killer,jigsaw`, `x,anti-knight`).
//! Every puzzle is proven unique by this crate's search (dancing cells with the variant
//! propagator, limit 2, a node budget); puzzle `i` depends only on the seed, `i` and the
//! options, never on the number of threads.
//!
//! - [`Kind`]: one family; [`GenerateOptions`]: size, kinds, [`Symmetry`], seed, count, the
//!   largest cage, budgets; [`GenerateRequest`]: the same as plain data, checked once, for
//!   the faces;
//! - [`generate`], [`generate_each`] (streamed in index order), [`generate_one`], each
//!   puzzle a [`Generated`].
//!
//! ```
//! use dlx_variants::generate::{GenerateOptions, Kind, generate};
//! use dlx_variants::{Limits, Verdict, solve};
//!
//! let options = GenerateOptions {
//!     size: 6,
//!     kinds: vec![Kind::Killer],
//!     seed: 7,
//!     ..GenerateOptions::default()
//! };
//! let report = generate(&options).unwrap();
//! let p = &report.puzzles[0];
//! assert_eq!(p.givens, 0);
//! let answer = solve(&p.puzzle, &Limits::default()).unwrap();
//! assert_eq!(answer.verdict, Verdict::Unique);
//! assert_eq!(answer.solutions[0], p.solution);
//! ```
//!
//! How each family is made: a random full grid of the rules (`grids`: a few random digits
//! completed by the search; random connected regions first for jigsaw), then givens dug
//! orbit by orbit (`dig`) or, for killer, cages cut, split and merged (`killer`).

mod dig;
mod grids;
mod killer;
mod options;
pub mod request;
mod worker;

use dlx_time::Instant;
use std::ops::ControlFlow;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::constraint::Constraint;
use crate::error::RuleError;
use crate::puzzle::{Meta, Puzzle};
use crate::rules::{Regions, Rules};
use crate::solve::{Limits, Verdict, solve};

pub use dlx_sudoku::pattern::Symmetry;
pub use options::{GenerateOptions, Kind, Rater, RatingFilter, parse_kinds};
pub use request::{GenerateRequest, GenerateRequestError};
use worker::{Check, Timeout, Worker};

/// One puzzle made.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// Its number, `0..count`.
    pub index: u64,
    /// The puzzle (rules, givens, a title and the rules in words).
    pub puzzle: Puzzle,
    /// Its one solution, row-major.
    pub solution: Vec<u8>,
    /// Given digits (0 for killer).
    pub givens: usize,
    /// Killer cages (0 for the others).
    pub cages: usize,
    /// Whether no given (orbit of givens) can be removed, or for killer no two neighbouring
    /// cages merged, keeping one solution: each was tried and every search finished.
    pub minimal: bool,
    /// Solution grids it took (1 when the first gave it).
    pub attempts: u64,
    /// Uniqueness searches run for it (removals certified by singles need none).
    pub searches: u64,
    /// Search nodes of those searches, in all.
    pub nodes: u64,
}

/// Why fewer than `count` puzzles were made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
#[non_exhaustive]
pub enum StopReason {
    /// Puzzle `index` was not made within `attempts_per_puzzle` solution grids (every one
    /// had no solution or ran out of its node budget).
    Attempts {
        /// The puzzle that failed.
        index: u64,
    },
    /// The time limit passed.
    Time,
    /// The caller's visitor asked to stop.
    Stopped,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StopReason::Attempts { index } => write!(
                f,
                "puzzle {} not made within its attempts (every solution grid ran out of its \
                 node budget: raise it, or the attempts)",
                index + 1
            ),
            StopReason::Time => f.write_str("time limit reached"),
            StopReason::Stopped => f.write_str("stopped"),
        }
    }
}

/// Options that cannot make a puzzle.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No kind was named, or the kinds cannot go together.
    #[error("{0}")]
    Kinds(String),
    /// The rules of the kinds on this size are refused (a size without boxes, windoku on a
    /// size without windows...).
    #[error("{kinds} on {n}x{n}: {error}")]
    Rules {
        /// The kinds, as named.
        kinds: String,
        /// The size.
        n: usize,
        /// Why.
        error: Box<RuleError>,
    },
    /// A symmetry was asked for killer puzzles, which have no givens.
    #[error("a killer puzzle has no givens to make symmetric (symmetry {0})")]
    Symmetry(Symmetry),
    /// The rules of the kinds have no solution grid at all on this size (anti-king on 4x4):
    /// proven by the search on the empty grid.
    #[error("{kinds} on {n}x{n}: no grid satisfies these rules")]
    NoGrid {
        /// The kinds, as named.
        kinds: String,
        /// The size.
        n: usize,
    },
    /// The largest cage is out of range.
    #[error("the largest cage must be 2 to {n} cells on {n}x{n}, not {max}")]
    MaxCage {
        /// The size asked.
        max: usize,
        /// The grid size.
        n: usize,
    },
}

/// All the puzzles asked for, or those made before a stop.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The puzzles, in index order.
    pub puzzles: Vec<Generated>,
    /// Why fewer than `count`, if so.
    pub stop: Option<StopReason>,
    /// Wall time.
    pub seconds: f64,
}

/// What [`generate_each`] did.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Puzzles handed to the visitor.
    pub made: u64,
    /// Why fewer than `count`, if so.
    pub stop: Option<StopReason>,
    /// Wall time.
    pub seconds: f64,
}

impl GenerateRequest {
    /// The generator's options, checked; the seed is the request's or a new one from the
    /// clock (the options carry it, so it can be reported). Kinds no grid of the size can
    /// satisfy are refused here rather than when generating.
    pub fn options(&self) -> Result<GenerateOptions, GenerateRequestError> {
        let options = self.read()?;
        Plan::new(&options, Instant::now())
            .map_err(|e| request::refuse("variant", e.to_string()))?;
        Ok(options)
    }
}

/// The options checked, and what every puzzle shares.
struct Plan<'a> {
    options: &'a GenerateOptions,
    /// The rules of the whole grid the kinds add.
    globals: Vec<Constraint>,
    orbits: Vec<Vec<usize>>,
    deadline: Option<Instant>,
    /// Whether each attempt draws random regions.
    jigsaw: bool,
}

impl<'a> Plan<'a> {
    fn new(options: &'a GenerateOptions, start: Instant) -> Result<Plan<'a>, GenerateError> {
        let n = options.size;
        let names = || {
            let v: Vec<&str> = options.kinds.iter().map(|k| k.as_str()).collect();
            v.join(",")
        };
        if options.kinds.is_empty() {
            return Err(GenerateError::Kinds("no variant named".into()));
        }
        let killer = options.killer();
        if killer && options.symmetry != Symmetry::None {
            return Err(GenerateError::Symmetry(options.symmetry));
        }
        if killer && !(2..=n.max(2)).contains(&options.max_cage()) {
            return Err(GenerateError::MaxCage {
                max: options.max_cage(),
                n,
            });
        }
        let jigsaw = options.kinds.contains(&Kind::Jigsaw);
        let globals: Vec<Constraint> = options
            .kinds
            .iter()
            .flat_map(|k| k.rules().iter().cloned())
            .collect();
        // The rules on this size, checked once (a jigsaw of rows stands for any layout).
        let regions = if jigsaw && (4..=16).contains(&n) {
            Some(Regions::Jigsaw {
                layout: (0..n * n).map(|i| (i / n) as u8).collect(),
            })
        } else {
            None
        };
        let rules =
            Rules::new(n, regions, globals.clone()).map_err(|error| GenerateError::Rules {
                kinds: names(),
                n,
                error: Box::new(error),
            })?;
        // Rules no grid satisfies (each jigsaw layout is tried on its own, later).
        if !jigsaw && let Ok(empty) = Puzzle::new(rules, vec![0; n * n]) {
            let limits = Limits {
                solutions: 1,
                keep: 0,
                node_budget: Some(100_000),
                ..Limits::default()
            };
            if solve(&empty, &limits).is_ok_and(|a| a.verdict == Verdict::None) {
                return Err(GenerateError::NoGrid { kinds: names(), n });
            }
        }
        Ok(Plan {
            options,
            globals,
            orbits: options.symmetry.orbits(n),
            deadline: options.time_limit.and_then(|t| start.checked_add(t)),
            jigsaw,
        })
    }

    /// Makes puzzle `index`.
    fn make(&self, index: u64) -> Result<Generated, StopReason> {
        let o = self.options;
        let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
        rng.set_stream(index);
        let mut w = Worker {
            globals: &self.globals,
            budget: o.search_budget(),
            deadline: self.deadline,
            n: o.size,
            searches: 0,
            nodes: 0,
            certified: 0,
        };
        for attempt in 1..=o.attempts_per_puzzle {
            match self.attempt(&mut w, &mut rng) {
                Ok(Some(mut made)) => {
                    made.index = index;
                    made.attempts = attempt;
                    made.searches = w.searches;
                    made.nodes = w.nodes;
                    made.puzzle = made.puzzle.with_meta(self.meta(index));
                    return Ok(made);
                }
                Ok(None) => {}
                Err(Timeout) => return Err(StopReason::Time),
            }
        }
        Err(StopReason::Attempts { index })
    }

    fn meta(&self, index: u64) -> Meta {
        let o = self.options;
        let names: Vec<&str> = o.kinds.iter().map(|k| k.as_str()).collect();
        let mut rules = vec!["Normal sudoku rules apply.".to_string()];
        rules.extend(o.kinds.iter().map(|k| k.sentence().to_string()));
        Meta {
            title: Some(format!(
                "{} {n}x{n} (dlx, seed {}, puzzle {})",
                names.join(" + "),
                o.seed,
                index + 1,
                n = o.size
            )),
            author: Some("dlx".to_string()),
            ruleset: Some(rules.join(" ")),
        }
    }

    /// One solution grid (and layout), made into a puzzle; `None` if it has no solution or a
    /// search ran out of its budget where it could not be skipped.
    fn attempt(
        &self,
        w: &mut Worker<'_>,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<Generated>, Timeout> {
        let o = self.options;
        let n = o.size;
        w.tick()?;
        let regions = if self.jigsaw {
            Some(Regions::Jigsaw {
                layout: grids::jigsaw_layout(n, rng),
            })
        } else {
            None
        };
        let Ok(base) = Rules::new(n, regions.clone(), self.globals.clone()) else {
            return Ok(None);
        };
        let Some(solution) = grids::random_solution(&base, rng, 20_000, self.deadline) else {
            w.tick()?;
            return Ok(None);
        };
        if self.options.killer() {
            let max = o.max_cage();
            let mut cages = killer::cut(&solution, n, max, rng);
            loop {
                match killer::check(&mut *w, regions.as_ref(), &cages, &solution, 2)? {
                    Check::Unique => break,
                    Check::Multiple(Some(other)) => {
                        if !killer::split(&mut cages, &solution, &other, n, rng) {
                            return Ok(None);
                        }
                    }
                    // Out of budget: a smaller cage, and try again.
                    Check::Unknown => {
                        if !killer::split_largest(&mut cages, n, rng) {
                            return Ok(None);
                        }
                    }
                    Check::Multiple(None) => return Ok(None),
                }
            }
            let minimal = killer::merge(w, regions.as_ref(), &mut cages, &solution, max, rng)?;
            debug_assert!(killer::well_formed(&cages, &solution, n));
            let Some(puzzle) = killer::puzzle(&self.globals, n, regions, &cages, &solution) else {
                return Ok(None);
            };
            if let Some(filter) = &o.rating {
                // killer puzzles are filtered, not climbed
                w.tick()?;
                let r = (filter.rater)(&puzzle).unwrap_or(f64::NAN);
                if filter.distance(r) > 0.0 {
                    return Ok(None);
                }
            }
            return Ok(Some(Generated {
                index: 0,
                puzzle,
                solution,
                givens: 0,
                cages: cages.len(),
                minimal,
                attempts: 0,
                searches: 0,
                nodes: 0,
            }));
        }
        let (givens, minimal) = dig::dig(w, &base, &solution, &self.orbits, rng)?;
        let (givens, minimal) = match &o.rating {
            None => (givens, minimal),
            Some(filter) => match self.climb(w, filter, &base, &solution, givens, minimal, rng)? {
                Some(found) => found,
                None => return Ok(None),
            },
        };
        // The last removal kept one solution, or was certified; prove it once more.
        let Ok(puzzle) = Puzzle::new(base, givens) else {
            return Ok(None);
        };
        if !matches!(w.check(&puzzle, 0)?, Check::Unique) {
            return Ok(None);
        }
        Ok(Some(Generated {
            index: 0,
            givens: puzzle.givens().iter().filter(|&&d| d != 0).count(),
            puzzle,
            solution,
            cages: 0,
            minimal,
            attempts: 0,
            searches: 0,
            nodes: 0,
        }))
    }
}

impl Plan<'_> {
    /// Rates a puzzle dug from `solution` and, out of the filter's range, searches its
    /// neighbours: blank one given orbit, give three blank orbits back from `solution` (so it
    /// still solves the puzzle), prove one solution, dig to minimal again, rate; a neighbour
    /// no farther from the range replaces the puzzle. The puzzle in range, or `None`.
    #[allow(clippy::too_many_arguments)]
    fn climb(
        &self,
        w: &mut Worker<'_>,
        filter: &RatingFilter,
        rules: &Rules,
        solution: &[u8],
        givens: Vec<u8>,
        minimal: bool,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<(Vec<u8>, bool)>, Timeout> {
        use rand::seq::{IndexedRandom, SliceRandom};
        let rate = |givens: &[u8]| -> f64 {
            Puzzle::new(rules.clone(), givens.to_vec())
                .ok()
                .and_then(|p| (filter.rater)(&p))
                .unwrap_or(f64::NAN)
        };
        let (mut now, mut minimal) = (givens, minimal);
        let mut far = filter.distance(rate(&now));
        for _ in 0..filter.climb_steps {
            if far == 0.0 {
                break;
            }
            w.tick()?;
            let given: Vec<&Vec<usize>> = self.orbits.iter().filter(|o| now[o[0]] != 0).collect();
            let blank: Vec<&Vec<usize>> = self.orbits.iter().filter(|o| now[o[0]] == 0).collect();
            let mut next = now.clone();
            if let Some(out) = given.choose(rng) {
                for &i in out.iter() {
                    next[i] = 0;
                }
            }
            let mut back = blank.clone();
            back.shuffle(rng);
            for o in back.into_iter().take(3) {
                for &i in o {
                    next[i] = solution[i];
                }
            }
            if !matches!(w.check_givens(rules, &next)?, Check::Unique) {
                continue;
            }
            let (dug, min) = dig::dig_from(w, rules, solution, &next, &self.orbits, rng)?;
            let d = filter.distance(rate(&dug));
            if d <= far {
                (now, minimal, far) = (dug, min, d);
            }
        }
        Ok((far == 0.0).then_some((now, minimal)))
    }
}

/// Makes `options.count` puzzles on the current rayon pool and returns them in index order.
pub fn generate(options: &GenerateOptions) -> Result<Report, GenerateError> {
    let mut puzzles = Vec::new();
    let summary = generate_each(options, |p| {
        puzzles.push(p);
        ControlFlow::Continue(())
    })?;
    Ok(Report {
        puzzles,
        stop: summary.stop,
        seconds: summary.seconds,
    })
}

/// Makes `options.count` puzzles on the current rayon pool, handing each to `visit` in index
/// order as soon as it and those before it are made; `visit` may stop the run. Puzzles are
/// made in waves of twice the threads; puzzle `i` draws from ChaCha8 seeded with the seed,
/// stream `i`, so it never depends on the threads or the waves.
pub fn generate_each(
    options: &GenerateOptions,
    mut visit: impl FnMut(Generated) -> ControlFlow<()>,
) -> Result<Summary, GenerateError> {
    let start = Instant::now();
    let plan = Plan::new(options, start)?;
    let wave = (rayon::current_num_threads() as u64 * 2).max(1);
    let mut made = 0;
    let mut stop = None;
    let mut next = 0;
    'waves: while next < options.count {
        let end = (next + wave).min(options.count);
        let results: Vec<Result<Generated, StopReason>> =
            (next..end).into_par_iter().map(|i| plan.make(i)).collect();
        for r in results {
            match r {
                Ok(p) => {
                    made += 1;
                    if visit(p).is_break() {
                        stop = Some(StopReason::Stopped);
                        break 'waves;
                    }
                }
                Err(why) => {
                    stop = Some(why);
                    break 'waves;
                }
            }
        }
        next = end;
    }
    Ok(Summary {
        made,
        stop,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Makes puzzle number `index` alone, on this thread: the puzzle [`generate`] makes there.
pub fn generate_one(
    options: &GenerateOptions,
    index: u64,
) -> Result<Result<Generated, StopReason>, GenerateError> {
    let plan = Plan::new(options, Instant::now())?;
    Ok(plan.make(index))
}
