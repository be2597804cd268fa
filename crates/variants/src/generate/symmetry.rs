//! Symmetries of the pattern of givens, with the names and motions of the classic generator
//! (`dlx-generate`'s `Symmetry`): a symmetric puzzle gives whole orbits of cells or none of
//! their cells. Written again here because `dlx-variants` does not depend on `dlx-generate`
//! (which depends on `dlx-logic`, and the logic is to read variant rules).

use serde::{Deserialize, Serialize};

/// A symmetry the givens of a generated puzzle keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Symmetry {
    /// No symmetry: orbits are single cells.
    #[default]
    None,
    /// Half-turn: `(r, c)` with `(N-1-r, N-1-c)`.
    Rotate180,
    /// Quarter-turn.
    Rotate90,
    /// Mirror in the horizontal midline: `(r, c)` with `(N-1-r, c)`.
    Horizontal,
    /// Mirror in the vertical midline: `(r, c)` with `(r, N-1-c)`.
    Vertical,
    /// Both mirrors.
    BothMirrors,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Reflection in the anti-diagonal: `(r, c)` with `(N-1-c, N-1-r)`.
    AntiDiagonal,
    /// Both diagonal reflections.
    BothDiagonals,
    /// Every rotation and reflection of the square.
    Dihedral,
}

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

    /// The name of the command line and JSON (`rotate180`, `both_mirrors`...).
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

    /// The orbits of the cells of an `n x n` grid (row-major indices), each sorted, listed by
    /// their smallest cell; every cell is in exactly one.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let gens = self.generators();
        let m = n.saturating_sub(1);
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
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

    /// Whether the givens (row-major, 0 for empty) keep the symmetry: in every orbit all
    /// cells are given or none is.
    pub fn holds(self, givens: &[u8], n: usize) -> bool {
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

    /// The names of [`Symmetry::as_str`] (`-` for `_` accepted) and the classic generator's
    /// short forms `180`, `90`, `rotational`, `mirror`, `all`.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for s in Symmetry::ALL {
            for n in [4, 6, 9] {
                let orbits = s.orbits(n);
                let mut all: Vec<usize> = orbits.concat();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} {n}");
            }
        }
        // The half-turn pairs cells, with the centre alone on 9x9.
        assert_eq!(Symmetry::Rotate180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rotate90.orbits(9).len(), 21);
        assert_eq!("180".parse(), Ok(Symmetry::Rotate180));
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
