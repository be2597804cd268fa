//! Symmetries of the pattern of givens: which cells are filled, not which digits they hold.
//!
//! A symmetry is a group of motions of the `N x N` square (rotations, mirrors, diagonal
//! reflections). A puzzle has the symmetry when every motion of the group maps a given cell
//! to a given cell. The cells fall into *orbits* (the images of one cell under the group);
//! a symmetric puzzle gives whole orbits or none of their cells, so the generator adds and
//! removes orbits. The box shape plays no part: a pattern symmetry of a 6x6 grid (2x3 boxes)
//! need not map boxes to boxes.
//!
//! Names: the *horizontal* mirror reflects in the horizontal midline (row `r` and row
//! `N - 1 - r` change places, top and bottom); the *vertical* mirror reflects in the vertical
//! midline (left and right); the *main diagonal* runs from r1c1 to rNcN, the *anti-diagonal*
//! from r1cN to rNc1.

use serde::{Deserialize, Serialize};

use crate::Grid;

/// A symmetry the givens of a generated puzzle keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub enum Symmetry {
    /// No symmetry asked: orbits are single cells.
    #[default]
    None,
    /// Half-turn: `(r, c)` with `(N-1-r, N-1-c)`. The classic newspaper symmetry.
    Rotate180,
    /// Quarter-turn: `(r, c)`, `(c, N-1-r)`, `(N-1-r, N-1-c)`, `(N-1-c, r)`.
    Rotate90,
    /// Mirror in the horizontal midline: `(r, c)` with `(N-1-r, c)`.
    Horizontal,
    /// Mirror in the vertical midline: `(r, c)` with `(r, N-1-c)`.
    Vertical,
    /// Both mirrors (and so the half-turn).
    BothMirrors,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Reflection in the anti-diagonal: `(r, c)` with `(N-1-c, N-1-r)`.
    AntiDiagonal,
    /// Both diagonal reflections (and so the half-turn).
    BothDiagonals,
    /// The full dihedral group of the square: every rotation and reflection above.
    Dihedral,
}

/// One motion of the square, on 0-based `(row, column)` with `m = N - 1`.
type Motion = fn(usize, usize, usize) -> (usize, usize);

fn rot90(r: usize, c: usize, m: usize) -> (usize, usize) {
    (c, m - r)
}
fn rot180(r: usize, c: usize, m: usize) -> (usize, usize) {
    (m - r, m - c)
}
fn horizontal(r: usize, c: usize, m: usize) -> (usize, usize) {
    (m - r, c)
}
fn vertical(r: usize, c: usize, m: usize) -> (usize, usize) {
    (r, m - c)
}
fn diagonal(r: usize, c: usize, _: usize) -> (usize, usize) {
    (c, r)
}
fn anti_diagonal(r: usize, c: usize, m: usize) -> (usize, usize) {
    (m - c, m - r)
}

impl Symmetry {
    /// Every symmetry, [`Symmetry::None`] first.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::BothMirrors,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothDiagonals,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::BothMirrors => "both_mirrors",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti_diagonal",
            Symmetry::BothDiagonals => "both_diagonals",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The name people read: `180° rotation`, `Both mirrors`.
    pub fn title(self) -> &'static str {
        match self {
            Symmetry::None => "None",
            Symmetry::Rotate180 => "180° rotation",
            Symmetry::Rotate90 => "90° rotation",
            Symmetry::Horizontal => "Horizontal mirror",
            Symmetry::Vertical => "Vertical mirror",
            Symmetry::BothMirrors => "Both mirrors",
            Symmetry::Diagonal => "Main diagonal",
            Symmetry::AntiDiagonal => "Anti-diagonal",
            Symmetry::BothDiagonals => "Both diagonals",
            Symmetry::Dihedral => "Full (dihedral)",
        }
    }

    /// Generators of the group (the group is every product of them).
    fn generators(self) -> &'static [Motion] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[rot180],
            Symmetry::Rotate90 => &[rot90],
            Symmetry::Horizontal => &[horizontal],
            Symmetry::Vertical => &[vertical],
            Symmetry::BothMirrors => &[horizontal, vertical],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::AntiDiagonal => &[anti_diagonal],
            Symmetry::BothDiagonals => &[diagonal, anti_diagonal],
            Symmetry::Dihedral => &[rot90, diagonal],
        }
    }

    /// The orbits of the cells of an `n x n` grid (cells numbered row-major), each sorted,
    /// listed by their smallest cell. Every cell is in exactly one orbit.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let gens = self.generators();
        let m = n.saturating_sub(1);
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            // Closure of one cell under the generators (a finite group: images repeat).
            seen[start] = true;
            let mut orbit = vec![start];
            let mut i = 0;
            while i < orbit.len() {
                let k = orbit[i];
                for g in gens {
                    let (r, c) = g(k / n, k % n, m);
                    let j = r * n + c;
                    if !seen[j] {
                        seen[j] = true;
                        orbit.push(j);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the givens of `grid` have this symmetry: in every orbit, all cells are given
    /// or none is.
    pub fn holds(self, grid: &Grid) -> bool {
        self.holds_givens(&grid.cells, grid.n())
    }

    /// Whether the givens of an `n x n` grid (row-major, 0 for empty; a variant puzzle's, say)
    /// have this symmetry.
    pub fn holds_givens(self, givens: &[u8], n: usize) -> bool {
        self.orbits(n).iter().all(|orbit| {
            let given = givens[orbit[0]] != 0;
            orbit.iter().all(|&k| (givens[k] != 0) == given)
        })
    }
}

impl std::fmt::Display for Symmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Symmetry {
    type Err = String;

    /// Parses a name of [`Symmetry::as_str`], with `-` for `_` accepted, and the short forms
    /// `180`, `90`, `rotational`, `mirror` (the vertical mirror), `all`.
    fn from_str(s: &str) -> Result<Symmetry, String> {
        let t = s.trim().to_ascii_lowercase().replace('-', "_");
        let alias = match t.as_str() {
            "180" | "rotational" | "rotate_180" => Some(Symmetry::Rotate180),
            "90" | "rotate_90" => Some(Symmetry::Rotate90),
            "mirror" => Some(Symmetry::Vertical),
            "all" | "full" => Some(Symmetry::Dihedral),
            "antidiagonal" => Some(Symmetry::AntiDiagonal),
            _ => None,
        };
        alias
            .or_else(|| Symmetry::ALL.into_iter().find(|k| k.as_str() == t))
            .ok_or_else(|| {
                let names: Vec<&str> = Symmetry::ALL.iter().map(|k| k.as_str()).collect();
                format!("unknown symmetry `{s}` ({})", names.join(", "))
            })
    }
}
