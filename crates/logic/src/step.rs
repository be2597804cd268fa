//! Techniques and steps: what a deduction is called, how hard it is, and what it shows.
//!
//! Ratings are held in tenths (`23` is Sudoku Explainer's 2.3) so that comparisons are exact.

use std::fmt;

use dlx_sudoku::House;
use serde::Serialize;

pub use crate::technique::{Family, Scale, Technique, TechniqueSet};

/// Sudoku Explainer's length increment for chains of `length` nodes, in tenths: one tenth
/// each time the length passes 4, 6, 8, 12, 16, 24, 32, 48, ... (the bound grows by 3/2 and
/// 4/3 in turn).
pub fn length_increment(length: usize) -> u16 {
    let (mut added, mut ceil, mut odd) = (0u16, 4usize, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A candidate: a cell (0-based row and column) and a digit (1-based, as in a grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Candidate {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
    /// Digit, `1..=N`.
    pub digit: u8,
}

impl Candidate {
    /// The candidate assumed true (`r3c4=5`) or false (`r3c4≠5`), as chains write it.
    pub(crate) fn assumed(self, on: bool) -> String {
        let sign = if on { "=" } else { "≠" };
        format!("r{}c{}{sign}{}", self.row + 1, self.col + 1, self.digit)
    }

    /// The candidate stated true (`r3c4 is 5`) or false (`r3c4 is not 5`).
    pub(crate) fn stated(self, is: bool) -> String {
        let verb = if is { "is" } else { "is not" };
        format!("r{}c{} {verb} {}", self.row + 1, self.col + 1, self.digit)
    }
}

impl fmt::Display for Candidate {
    /// `5r3c4`... written as people do: `r3c4=5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}={}", self.row + 1, self.col + 1, self.digit)
    }
}

/// A link of a chain between two candidates: strong (one of them is true) or weak (not both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The candidate the implication starts from.
    pub from: Candidate,
    /// The candidate it reaches.
    pub to: Candidate,
    /// Whether `from` off implies `to` on (strong), rather than `from` on implies `to` off.
    pub strong: bool,
}

/// What justifies a step, for a display to highlight.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Pattern {
    /// Cells of the pattern (row, column), 0-based.
    pub cells: Vec<(usize, usize)>,
    /// Houses of the pattern (base and cover sets of fish, the house of a single, ...).
    pub houses: Vec<House>,
    /// Digits involved.
    pub digits: Vec<u8>,
    /// Candidates to highlight (the pattern's own candidates).
    pub candidates: Vec<Candidate>,
    /// Links of a chain, in order (for forcing chains, the links of every branch).
    pub links: Vec<Link>,
    /// On variant puzzles, the groups of cells of the pattern that are not a row, column or
    /// box (a jigsaw region, a diagonal, a window, a killer cage, a thermometer...), each with
    /// its name and cells; left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
}

/// A named group of cells of a variant step: `region 4`, `diagonal+`, `killer cage 3`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Area {
    /// Its name, as the step's sentence writes it.
    pub name: String,
    /// Its cells (row, column), 0-based.
    pub cells: Vec<(usize, usize)>,
}

/// For forcing chains: how the branches meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ChainKind {
    /// One assumption leads to its own negation, or to a broken board.
    Contradiction,
    /// A candidate true and false both lead to the same conclusion.
    Double,
    /// Every candidate of one cell leads to the same conclusion.
    Cell,
    /// Every place of a digit in one house leads to the same conclusion.
    Region,
}

/// One deduction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its rating on Sudoku Explainer's scale (base plus any length increment).
    pub rating: f64,
    /// For forcing chains, how the branches meet.
    pub chain: Option<ChainKind>,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// What to highlight.
    pub pattern: Pattern,
    /// The deduction in one sentence.
    pub text: String,
}

impl Step {
    pub(crate) fn tenths(&self) -> u16 {
        (self.rating * 10.0).round() as u16
    }

    /// The step's name with its chain kind when it has one: `Dynamic cell forcing chains`.
    pub fn name(&self) -> String {
        match (self.chain, self.technique) {
            (Some(kind), t)
                if t >= Technique::DynamicForcingChains
                    && matches!(t.family(), Family::ForcingChain | Family::Nested) =>
            {
                let k = match kind {
                    ChainKind::Contradiction => "contradiction",
                    ChainKind::Double => "double",
                    ChainKind::Cell => "cell",
                    ChainKind::Region => "region",
                };
                let t = self.technique.title();
                match t.split_once(' ') {
                    Some(("Dynamic", rest)) => format!("Dynamic {k} {rest}"),
                    _ => format!("{t} ({k})"),
                }
            }
            _ => self.technique.title().to_string(),
        }
    }
}

impl Step {
    /// The step told in three levels, for a hint that reveals more at each press:
    /// 1, the technique and where to look (`Look for a hidden single in box 2`); 2, the cells
    /// of the pattern as well; 3 (or more), the whole deduction ([`Step::text`]).
    pub fn hint_text(&self, level: u8) -> String {
        let name = self.name();
        let name = match name.split_once(' ') {
            // "Hidden single" -> "hidden single", but keep "XY-wing", "BUG+1", "X-chain"
            Some((first, rest)) if first.chars().skip(1).all(|c| c.is_lowercase()) => {
                format!("{} {rest}", first.to_lowercase())
            }
            _ => name,
        };
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U', 'X']) {
            "an"
        } else {
            "a"
        };
        let houses: Vec<String> = self
            .pattern
            .houses
            .iter()
            .map(|h| h.to_string())
            .chain(self.pattern.areas.iter().map(|a| a.name.clone()))
            .collect();
        let cells: Vec<String> = self
            .pattern
            .cells
            .iter()
            .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
            .collect();
        let digits: Vec<String> = self.pattern.digits.iter().map(|d| d.to_string()).collect();
        let mut out = format!("Look for {article} {name}");
        if !digits.is_empty() && digits.len() <= 2 {
            out += &format!(" on {}", digits.join(" and "));
        }
        if !houses.is_empty() {
            out += &format!(" in {}", houses.join(", "));
        }
        match level {
            0 | 1 => out,
            2 if !cells.is_empty() => format!("{out}: the cells {}", cells.join(", ")),
            2 => out,
            _ => self.text.clone(),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:.1})", self.text, self.rating)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_se_bounds() {
        let bounds: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 32, 33, 48, 49]
            .iter()
            .map(|&l| length_increment(l))
            .collect();
        assert_eq!(bounds, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
    }
}
