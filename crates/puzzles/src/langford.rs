//! Langford pairs as exact cover: place two copies of each of 1..=n in a row of 2n slots so
//! that the two copies of k have exactly k numbers between them.
//!
//! Items, all primary: `v1 .. vn` (number k is placed), then `s1 .. s2n` (slot j is filled),
//! numbered from 1 and written in decimal, as in the shared `langfordN.dlx` files.
//!
//! Options: for k = 1..=n, then for the first slot j = 1..=2n-k-1, `vk sj s(j+k+1)`.
//!
//! Every solution has a mirror image (read it backwards), so solutions come in pairs, and the
//! count is twice OEIS A014552. The *half* variant keeps only the placements of 1 whose first
//! slot is in the left half (`j <= n - 1`): the mirror of `j` is `2n - 1 - j`, never `j`
//! itself, so exactly one of each mirror pair survives.

use std::fmt;

use dlx_engine::{OptionId, Problem, ProblemBuilder};

use crate::{DecodeError, Invalid, Puzzle, SizeError, write_spaced};

/// The largest `n` accepted (about two million options).
pub const MAX_N: usize = 1000;

/// Langford pairs for one `n`.
///
/// Invariant: option `o` places number `placements[o].0` in the 0-based slots
/// `placements[o].1` and `placements[o].1 + placements[o].0 + 1`.
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    half: bool,
    problem: Problem,
    placements: Vec<(usize, usize)>,
}

impl Langford {
    /// All Langford sequences for `n`, `1 <= n <=` [`MAX_N`] (there are some only when n is
    /// 0 or 3 modulo 4).
    pub fn new(n: usize) -> Result<Langford, SizeError> {
        Langford::build(n, false)
    }

    /// Like [`Langford::new`], but of each sequence and its mirror image only one is kept.
    pub fn half(n: usize) -> Result<Langford, SizeError> {
        Langford::build(n, true)
    }

    fn build(n: usize, half: bool) -> Result<Langford, SizeError> {
        SizeError::check("n", n, 1, MAX_N)?;
        let mut b = ProblemBuilder::new();
        // Distinct names: declaring cannot fail (`ok()` keeps us panic-free regardless).
        let values: Vec<_> = (1..=n)
            .filter_map(|k| b.primary(&format!("v{k}")).ok())
            .collect();
        let slots: Vec<_> = (1..=2 * n)
            .filter_map(|j| b.primary(&format!("s{j}")).ok())
            .collect();
        let mut placements = Vec::new();
        for k in 1..=n {
            // 0-based first slot j; the second is j + k + 1 <= 2n - 1.
            for j in 0..2 * n - k - 1 {
                // 1-based first slot j + 1 <= n - 1.
                if half && k == 1 && j + 1 > n - 1 {
                    break;
                }
                let entries = [
                    (values[k - 1], None),
                    (slots[j], None),
                    (slots[j + k + 1], None),
                ];
                if b.option(&entries).is_ok() {
                    placements.push((k, j));
                }
            }
        }
        Ok(Langford {
            n,
            half,
            problem: b.build(),
            placements,
        })
    }

    /// The `n` of the problem.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether mirror images were removed.
    pub fn is_half(&self) -> bool {
        self.half
    }

    /// The number and the two 0-based slots of option `o`.
    pub fn placement(&self, o: OptionId) -> Option<(usize, usize, usize)> {
        self.placements
            .get(o.index())
            .map(|&(k, j)| (k, j, j + k + 1))
    }
}

/// A (possibly partial) Langford sequence: the number in each of the 2n slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangfordSequence {
    slots: Vec<Option<usize>>,
}

impl LangfordSequence {
    /// A sequence given slot by slot, for example from a user.
    pub fn from_slots(slots: Vec<Option<usize>>) -> LangfordSequence {
        LangfordSequence { slots }
    }

    /// The number in each slot, slot 0 first.
    pub fn slots(&self) -> &[Option<usize>] {
        &self.slots
    }

    /// Whether every slot is filled.
    pub fn is_complete(&self) -> bool {
        self.slots.iter().all(Option::is_some)
    }

    /// The sequence read backwards (the mirror solution).
    pub fn reversed(&self) -> LangfordSequence {
        let mut slots = self.slots.clone();
        slots.reverse();
        LangfordSequence { slots }
    }

    /// Checks the rules directly: 2n slots, all filled, each of 1..=n exactly twice, and the
    /// two copies of k exactly k + 1 slots apart.
    pub fn check(&self) -> Result<(), Invalid> {
        if self.slots.len() % 2 != 0 {
            return Err(Invalid(format!("{} slots is odd", self.slots.len())));
        }
        let n = self.slots.len() / 2;
        let mut seen: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for (j, s) in self.slots.iter().enumerate() {
            match *s {
                None => return Err(Invalid(format!("slot {} is empty", j + 1))),
                Some(k) if k == 0 || k > n => {
                    return Err(Invalid(format!("slot {} holds {k}, not in 1..={n}", j + 1)));
                }
                Some(k) => seen[k].push(j),
            }
        }
        for (k, at) in seen.iter().enumerate().skip(1) {
            match at[..] {
                [a, b] if b - a == k + 1 => {}
                [a, b] => {
                    return Err(Invalid(format!(
                        "the two {k}s are in slots {} and {}, not {} apart",
                        a + 1,
                        b + 1,
                        k + 1
                    )));
                }
                _ => return Err(Invalid(format!("{k} appears {} times", at.len()))),
            }
        }
        Ok(())
    }
}

/// The numbers separated by spaces, `.` for an empty slot: `4 1 3 1 2 4 3 2`.
impl fmt::Display for LangfordSequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let slot = |s: &Option<usize>| s.map_or_else(|| ".".to_string(), |k| k.to_string());
        write_spaced(f, self.slots.iter().map(slot))
    }
}

impl Puzzle for Langford {
    type Board = LangfordSequence;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Result<LangfordSequence, DecodeError> {
        let mut slots = vec![None; 2 * self.n];
        let mut placed = vec![false; self.n + 1];
        for &o in options {
            let (k, a, b) = self.placement(o).ok_or(DecodeError::UnknownOption(o.0))?;
            let conflict = if placed[k] {
                Some(format!("number {k}"))
            } else {
                [a, b]
                    .into_iter()
                    .find(|&s| slots[s].is_some())
                    .map(|s| format!("slot {}", s + 1))
            };
            if let Some(what) = conflict {
                return Err(DecodeError::Conflict { option: o.0, what });
            }
            placed[k] = true;
            slots[a] = Some(k);
            slots[b] = Some(k);
        }
        Ok(LangfordSequence { slots })
    }

    fn check(&self, board: &LangfordSequence) -> Result<(), Invalid> {
        if board.slots.len() != 2 * self.n {
            return Err(Invalid(format!(
                "{} slots for n = {}",
                board.slots.len(),
                self.n
            )));
        }
        board.check()
    }
}
