//! Patterns players ask hints for that Sudoku Explainer lacks, used only when asked for:
//! finned and sashimi fish, and simple colouring.
//!
//! - A *finned fish* of size `k` on digit `d`: `k` base lines (rows or columns) whose places
//!   for `d` lie in `k` cover lines but for some *fins*, all in one box. Either the fish holds
//!   (and `d` leaves the cover lines outside the base lines) or a fin holds `d`: so `d` leaves
//!   the cells of the cover lines outside the base lines that are in the fins' box. It is
//!   *sashimi* when a base line has one place or none in the cover lines (rated 0.1 more).
//!   Ratings: X-wing 3.4, swordfish 4.0, jellyfish 5.4 (sashimi 3.5, 4.1, 5.5).
//! - *Simple colouring* on digit `d`: the cells of a chain of conjugate pairs take two colours,
//!   one of which holds `d` in every cell. Two cells of one colour that see each other make
//!   that colour false (a *wrap*); a cell that sees both colours cannot hold `d` (a *trap*).
//!   Rated 4.2.

use crate::basic::{bits, cand, combinations, elimination};
use crate::board::Board;
use crate::step::{Candidate, Pattern, Step, Technique};

/// Finned or sashimi fish of `size` lines: the first found with eliminations.
pub(crate) fn finned_fish(b: &Board, size: usize) -> Option<Step> {
    let t = &b.topo;
    let n = t.n;
    let technique = match size {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    };
    for d in 0..n {
        for base_kind in 0..2 {
            let cover_kind = 1 - base_kind;
            let lines: Vec<(usize, u64)> = (0..n)
                .map(|i| (i, b.positions(base_kind * n + i, d)))
                .filter(|&(_, m)| m != 0 && m.count_ones() as usize <= size + 3)
                .collect();
            if lines.len() < size {
                continue;
            }
            let found = combinations(lines.len(), size, &mut |idx| {
                let union = idx.iter().fold(0u64, |m, &i| m | lines[i].1);
                let covers_all: Vec<usize> = bits(union).collect();
                if covers_all.len() <= size {
                    return None; // a basic fish, or less
                }
                let base: Vec<usize> = idx.iter().map(|&i| lines[i].0).collect();
                let cell = |line: usize, pos: usize| t.houses[base_kind * n + line][pos] as usize;
                combinations(covers_all.len(), size, &mut |cidx| {
                    let covers = cidx.iter().fold(0u64, |m, &i| m | 1 << covers_all[i]);
                    // the fins: places outside the covers, all in one box
                    let mut fins: Vec<usize> = Vec::new();
                    for &i in idx {
                        for p in bits(lines[i].1 & !covers) {
                            fins.push(cell(lines[i].0, p));
                        }
                    }
                    let bx = t.cell_houses[*fins.first()?][2];
                    if fins.iter().any(|&f| t.cell_houses[f][2] != bx) {
                        return None;
                    }
                    let mut elims = Vec::new();
                    for c in bits(covers) {
                        for &k in &t.houses[cover_kind * n + c] {
                            let k = k as usize;
                            if b.cand[k] >> d & 1 != 0
                                && t.cell_houses[k][2] == bx
                                && !base.contains(
                                    &(t.cell_houses[k][base_kind] as usize - base_kind * n),
                                )
                            {
                                elims.push(cand(b, k, d));
                            }
                        }
                    }
                    if elims.is_empty() {
                        return None;
                    }
                    let sashimi = idx.iter().any(|&i| (lines[i].1 & covers).count_ones() < 2);
                    let mut cells: Vec<usize> = Vec::new();
                    for &i in idx {
                        for p in bits(lines[i].1) {
                            cells.push(cell(lines[i].0, p));
                        }
                    }
                    let house = |kind: usize, i: usize| t.house(kind * n + i).to_string();
                    let bases: Vec<String> = base.iter().map(|&i| house(base_kind, i)).collect();
                    let cov: Vec<String> = bits(covers).map(|i| house(cover_kind, i)).collect();
                    let fin_names: Vec<String> = fins.iter().map(|&f| t.name(f)).collect();
                    let what = format!(
                        "{}{}: {} in {} lies in {} but for the fin{} {}, all in {}, so either the fish holds or a fin does",
                        if sashimi { "Sashimi " } else { "" },
                        if sashimi {
                            technique.title().trim_start_matches("Finned ").to_string()
                        } else {
                            technique.title().to_string()
                        },
                        d + 1,
                        bases.join(", "),
                        cov.join(", "),
                        if fins.len() > 1 { "s" } else { "" },
                        fin_names.join(", "),
                        t.house(bx as usize),
                    );
                    let pattern = Pattern {
                        cells: cells.iter().map(|&k| (k / n, k % n)).collect(),
                        houses: base
                            .iter()
                            .map(|&i| t.house(base_kind * n + i).into())
                            .chain(bits(covers).map(|i| t.house(cover_kind * n + i).into()))
                            .collect(),
                        digits: vec![d as u8 + 1],
                        candidates: cells.iter().map(|&k| cand(b, k, d)).collect(),
                        links: vec![],
                        areas: Vec::new(),
                    };
                    let mut s = elimination(technique, elims, pattern, &what);
                    s.rating = technique.base_rating() + if sashimi { 0.1 } else { 0.0 };
                    s.rating = (s.rating * 10.0).round() / 10.0;
                    Some(s)
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Simple colouring: the first wrap or trap, on the digits in order.
pub(crate) fn simple_colouring(b: &Board) -> Option<Step> {
    let t = &b.topo;
    let n = t.n;
    for d in 0..n {
        // conjugate pairs of d
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); t.ncells];
        for h in 0..3 * n {
            let p = b.positions(h, d);
            if p.count_ones() == 2 {
                let i = p.trailing_zeros() as usize;
                let j = 63 - p.leading_zeros() as usize;
                let (x, y) = (t.houses[h][i] as usize, t.houses[h][j] as usize);
                if !adj[x].contains(&y) {
                    adj[x].push(y);
                    adj[y].push(x);
                }
            }
        }
        let mut colour = vec![u8::MAX; t.ncells];
        for start in 0..t.ncells {
            if adj[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // colour the component
            let mut comp = vec![start];
            colour[start] = 0;
            let mut i = 0;
            while i < comp.len() {
                let x = comp[i];
                i += 1;
                for &y in &adj[x] {
                    if colour[y] == u8::MAX {
                        colour[y] = 1 - colour[x];
                        comp.push(y);
                    }
                }
            }
            if comp.len() < 3 {
                continue;
            }
            let of = |c: u8| -> Vec<usize> {
                comp.iter().copied().filter(|&x| colour[x] == c).collect()
            };
            let (c0, c1) = (of(0), of(1));
            let names = |v: &[usize]| v.iter().map(|&k| t.name(k)).collect::<Vec<_>>().join(", ");
            let pattern = |elims: &[Candidate]| Pattern {
                cells: comp.iter().map(|&k| (k / n, k % n)).collect(),
                houses: vec![],
                digits: vec![d as u8 + 1],
                candidates: comp
                    .iter()
                    .map(|&k| cand(b, k, d))
                    .filter(|c| !elims.contains(c))
                    .collect(),
                links: vec![],
                areas: Vec::new(),
            };
            // wrap: a colour that sees itself is false
            for (same, other) in [(&c0, &c1), (&c1, &c0)] {
                let wrap = same
                    .iter()
                    .enumerate()
                    .any(|(i, &x)| same[i + 1..].iter().any(|&y| t.sees(x, y)));
                if wrap {
                    let elims: Vec<Candidate> = same.iter().map(|&k| cand(b, k, d)).collect();
                    let what = format!(
                        "Simple colouring (wrap): the conjugate pairs of {} colour {} against {}; two cells of the first colour see each other, so it is false",
                        d + 1,
                        names(same),
                        names(other)
                    );
                    let p = pattern(&elims);
                    return Some(elimination(Technique::SimpleColouring, elims, p, &what));
                }
            }
            // trap: a cell seeing both colours
            let elims: Vec<Candidate> = (0..t.ncells)
                .filter(|&k| {
                    b.cand[k] >> d & 1 != 0
                        && colour[k] == u8::MAX
                        && c0.iter().any(|&x| t.sees(x, k))
                        && c1.iter().any(|&x| t.sees(x, k))
                })
                .map(|k| cand(b, k, d))
                .collect();
            if !elims.is_empty() {
                let what = format!(
                    "Simple colouring (trap): the conjugate pairs of {} colour {} against {}; one colour holds {}, so a cell seeing both cannot",
                    d + 1,
                    names(&c0),
                    names(&c1),
                    d + 1
                );
                let p = pattern(&elims);
                return Some(elimination(Technique::SimpleColouring, elims, p, &what));
            }
        }
        // colours of other components are independent
        let _ = &mut colour;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_sudoku::{Grid, Shape};

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    fn open() -> Board {
        Board::new(&Grid::empty(Shape::new(3, 3).unwrap()))
    }

    fn leave(b: &mut Board, h: usize, keep: &[usize], d: usize) {
        let cells: Vec<usize> = b.topo.houses[h].iter().map(|&k| k as usize).collect();
        for k in cells {
            if !keep.contains(&k) {
                b.cand[k] &= !(1 << (d - 1));
            }
        }
    }

    fn names(cs: &[Candidate]) -> Vec<String> {
        let mut v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn a_finned_x_wing() {
        // 7 in row 2 at c3, c6; in row 8 at c3, c6 and the fin r8c5 (box 8): 7 leaves the
        // cells of column 6 in box 8 outside rows 2 and 8: r7c6, r9c6
        let mut b = open();
        leave(&mut b, 1, &[at(2, 3), at(2, 6)], 7);
        leave(&mut b, 7, &[at(8, 3), at(8, 5), at(8, 6)], 7);
        let s = finned_fish(&b, 2).unwrap();
        assert_eq!(s.technique, Technique::FinnedXWing, "{}", s.text);
        assert_eq!(names(&s.eliminations), ["r7c6=7", "r9c6=7"], "{}", s.text);
        assert_eq!(s.rating, 3.4);
    }

    #[test]
    fn colour_trap() {
        // 4 in row 1 at c1, c5; column 5 at r1, r6; row 6 at c5, c2: colours {r1c1, r6c5}
        // and {r1c5, r6c2}; r2c2, r3c2 see r1c1 (box 1) and r6c2 (column 2), r4c1, r5c1 see
        // r1c1 (column 1) and r6c2 (box 4)
        let mut b = open();
        leave(&mut b, 0, &[at(1, 1), at(1, 5)], 4);
        leave(&mut b, 9 + 4, &[at(1, 5), at(6, 5)], 4);
        leave(&mut b, 5, &[at(6, 5), at(6, 2)], 4);
        let s = simple_colouring(&b).unwrap();
        assert_eq!(s.technique, Technique::SimpleColouring);
        assert_eq!(
            names(&s.eliminations),
            ["r2c2=4", "r3c2=4", "r4c1=4", "r5c1=4"],
            "{}",
            s.text
        );
    }
}
