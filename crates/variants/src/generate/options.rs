//! What to make: the variant families ([`Kind`]) and the checked options of a run
//! ([`GenerateOptions`]).

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use crate::constraint::Constraint;
use crate::puzzle::Puzzle;
use dlx_sudoku::pattern::Symmetry;

/// One family of variant puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Kind {
    /// Random irregular regions instead of boxes.
    Jigsaw,
    /// Both diagonals hold each digit once.
    X,
    /// Windoku windows.
    Windoku,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
    /// Disjoint groups.
    DisjointGroups,
    /// Killer cages with their sums, and no given digit.
    Killer,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::Jigsaw,
        Kind::X,
        Kind::Windoku,
        Kind::AntiKnight,
        Kind::AntiKing,
        Kind::NonConsecutive,
        Kind::DisjointGroups,
        Kind::Killer,
    ];

    /// The name of the command line (`anti-knight`, `killer`...).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Jigsaw => "jigsaw",
            Kind::X => "x",
            Kind::Windoku => "windoku",
            Kind::AntiKnight => "anti-knight",
            Kind::AntiKing => "anti-king",
            Kind::NonConsecutive => "non-consecutive",
            Kind::DisjointGroups => "disjoint-groups",
            Kind::Killer => "killer",
        }
    }

    /// The rule of the whole grid the kind adds, if any.
    pub(super) fn rules(self) -> &'static [Constraint] {
        match self {
            Kind::X => &[Constraint::DiagonalPositive, Constraint::DiagonalNegative],
            Kind::Windoku => &[Constraint::Windoku],
            Kind::AntiKnight => &[Constraint::AntiKnight],
            Kind::AntiKing => &[Constraint::AntiKing],
            Kind::NonConsecutive => &[Constraint::NonConsecutive],
            Kind::DisjointGroups => &[Constraint::DisjointGroups],
            Kind::Jigsaw | Kind::Killer => &[],
        }
    }

    /// The kind in a rules text for people.
    pub(super) fn sentence(self) -> &'static str {
        match self {
            Kind::Jigsaw => "Each irregular region holds every digit once.",
            Kind::X => "Each of the two main diagonals holds every digit once.",
            Kind::Windoku => "Each shaded window holds every digit once.",
            Kind::AntiKnight => "Cells a chess knight's move apart hold different digits.",
            Kind::AntiKing => "Cells a chess king's move apart hold different digits.",
            Kind::NonConsecutive => "Orthogonal neighbours never hold consecutive digits.",
            Kind::DisjointGroups => {
                "Cells in the same position of each region hold different digits."
            }
            Kind::Killer => {
                "The digits in a cage do not repeat and add up to the number in its corner."
            }
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Kind {
    type Err = String;

    /// The names of [`Kind::as_str`], in any case, with `_` for `-` or neither, and
    /// `diagonal`, `irregular`, `hyper`, `disjoint` for x, jigsaw, windoku, disjoint-groups.
    fn from_str(s: &str) -> Result<Kind, String> {
        let t: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .collect();
        let kind = match t.as_str() {
            "jigsaw" | "irregular" => Kind::Jigsaw,
            "x" | "diagonal" | "diagonals" => Kind::X,
            "windoku" | "hyper" => Kind::Windoku,
            "antiknight" => Kind::AntiKnight,
            "antiking" => Kind::AntiKing,
            "nonconsecutive" => Kind::NonConsecutive,
            "disjointgroups" | "disjoint" => Kind::DisjointGroups,
            "killer" => Kind::Killer,
            _ => {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
                return Err(format!("unknown variant `{s}` ({})", names.join(", ")));
            }
        };
        Ok(kind)
    }
}

/// Reads kinds as people write them: `killer`, `jigsaw,x`, `x+anti-knight`.
pub fn parse_kinds(s: &str) -> Result<Vec<Kind>, String> {
    let mut kinds = Vec::new();
    for word in s.split([',', '+']) {
        let k: Kind = word.parse()?;
        if kinds.contains(&k) {
            return Err(format!("`{k}` named twice"));
        }
        kinds.push(k);
    }
    Ok(kinds)
}

/// What to make.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    /// Cells on a side (4 to 16; a size without a box shape needs `jigsaw`).
    pub size: usize,
    /// The families, combined (at least one).
    pub kinds: Vec<Kind>,
    /// The symmetry of the givens (puzzles with givens only).
    pub symmetry: Symmetry,
    /// The seed: puzzle `i` depends only on it, `i` and the options.
    pub seed: u64,
    /// How many puzzles.
    pub count: u64,
    /// The largest killer cage (default: 5 on 9x9 and above, 4 on 6x6 to 8x8, 3 on 4x4 and
    /// 5x5).
    pub max_cage: Option<usize>,
    /// Nodes per uniqueness search (a search cut short keeps its givens or cages); default
    /// [`GenerateOptions::search_budget`].
    pub search_budget: Option<u64>,
    /// Solution grids (and layouts) tried per puzzle before giving up.
    pub attempts_per_puzzle: u64,
    /// Stop after this long.
    pub time_limit: Option<Duration>,
    /// Only puzzles whose rating (the caller's rater, for instance `dlx-logic`'s) is in a
    /// range: `None` makes every puzzle.
    pub rating: Option<RatingFilter>,
}

/// A rater of variant puzzles: `None` when it cannot rate one.
pub type Rater = Arc<dyn Fn(&Puzzle) -> Option<f64> + Send + Sync>;

/// The rating wanted: a caller's rater (this crate cannot rate: the logic lives in
/// `dlx-logic`, which depends on it) and a range, with a local search towards it.
#[derive(Clone)]
pub struct RatingFilter {
    /// The rater.
    pub rater: Rater,
    /// The lowest rating wanted.
    pub min: f64,
    /// The highest rating wanted.
    pub max: f64,
    /// Local-search steps per solution grid (puzzles with givens: blank one given orbit,
    /// give three blank ones back from the solution, dig to minimal again, rate; kept when
    /// no farther from the range); 0 only filters. Killer puzzles are only filtered.
    pub climb_steps: u32,
}

impl RatingFilter {
    /// A filter for `min..=max` with `rater` and 30 local-search steps per solution grid.
    pub fn new(
        rater: impl Fn(&Puzzle) -> Option<f64> + Send + Sync + 'static,
        min: f64,
        max: f64,
    ) -> RatingFilter {
        RatingFilter {
            rater: Arc::new(rater),
            min,
            max,
            climb_steps: 30,
        }
    }

    /// How far `rating` is from the range: 0 inside.
    pub fn distance(&self, rating: f64) -> f64 {
        if rating.is_nan() {
            f64::INFINITY
        } else if rating < self.min {
            self.min - rating
        } else if rating > self.max {
            rating - self.max
        } else {
            0.0
        }
    }
}

impl std::fmt::Debug for RatingFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RatingFilter")
            .field("min", &self.min)
            .field("max", &self.max)
            .field("climb_steps", &self.climb_steps)
            .finish_non_exhaustive()
    }
}

impl PartialEq for RatingFilter {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.rater, &other.rater)
            && self.min == other.min
            && self.max == other.max
            && self.climb_steps == other.climb_steps
    }
}

impl Default for GenerateOptions {
    /// One 9x9 killer puzzle, seed 0, no time limit.
    fn default() -> Self {
        GenerateOptions {
            size: 9,
            kinds: vec![Kind::Killer],
            symmetry: Symmetry::None,
            seed: 0,
            count: 1,
            max_cage: None,
            search_budget: None,
            attempts_per_puzzle: 100,
            time_limit: None,
            rating: None,
        }
    }
}

impl GenerateOptions {
    /// The largest cage: the option, or the default for the size.
    pub fn max_cage(&self) -> usize {
        self.max_cage.unwrap_or(match self.size {
            0..=5 => 3,
            6..=8 => 4,
            _ => 5,
        })
    }

    /// Nodes per uniqueness search: the option, or 5,000 for killer (a unique killer puzzle
    /// takes a few hundred; a merge whose search runs longer is refused) and 100,000 for
    /// the others.
    pub fn search_budget(&self) -> u64 {
        self.search_budget
            .unwrap_or(if self.killer() { 5_000 } else { 100_000 })
    }

    pub(super) fn killer(&self) -> bool {
        self.kinds.contains(&Kind::Killer)
    }
}
