//! What to make: [`GenerateOptions`] with its [`Givens`] and an optional [`RatingFilter`]
//! (a caller's [`Rater`] and a range).

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use dlx_sudoku::{Grid, Shape};
use serde::{Deserialize, Serialize};

use dlx_sudoku::pattern::Symmetry;

/// How many givens the puzzles keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Givens {
    /// Remove givens (orbits of givens, with a symmetry) until none can go: every given is
    /// needed (every orbit, with a symmetry).
    #[default]
    Minimal,
    /// Stop removing at exactly this many givens (puzzles whose removals stall above it are
    /// dropped and another attempt is made). Not minimal in general.
    Exactly(usize),
    /// Minimal puzzles with at most this many givens (others are dropped).
    AtMost(usize),
}

/// A caller's difficulty measure: a rating of a puzzle with one solution, or `None` when it
/// cannot be rated (the puzzle is then refused). It must be deterministic for the seed to
/// fix the output.
pub type Rater = Arc<dyn Fn(&Grid) -> Option<f64> + Send + Sync>;

/// Keep only puzzles whose rating lies in `min..=max`, searching locally towards the range.
#[derive(Clone)]
pub struct RatingFilter {
    /// The rater (for instance the logical solver's SE-scale rating).
    pub rater: Rater,
    /// The lowest rating wanted.
    pub min: f64,
    /// The highest rating wanted.
    pub max: f64,
    /// Local-search steps per attempt (each: move givens, check, dig, rate) before a new
    /// solution grid is drawn; 0 only filters.
    pub climb_steps: u32,
    /// Puzzles to climb from instead of random ones (for instance known hard puzzles, to
    /// reach the top bands): each attempt takes one at random, relabels its digits (and,
    /// without a symmetry, permutes its rows, columns, bands and stacks), digs it to the
    /// target and climbs, taking at least one step so that the seed itself is not returned.
    /// Each must have the options' shape, one solution and the options' symmetry.
    pub seeds: Vec<Grid>,
}

impl RatingFilter {
    /// A filter for `range` with `rater`, and 50 local-search steps per attempt.
    pub fn new(
        rater: impl Fn(&Grid) -> Option<f64> + Send + Sync + 'static,
        range: RangeInclusive<f64>,
    ) -> RatingFilter {
        RatingFilter {
            rater: Arc::new(rater),
            min: *range.start(),
            max: *range.end(),
            climb_steps: 50,
            seeds: Vec::new(),
        }
    }

    /// The same filter climbing from `seeds` (see [`RatingFilter::seeds`]).
    pub fn with_seeds(self, seeds: Vec<Grid>) -> RatingFilter {
        RatingFilter { seeds, ..self }
    }

    /// The same filter with `steps` local-search steps per attempt.
    pub fn with_climb(self, steps: u32) -> RatingFilter {
        RatingFilter {
            climb_steps: steps,
            ..self
        }
    }
}

impl std::fmt::Debug for RatingFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RatingFilter")
            .field("min", &self.min)
            .field("max", &self.max)
            .field("climb_steps", &self.climb_steps)
            .field("seeds", &self.seeds.len())
            .finish_non_exhaustive()
    }
}

/// What to make.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// The box shape (4x4 to 16x16 routinely; 25x25 works, slowly, see `docs/generate.md`).
    pub shape: Shape,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// How many givens.
    pub givens: Givens,
    /// The seed: puzzle `i` depends only on `(seed, i)` and the other options.
    pub seed: u64,
    /// How many puzzles (numbered `0..count`).
    pub count: u64,
    /// A rating filter, or `None` for any difficulty.
    pub rating: Option<RatingFilter>,
    /// Attempts (solution grids drawn, or seed puzzles with [`RatingFilter::seeds`]) per
    /// puzzle before giving up with [`StopReason::Attempts`](crate::StopReason::Attempts).
    pub attempts_per_puzzle: u64,
    /// Stop after this long ([`StopReason::Time`](crate::StopReason::Time)); the output then depends on the machine.
    pub time_limit: Option<Duration>,
    /// The guess budget of each uniqueness search; a search cut short keeps its givens
    /// (the puzzle stays unique, but is not proven minimal). `None` chooses by size:
    /// 100,000 guesses up to 16x16 (never reached in our runs), 300 above (25x25 searches on
    /// sparse grids rarely finish anyway: with 10,000 a 25x25 puzzle took 46 s and kept one
    /// given less than with 300, 1.5 s). `Some(u64::MAX)` for no budget.
    pub search_budget: Option<u64>,
}

impl Default for GenerateOptions {
    /// One minimal 9x9 puzzle, no symmetry, seed 0, 10,000 attempts, the search budget
    /// chosen by size, no time limit.
    fn default() -> Self {
        GenerateOptions {
            shape: Shape { rows: 3, cols: 3 },
            symmetry: Symmetry::None,
            givens: Givens::Minimal,
            seed: 0,
            count: 1,
            rating: None,
            attempts_per_puzzle: 10_000,
            time_limit: None,
            search_budget: None,
        }
    }
}
