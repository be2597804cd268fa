//! What a variant topology keeps for the variant techniques (`variant.rs`) across the boards
//! of its puzzle: the rule of 45's regions, made once, and the clues' supports already
//! computed. Plain data, below both `board` (whose topology holds them) and `variant`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A region the rule of 45 looks at and what its cages make of it: the same on every board of
/// a topology, so made once (`variant::plan_45`).
#[derive(Debug)]
pub(crate) struct Region45 {
    pub(crate) name: String,
    /// The region's total.
    pub(crate) total: u32,
    /// The sum of the cages inside it.
    pub(crate) inside_sum: u32,
    /// `total - inside_sum`.
    pub(crate) target: u32,
    /// The innies, when up to 5.
    pub(crate) innies: Option<Vec<usize>>,
    /// Innies and outies at once (`variant::innies_and_outies`).
    pub(crate) both: Option<Both>,
    /// The outies (up to 5) and the sum of the crossing cages, when those cover every innie.
    pub(crate) outies: Option<(Vec<usize>, u32)>,
}

/// Innies counted up and outies down adding up to `rest`.
#[derive(Debug)]
pub(crate) struct Both {
    pub(crate) ins: Vec<usize>,
    pub(crate) outs: Vec<usize>,
    pub(crate) rest: i32,
}

/// The supports of a variant's clues already computed, each with the digits of its cells it
/// was computed from, kept with the topology (so across the trials of a forcing chain and
/// across the steps of a path). A clue's support depends on its cells' digits only, so a hit
/// is the support computing it again would give.
#[derive(Debug, Default)]
pub(crate) struct Supports {
    /// By a hash of the clue and its cells' digits: the clue, those digits, its support
    /// (`None`: no filling). A collision keeps the newer.
    pub(crate) map: HashMap<u64, Kept, BuildHasherDefault<Spread>>,
    /// The ends of the variant forcing chains' trials (see [`Ends`]).
    pub(crate) ends: Ends,
    /// For each full house, its cells' digits (as `variant::key_of` gives them) when
    /// *cages in a house* last found nothing there (empty: not yet).
    pub(crate) house_quiet: Vec<Vec<u64>>,
}

/// The ends of the variant forcing chains' trials, kept across the steps of a path (the
/// topology is a solver's own): for each candidate and each mode (without and with the
/// locked sets), the board (every cell's digits) its last trial that did not break the board
/// ended on, and the board that trial started from. Propagation is monotone and its end the
/// largest board closed under its rules below the start, so on a board with fewer digits than
/// that start the trial ends on a board with at most those digits (and exactly those when the
/// board still has them all): `variant::Memo::trial`.
#[derive(Debug, Default)]
pub(crate) struct Ends {
    /// The boards the trials started from (every cell's digits), oldest first.
    pub(crate) boards: Vec<Vec<u64>>,
    /// Per mode, per candidate (`k * n + d`): the index in `boards` of the board its last
    /// unbroken trial started from ([`NO_END`]: none) and the board it ended on.
    pub(crate) ends: [Vec<(u32, Vec<u64>)>; 2],
}

/// No trial kept for this candidate.
pub(crate) const NO_END: u32 = u32::MAX;

/// Start boards past which [`Ends`] starts again.
pub(crate) const ENDS_BOARDS: usize = 64;

/// Digits a board may have for [`Ends`] to keep its trials (a 9x9 board keeps under 1 MB).
pub(crate) const ENDS_MAX_DIGITS: usize = 9;

/// A support kept: the clue, its cells' digits, the support (`None`: no filling).
pub(crate) type Kept = (u32, Vec<u64>, Option<Vec<u64>>);

/// The hasher of [`Supports`], whose keys are hashes already.
#[derive(Default)]
pub(crate) struct Spread(u64);

impl Hasher for Spread {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &x in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(x)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// Entries past which [`Supports`] starts again (a few megabytes at most).
pub(crate) const SUPPORTS_CAP: usize = 1 << 16;
