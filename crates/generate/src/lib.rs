//! Sudoku puzzles made to order, for every box shape: one solution each, minimal or with a
//! chosen number of givens, with a symmetry of the givens, at a rating the caller measures;
//! the same seed makes the same puzzles whatever the number of threads.
//!
//! The principal items:
//! - [`GenerateOptions`]: shape, [`Symmetry`], [`Givens`], seed, count, an optional
//!   [`RatingFilter`] (a caller's rater and a wanted range, with a local search towards it),
//!   budgets;
//! - [`generate`] (all puzzles at once, a [`Report`]), [`generate_each`] (streamed in order,
//!   as made) and [`generate_one`] (puzzle number `i` alone), each puzzle a [`Generated`]:
//!   the puzzle, its solution, givens, symmetry, whether it is minimal, its rating;
//! - [`GenerateRequest`]: the request every face fills (size, symmetry, givens, a band or a
//!   rating range rated by the logical solver, seed, count, attempts), checked once;
//! - [`every_given_needed`]: checks, given by given, that a puzzle is minimal.
//!
//! How a puzzle is made: a random full grid (`fill`), then the givens are removed orbit by
//! orbit in a random order while the puzzle keeps one solution (singles and unavoidable sets
//! decide most removals, the fast solver the rest, `dig`), then, with a rating filter, a
//! local search moves givens until the rating falls in the range (`climb`).
//!
//! ```
//! use dlx_generate::{GenerateOptions, Symmetry, generate};
//! use dlx_sudoku::{SolveOptions, SolverKind, Status, solve};
//!
//! let options = GenerateOptions {
//!     symmetry: Symmetry::Rotate180,
//!     count: 3,
//!     seed: 42,
//!     ..GenerateOptions::default()
//! };
//! let report = generate(&options).unwrap();
//! assert_eq!(report.puzzles.len(), 3);
//! for p in &report.puzzles {
//!     assert!(p.minimal && Symmetry::Rotate180.holds(&p.puzzle));
//!     let check = solve(&p.puzzle, &SolveOptions::unique(SolverKind::Dlx));
//!     assert_eq!(check.status, Status::Unique);
//!     assert_eq!(check.solution.as_ref(), Some(&p.solution));
//! }
//! // The same seed, the same puzzles.
//! assert_eq!(generate(&options).unwrap().puzzles, report.puzzles);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod climb;
mod dig;
mod fill;
mod options;
pub mod request;
/// The symmetries of a pattern of givens, in `dlx-sudoku` (the variant generator uses them too).
pub use dlx_sudoku::pattern as symmetry;

use dlx_time::Instant;
use std::ops::ControlFlow;

use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Status, solve};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::climb::{Climb, Timeout};
use crate::dig::{Dig, Geometry};
pub use crate::options::{GenerateOptions, Givens, Rater, RatingFilter};
pub use crate::request::{GenerateRequest, GenerateRequestError};
pub use dlx_sudoku::pattern::Symmetry;

/// A generated puzzle as the faces write it (JSON lines, API answers): grids as lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Written {
    /// The puzzle on one line.
    pub puzzle: String,
    /// Its one solution.
    pub solution: String,
    /// Its givens.
    pub givens: usize,
    /// The symmetry of its givens.
    pub symmetry: &'static str,
    /// Whether every given is needed.
    pub minimal: bool,
    /// Its rating, when a rater was given.
    pub rating: Option<f64>,
}

impl Generated {
    /// The puzzle as the faces write it.
    pub fn written(&self) -> Written {
        Written {
            puzzle: self.puzzle.to_line(),
            solution: self.solution.to_line(),
            givens: self.givens,
            symmetry: self.symmetry.as_str(),
            minimal: self.minimal,
            rating: self.rating,
        }
    }
}

/// One generated puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Generated {
    /// Its number, `0..count`.
    pub index: u64,
    /// The puzzle: its one solution's digits on the givens, 0 elsewhere.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// The number of givens.
    pub givens: usize,
    /// The symmetry its givens keep (the one asked for).
    pub symmetry: Symmetry,
    /// Whether no given (no orbit of givens, with a symmetry) can be removed without a second
    /// solution: proven by trying each.
    pub minimal: bool,
    /// Its rating, when a rater was given.
    pub rating: Option<f64>,
    /// Attempts it took (1 when the first solution grid or seed gave it).
    pub attempts: u64,
    /// Local-search steps taken in its last attempt.
    pub climb_steps: u64,
}

/// Why generation stopped before `count` puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
#[non_exhaustive]
pub enum StopReason {
    /// Puzzle `index` was not made in `attempts_per_puzzle` attempts (the targets may be
    /// out of reach: too few givens, a rating range no local search found).
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
                "puzzle {} not made within its attempts (targets out of reach?)",
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
    /// The shape is not supported.
    #[error(transparent)]
    Shape(#[from] dlx_sudoku::SizeError),
    /// The exact number of givens is more than the cells, or no union of orbits has it.
    #[error(
        "no {symmetry} puzzle of a {n}x{n} grid has exactly {givens} givens (orbits of the symmetry have sizes {sizes})"
    )]
    Givens {
        /// The number asked.
        givens: usize,
        /// The grid size.
        n: usize,
        /// The symmetry.
        symmetry: Symmetry,
        /// The orbit sizes, for the message.
        sizes: String,
    },
    /// A seed puzzle of the rating filter cannot be used.
    #[error("seed puzzle {}: {why}", index + 1)]
    Seed {
        /// Its position in the list, from 0.
        index: usize,
        /// Why.
        why: String,
    },
    /// The rating range is empty or not a number.
    #[error("empty rating range {min}..{max}")]
    Rating {
        /// Its low end.
        min: f64,
        /// Its high end.
        max: f64,
    },
}

/// All the puzzles asked for, or those made before a stop.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The puzzles, in index order.
    pub puzzles: Vec<Generated>,
    /// Why fewer than `count` were made, if so.
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

/// The options checked and their orbits.
struct Plan<'a> {
    options: &'a GenerateOptions,
    orbits: Vec<Vec<usize>>,
    geometry: Geometry,
    deadline: Option<Instant>,
    /// The filter's seed puzzles and their solutions.
    seeds: Vec<(Grid, Grid)>,
}

impl<'a> Plan<'a> {
    fn new(options: &'a GenerateOptions, start: Instant) -> Result<Plan<'a>, GenerateError> {
        let shape = Shape::new(options.shape.rows, options.shape.cols)?;
        let n = shape.n();
        let orbits = options.symmetry.orbits(n);
        if let Givens::Exactly(k) = options.givens {
            // Subset sums of the orbit sizes: which totals a union of orbits can have.
            let mut reach = vec![false; n * n + 1];
            reach[0] = true;
            for o in &orbits {
                for t in (o.len()..=n * n).rev() {
                    reach[t] |= reach[t - o.len()];
                }
            }
            if k > n * n || !reach[k] {
                let mut sizes: Vec<usize> = orbits.iter().map(Vec::len).collect();
                sizes.sort_unstable();
                sizes.dedup();
                let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
                return Err(GenerateError::Givens {
                    givens: k,
                    n,
                    symmetry: options.symmetry,
                    sizes: sizes.join(", "),
                });
            }
        }
        let mut seeds = Vec::new();
        if let Some(f) = &options.rating {
            if f.min.is_nan() || f.max.is_nan() || f.min > f.max {
                return Err(GenerateError::Rating {
                    min: f.min,
                    max: f.max,
                });
            }
            for (index, seed) in f.seeds.iter().enumerate() {
                let bad = |why: String| GenerateError::Seed { index, why };
                if seed.shape != shape || seed.validate().is_err() {
                    return Err(bad(format!("not a valid {shape} grid")));
                }
                if !options.symmetry.holds(seed) {
                    return Err(bad(format!(
                        "its givens lack {} symmetry",
                        options.symmetry
                    )));
                }
                let r = solve(seed, &SolveOptions::unique(SolverKind::Fast));
                match (r.status, r.solution) {
                    (Status::Unique, Some(solution)) => seeds.push((seed.clone(), solution)),
                    (status, _) => return Err(bad(format!("{status}, not unique"))),
                }
            }
        }
        Ok(Plan {
            options,
            orbits,
            geometry: Geometry::new(shape),
            deadline: options.time_limit.map(|t| start + t),
            seeds,
        })
    }

    /// Makes puzzle `index`.
    fn make(&self, index: u64) -> Result<Generated, StopReason> {
        let o = self.options;
        let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
        rng.set_stream(index);
        for attempt in 1..=o.attempts_per_puzzle {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(StopReason::Time);
            }
            match self.attempt(&mut rng) {
                Ok(Some(mut made)) => {
                    made.index = index;
                    made.attempts = attempt;
                    return Ok(made);
                }
                Ok(None) => {}
                Err(Timeout) => return Err(StopReason::Time),
            }
        }
        Err(StopReason::Attempts { index })
    }

    /// One solution grid, dug (and climbed): the puzzle if it meets the targets.
    fn attempt(&self, rng: &mut ChaCha8Rng) -> Result<Option<Generated>, Timeout> {
        let o = self.options;
        let seed = if self.seeds.is_empty() {
            None
        } else {
            let (puzzle, solution) = &self.seeds[rng.random_range(0..self.seeds.len())];
            Some(self.vary(puzzle, solution, rng))
        };
        let solution = match &seed {
            Some((_, s)) => s.clone(),
            None => match fill::random_solution(o.shape, rng, self.deadline) {
                Some(s) => s,
                None if self.deadline.is_some_and(|d| Instant::now() >= d) => {
                    return Err(Timeout);
                }
                None => return Ok(None),
            },
        };
        let budget = match o.search_budget {
            Some(b) => b,
            None if o.shape.n() <= 16 => 100_000,
            None => 300,
        };
        let mut dig = Dig::new(&self.geometry, &solution, Some(budget));
        dig.deadline = self.deadline;
        if let Some((puzzle, _)) = &seed {
            dig.reset(&puzzle.cells);
        }
        let mut minimal = climb::dig_down(&mut dig, &self.orbits, o.givens, rng, self.deadline)?;
        if !climb::meets(o.givens, dig.grid.givens()) {
            return Ok(None);
        }
        let mut rating = None;
        let mut steps = 0;
        if let Some(filter) = &o.rating {
            let Some(r) = (filter.rater)(&dig.grid) else {
                return Ok(None);
            };
            let start = Climb {
                cells: dig.grid.cells.clone(),
                rating: r,
                minimal,
                steps: 0,
                moved: false,
            };
            let from_seed = seed.is_some();
            let end = climb::climb(
                &mut dig,
                &self.orbits,
                o.givens,
                filter,
                start,
                from_seed,
                rng,
                self.deadline,
            )?;
            if climb::distance(filter, end.rating) > 0.0 || (from_seed && !end.moved) {
                return Ok(None);
            }
            dig.reset(&end.cells);
            rating = Some(end.rating);
            minimal = end.minimal;
            steps = end.steps;
        }
        let puzzle = dig.grid.clone();
        Ok(Some(Generated {
            index: 0,
            givens: puzzle.givens(),
            puzzle,
            solution,
            symmetry: o.symmetry,
            minimal,
            rating,
            attempts: 0,
            climb_steps: steps,
        }))
    }
}

impl Plan<'_> {
    /// A seed puzzle and its solution under a random relabelling of the digits and, without
    /// a symmetry to keep, a random permutation of rows, columns, bands and stacks.
    fn vary(&self, puzzle: &Grid, solution: &Grid, rng: &mut ChaCha8Rng) -> (Grid, Grid) {
        let n = puzzle.n();
        if self.options.symmetry == Symmetry::None {
            let t = dlx_sudoku::Symmetry::random(puzzle.shape, rng);
            return (t.apply(puzzle), t.apply(solution));
        }
        let mut digits: Vec<u8> = (0..=n as u8).collect();
        digits[1..].shuffle(rng);
        let relabel = |g: &Grid| Grid {
            shape: g.shape,
            cells: g.cells.iter().map(|&d| digits[d as usize]).collect(),
        };
        (relabel(puzzle), relabel(solution))
    }
}

/// A seed from the clock, for callers that were given none (print it, so the puzzles can be
/// made again).
pub fn fresh_seed() -> u64 {
    dlx_time::unix_nanos()
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
/// order as soon as it and those before it are made; `visit` may stop the run.
///
/// Puzzles are made in waves of a few per thread; the content of puzzle `i` depends only on
/// `(seed, i)` and the options, never on the threads or the waves.
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

/// Makes puzzle number `index` of `options` alone (on this thread): the same puzzle as
/// [`generate`] makes at that index.
pub fn generate_one(
    options: &GenerateOptions,
    index: u64,
) -> Result<Result<Generated, StopReason>, GenerateError> {
    let plan = Plan::new(options, Instant::now())?;
    Ok(plan.make(index))
}

/// Whether every given of `puzzle` is needed: `Some(true)` if the puzzle has one solution and
/// blanking any single given gives a second one, `Some(false)` if not (or the puzzle is not
/// unique), `None` if a search ran past `budget` guesses.
pub fn every_given_needed(puzzle: &Grid, budget: Option<u64>) -> Option<bool> {
    let options = SolveOptions {
        node_budget: budget,
        ..SolveOptions::unique(SolverKind::Fast)
    };
    match solve(puzzle, &options).status {
        Status::Unique => {}
        Status::Multiple | Status::None => return Some(false),
        _ => return None,
    }
    let mut g = puzzle.clone();
    for k in 0..g.cells.len() {
        let d = g.cells[k];
        if d == 0 {
            continue;
        }
        g.cells[k] = 0;
        let status = solve(&g, &options).status;
        g.cells[k] = d;
        match status {
            Status::Multiple => {}
            Status::Unique => return Some(false),
            _ => return None,
        }
    }
    Some(true)
}
