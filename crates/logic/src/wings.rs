//! Wings on almost locked sets: SukakuExplainer's WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings
//! (an almost locked set in a house and a bivalue cell), and the general ALS-XZ and
//! ALS-XY-wing.
//!
//! An *almost locked set* (ALS) is `k` empty cells of one house holding `k + 1` digits
//! between them: if one of its digits is removed, the rest fill the cells. Two ALSs are
//! joined by a *restricted common* digit `x` when `x` is in both and every cell of one
//! holding `x` sees every cell of the other holding `x`: `x` is then in one of them at most,
//! so the other is locked on its remaining digits.
//!
//! - ALS-XZ: ALSs `A` and `B` with a restricted common `x`; every other common digit `z` is
//!   in `A` or in `B`, so it leaves every cell that sees all of `A`'s and `B`'s `z` cells.
//!   With two restricted commons both ALSs are locked: each of their digits leaves the cells
//!   that see all its cells of one ALS (and the restricted ones, of both).
//! - SukakuExplainer's wings are ALS-XZ where `B` is one bivalue cell and `A` has `k` cells
//!   in a house: WXYZ (`k` = 3, rated 5.5, 5.6 when the largest cell of `A` has three
//!   candidates), VWXYZ (4: 6.2 to 6.4, most in the middle), UVWXYZ (5: 6.6), TUVWXYZ (6:
//!   7.5).
//! - ALS-XY-wing: a pivot ALS `C` with restricted commons `x` with `A` and `y` with `B`
//!   (`x` ≠ `y`): a digit `z` of both `A` and `B`, neither `x` nor `y`, leaves the cells that
//!   see all of `A`'s and `B`'s `z` cells.

use crate::basic::{bits, cand, combinations_within, elimination, fmt_digits};
use crate::board::{Board, Since};
use crate::step::{Candidate, Pattern, Step, Technique};

/// An almost locked set: cells of one house and their digits.
#[derive(Clone, Debug)]
struct Als {
    cells: Cells,
    digits: u64,
    house: usize,
}

/// The most cells of an almost locked set the finders ask for (eight, the general ones).
const MAX_ALS: usize = 8;

/// An almost locked set's cells, in order (PERF: in place: a rating lists tens of thousands
/// of sets, a `Vec` each was an allocation and a free each).
#[derive(Clone, Copy, Debug)]
struct Cells {
    len: usize,
    at: [usize; MAX_ALS],
}

impl Cells {
    fn of(cells: impl IntoIterator<Item = usize>) -> Cells {
        let mut out = Cells {
            len: 0,
            at: [0; MAX_ALS],
        };
        for k in cells {
            out.at[out.len] = k;
            out.len += 1;
        }
        out
    }
}

impl std::ops::Deref for Cells {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.at[..self.len]
    }
}

impl<'a> IntoIterator for &'a Cells {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Als {
    /// The cells holding digit `d`.
    fn with<'a>(&'a self, b: &'a Board, d: usize) -> impl Iterator<Item = usize> + 'a {
        self.cells
            .iter()
            .copied()
            .filter(move |&k| b.cand[k] >> d & 1 != 0)
    }
}

/// The almost locked sets of `size` cells (any size in `sizes`) in every house, each cell
/// with two candidates at least; a set lying in two houses is listed once.
fn all_als(b: &Board, sizes: std::ops::RangeInclusive<usize>) -> Vec<Als> {
    all_als_in(b, sizes, |_| true)
}

/// [`all_als`] in the houses `house` keeps only (a set lying in two houses is listed in the
/// first of them, as by [`all_als`], when `house` keeps both).
fn all_als_in(
    b: &Board,
    sizes: std::ops::RangeInclusive<usize>,
    house: impl Fn(usize) -> bool,
) -> Vec<Als> {
    let t = &b.topo;
    let mut out: Vec<Als> = Vec::new();
    for h in 0..3 * t.n {
        if !house(h) {
            continue;
        }
        let empties: Vec<usize> = t.houses[h]
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| b.cand[k].count_ones() >= 2)
            .collect();
        let masks: Vec<u64> = empties.iter().map(|&k| b.cand[k]).collect();
        for size in sizes.clone() {
            if size > empties.len() || size > MAX_ALS {
                break;
            }
            combinations_within(&masks, size, size as u32 + 1, &mut |idx, digits| {
                if digits.count_ones() as usize == size + 1 {
                    // a set lying in an earlier house too, its cells in the same order
                    // there, was listed there (PERF: found from the cells' houses, not by
                    // comparing with every set listed)
                    let first = empties[idx[0]];
                    let earlier = (0..3).any(|kind| {
                        let h2 = t.cell_houses[first][kind];
                        (h2 as usize) < h
                            && idx.iter().all(|&i| t.cell_houses[empties[i]][kind] == h2)
                            && idx.windows(2).all(|w| {
                                t.cell_pos[empties[w[0]]][kind] < t.cell_pos[empties[w[1]]][kind]
                            })
                    });
                    if !earlier {
                        let cells = Cells::of(idx.iter().map(|&i| empties[i]));
                        out.push(Als {
                            cells,
                            digits,
                            house: h,
                        });
                    }
                }
                None
            });
        }
    }
    out
}

/// Eliminations as (cell, 0-based digit).
type Elims = Vec<(usize, usize)>;

/// Cells holding `d`, outside `pattern`, that see every cell of `seen` (in the order of
/// the first cell's peers; PERF: not collected, the callers only go through them).
fn victims<'a>(
    b: &'a Board,
    seen: &'a [usize],
    pattern: &'a [usize],
    d: usize,
) -> impl Iterator<Item = usize> + 'a {
    let t = &b.topo;
    t.peers[seen[0]]
        .iter()
        .map(|&k| k as usize)
        .filter(move |&k| {
            b.cand[k] >> d & 1 != 0
                && !pattern.contains(&k)
                && seen.iter().all(|&c| c != k && t.sees(c, k))
        })
}

/// The restricted common digits of two ALSs (disjoint cells).
fn restricted(b: &Board, a: &Als, c: &Als) -> u64 {
    let mut out = 0;
    for x in bits(a.digits & c.digits) {
        // whether every cell of `a` holding `x` sees every cell of `c` holding it (PERF:
        // without collecting them)
        if a.with(b, x)
            .all(|p| c.with(b, x).all(|q| p != q && b.topo.sees(p, q)))
        {
            out |= 1 << x;
        }
    }
    out
}

/// [`restricted`] of `a` and the ALS of the one cell `y` (outside `a`), without allocating:
/// the digits of `y` in `a` whose cells in `a` all see `y`.
fn restricted_to_cell(b: &Board, a: &Als, y: usize) -> u64 {
    let mut out = 0;
    for x in bits(a.digits & b.cand[y]) {
        if a.cells
            .iter()
            .all(|&p| b.cand[p] >> x & 1 == 0 || (p != y && b.topo.sees(p, y)))
        {
            out |= 1 << x;
        }
    }
    out
}

/// The eliminations of ALS-XZ on `a` and `c` with restricted commons `rcc` (not empty).
fn xz_eliminations(b: &Board, a: &Als, c: &Als, rcc: u64) -> Elims {
    let pattern: Vec<usize> = a.cells.iter().chain(&c.cells).copied().collect();
    let mut out: Elims = Vec::new();
    let mut push = |k: usize, d: usize| {
        if !out.contains(&(k, d)) {
            out.push((k, d));
        }
    };
    let common = a.digits & c.digits;
    let double = rcc.count_ones() >= 2;
    let mut seen: Vec<usize> = Vec::new();
    for z in bits(common) {
        if rcc >> z & 1 != 0 && !double {
            continue;
        }
        seen.clear();
        seen.extend(a.with(b, z).chain(c.with(b, z)));
        for k in victims(b, &seen, &pattern, z) {
            push(k, z);
        }
    }
    if double {
        // both sets are locked: each of their other digits stays inside its set
        for s in [a, c] {
            for w in bits(s.digits & !rcc) {
                seen.clear();
                seen.extend(s.with(b, w));
                for k in victims(b, &seen, &pattern, w) {
                    push(k, w);
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// How many eliminations [`xz_eliminations`] of `a` and the one cell `y` would give, on cell
/// bitsets (`places[d * words..]`: the cells holding `d`) instead of peer lists: the wings
/// ask it of every pair with restricted commons, and most remove nothing. PERF: 12,805
/// pairs for 100 puzzles rated 4.0-8.9, 4,300 instructions each with the lists.
fn xz_count_with_cell(b: &Board, a: &Als, y: usize, rcc: u64, places: &[u64]) -> usize {
    let t = &b.topo;
    let words = t.words;
    debug_assert!(words <= 4);
    let ym = b.cand[y];
    let double = rcc.count_ones() >= 2;
    let mut count = 0;
    for z in bits(a.digits | ym) {
        let mut hit = [0u64; 4];
        let mut any = false;
        // the cells holding `z` that see every cell of a group (each group forces `z` out
        // of the cells that see it all)
        let mut group = |cells: &mut dyn Iterator<Item = usize>| {
            let mut v = [0u64; 4];
            v[..words].copy_from_slice(&places[z * words..(z + 1) * words]);
            for c in cells {
                for (x, &p) in v[..words].iter_mut().zip(&t.peer_bits[c * words..]) {
                    *x &= p;
                }
            }
            for (h, x) in hit.iter_mut().zip(&v) {
                *h |= x;
            }
            any = true;
        };
        let (in_a, in_y) = (a.digits >> z & 1 != 0, ym >> z & 1 != 0);
        let restricted = rcc >> z & 1 != 0;
        if in_a && in_y && (double || !restricted) {
            group(&mut a.with(b, z).chain(std::iter::once(y)));
        }
        if double && !restricted {
            if in_a {
                group(&mut a.with(b, z));
            }
            if in_y {
                group(&mut std::iter::once(y));
            }
        }
        if any {
            for &k in a.cells.iter().chain(std::iter::once(&y)) {
                hit[k / 64] &= !(1 << (k % 64));
            }
            count += hit.iter().map(|h| h.count_ones() as usize).sum::<usize>();
        }
    }
    count
}

/// SukakuExplainer's rating of a wing on an ALS of `k` cells whose largest cell has
/// `biggest` candidates, in tenths.
fn wing_tenths(k: usize, biggest: u32) -> u16 {
    let middle = |base: u16, max: u32| {
        let mid = (max + 2) / 2;
        base + ((max - mid) as u16).saturating_sub(mid.abs_diff(biggest) as u16)
    };
    match k {
        3 => middle(55, 4),
        4 => middle(62, 5),
        5 => 66,
        _ => 75,
    }
}

/// The wing of `k` cells (3 WXYZ, 4 VWXYZ, 5 UVWXYZ, 6 TUVWXYZ): the easiest, with the most
/// eliminations among the easiest. With `since`, only the wings with a cell changed since
/// this finder last found nothing: candidates only go, so a wing whose cells all stayed was
/// a wing then, with the same restricted commons and at least the same eliminations (its
/// victims are the cells holding a digit that see given cells of the wing); the wings
/// looked at keep their order, so the step is the same.
pub(crate) fn als_wing(b: &Board, k: usize, since: Option<&Since>) -> Option<Step> {
    let t = &b.topo;
    let technique = match k {
        3 => Technique::WxyzWing,
        4 => Technique::VwxyzWing,
        5 => Technique::UvwxyzWing,
        _ => Technique::TuvwxyzWing,
    };
    let bivalue: Vec<usize> = (0..t.ncells)
        .filter(|&c| b.cand[c].count_ones() == 2)
        .collect();
    if bivalue.is_empty() {
        return None;
    }
    // the cells holding each digit, as cell bitsets (up to 16x16: four words)
    let places = (t.words <= 4).then(|| {
        let mut v = vec![0u64; t.n * t.words];
        for (c, &m) in b.cand.iter().enumerate() {
            for d in bits(m) {
                v[d * t.words + c / 64] |= 1 << (c % 64);
            }
        }
        v
    });
    let changed = |c: usize| since.is_none_or(|s| s.cells[c / 64] >> (c % 64) & 1 != 0);
    // with no bivalue cell changed, a wing's changed cell is in its almost locked set
    let any_y = bivalue.iter().any(|&y| changed(y));
    let sets = if any_y {
        all_als(b, k..=k)
    } else {
        all_als_in(b, k..=k, |h| {
            t.houses[h].iter().any(|&c| changed(c as usize))
        })
    };
    let mut best: Option<(u16, Als, usize, u64, Elims)> = None;
    for a in sets {
        let a_changed = since.is_none() || a.cells.iter().any(|&c| changed(c));
        if !a_changed && !any_y {
            continue;
        }
        for &y in &bivalue {
            let ym = b.cand[y];
            if ym & a.digits != ym || a.cells.contains(&y) || !(a_changed || changed(y)) {
                continue;
            }
            let rcc = restricted_to_cell(b, &a, y);
            if rcc == 0 {
                continue;
            }
            if rcc.count_ones() == 1 {
                // PERF: one restricted common: the wing removes only `y`'s other digit `z`,
                // from the cells that see `y` and every cell of `a` holding `z`; most pairs
                // remove nothing, found here without allocating
                let z = (ym & !rcc).trailing_zeros() as usize;
                let any = t.peers[y].iter().any(|&k| {
                    let k = k as usize;
                    b.cand[k] >> z & 1 != 0
                        && !a.cells.contains(&k)
                        && a.cells
                            .iter()
                            .all(|&c| b.cand[c] >> z & 1 == 0 || (c != k && t.sees(c, k)))
                });
                if !any {
                    continue;
                }
            }
            // (the count first, on bitsets: most pairs remove nothing)
            let count = match &places {
                Some(places) => xz_count_with_cell(b, &a, y, rcc, places),
                None => usize::MAX,
            };
            if count == 0 {
                continue;
            }
            let biggest = a.cells.iter().map(|&c| b.cand[c].count_ones()).max()?;
            let tenths = wing_tenths(k, biggest);
            let beats = |len: usize| {
                best.as_ref()
                    .is_none_or(|x| tenths < x.0 || (tenths == x.0 && len > x.4.len()))
            };
            if count != usize::MAX && !beats(count) {
                continue;
            }
            let single = Als {
                cells: Cells::of([y]),
                digits: ym,
                house: t.cell_houses[y][0] as usize,
            };
            let elims = xz_eliminations(b, &a, &single, rcc);
            debug_assert!(count == usize::MAX || count == elims.len());
            if elims.is_empty() {
                continue;
            }
            if beats(elims.len()) {
                best = Some((tenths, a.clone(), y, rcc, elims));
            }
        }
    }
    let (tenths, a, y, rcc, elims) = best?;
    let names: Vec<String> = a.cells.iter().map(|&c| t.name(c)).collect();
    let rc: Vec<String> = bits(rcc).map(|x| (x + 1).to_string()).collect();
    let what = format!(
        "{}: {} hold {{{}}} in {} (one digit too many) and {} holds {{{}}}; {} cannot be in both, so",
        technique.title(),
        names.join(", "),
        fmt_digits(a.digits),
        t.house(a.house),
        t.name(y),
        fmt_digits(b.cand[y]),
        rc.join(" and "),
    );
    let mut cells = a.cells.to_vec();
    cells.push(y);
    let step = als_step(
        b,
        technique,
        &cells,
        a.digits,
        elims,
        vec![t.house(a.house).into()],
        &what,
    );
    Some(Step {
        rating: f64::from(tenths) / 10.0,
        ..step
    })
}

fn als_step(
    b: &Board,
    technique: Technique,
    cells: &[usize],
    digits: u64,
    elims: Vec<(usize, usize)>,
    houses: Vec<dlx_sudoku::House>,
    what: &str,
) -> Step {
    let elims: Vec<Candidate> = elims.into_iter().map(|(k, d)| cand(b, k, d)).collect();
    let pattern = Pattern {
        cells: cells
            .iter()
            .map(|&k| (k / b.topo.n, k % b.topo.n))
            .collect(),
        houses,
        digits: bits(digits).map(|d| d as u8 + 1).collect(),
        candidates: cells
            .iter()
            .flat_map(|&k| bits(b.cand[k] & digits).map(move |d| cand(b, k, d)))
            .collect(),
        links: vec![],
        areas: Vec::new(),
    };
    // `elimination` appends ": eliminations" to `what`; drop the trailing "so"
    let what = what.trim_end_matches(", so").trim_end_matches(" so");
    elimination(technique, elims, pattern, what)
}

/// The ALSs for the general techniques: one to eight cells (single bivalue cells too).
fn general_als(b: &Board) -> Vec<Als> {
    let mut v = all_als(b, 1..=b.topo.n.saturating_sub(1).min(8));
    v.sort_by_key(|a| a.cells.len());
    v
}

fn overlap(a: &Als, c: &Als) -> bool {
    a.cells.iter().any(|k| c.cells.contains(k))
}

/// ALS-XZ (5.5): the one with the fewest cells, the most eliminations among those.
pub(crate) fn als_xz(b: &Board) -> Option<Step> {
    let t = &b.topo;
    let sets = general_als(b);
    let mut best: Option<(usize, (usize, usize), u64, Elims)> = None;
    for i in 0..sets.len() {
        for j in i + 1..sets.len() {
            let (a, c) = (&sets[i], &sets[j]);
            if a.digits & c.digits == 0 || overlap(a, c) {
                continue;
            }
            let size = a.cells.len() + c.cells.len();
            if best.as_ref().is_some_and(|x| size > x.0) {
                continue;
            }
            let rcc = restricted(b, a, c);
            if rcc == 0 {
                continue;
            }
            let elims = xz_eliminations(b, a, c, rcc);
            if elims.is_empty() {
                continue;
            }
            if best
                .as_ref()
                .is_none_or(|x| size < x.0 || elims.len() > x.3.len())
            {
                best = Some((size, (i, j), rcc, elims));
            }
        }
    }
    let (_, (i, j), rcc, elims) = best?;
    let (a, c) = (&sets[i], &sets[j]);
    let list = |s: &Als| {
        let v: Vec<String> = s.cells.iter().map(|&k| t.name(k)).collect();
        format!("{} {{{}}}", v.join(","), fmt_digits(s.digits))
    };
    let rc: Vec<String> = bits(rcc).map(|x| (x + 1).to_string()).collect();
    let what = format!(
        "ALS-XZ: {} and {}, each one digit short of locked, cannot both hold {}",
        list(a),
        list(c),
        rc.join(" or ")
    );
    let cells: Vec<usize> = a.cells.iter().chain(&c.cells).copied().collect();
    let houses = vec![t.house(a.house).into(), t.house(c.house).into()];
    Some(als_step(
        b,
        Technique::AlsXz,
        &cells,
        a.digits | c.digits,
        elims,
        houses,
        &what,
    ))
}

/// ALS-XY-wing (6.0): the one with the fewest cells.
pub(crate) fn als_xy_wing(b: &Board) -> Option<Step> {
    let t = &b.topo;
    let sets = general_als(b);
    // (cells, the three sets, the two restricted digits, eliminations)
    type Wing = (usize, [usize; 3], (usize, usize), Elims);
    let mut best: Option<Wing> = None;
    for p in 0..sets.len() {
        let pivot = &sets[p];
        // the sets joined to the pivot, with their restricted commons
        let joined: Vec<(usize, u64)> = (0..sets.len())
            .filter(|&i| i != p && !overlap(&sets[i], pivot))
            .filter_map(|i| {
                let r = restricted(b, pivot, &sets[i]);
                (r != 0).then_some((i, r))
            })
            .collect();
        for u in 0..joined.len() {
            for v in u + 1..joined.len() {
                let (i, ri) = joined[u];
                let (j, rj) = joined[v];
                let (a, c) = (&sets[i], &sets[j]);
                if overlap(a, c) {
                    continue;
                }
                let size = pivot.cells.len() + a.cells.len() + c.cells.len();
                if best.as_ref().is_some_and(|x| size >= x.0) {
                    continue;
                }
                for x in bits(ri) {
                    for y in bits(rj & !(1 << x)) {
                        let pattern: Vec<usize> = pivot
                            .cells
                            .iter()
                            .chain(&a.cells)
                            .chain(&c.cells)
                            .copied()
                            .collect();
                        let mut elims = Vec::new();
                        for z in bits(a.digits & c.digits & !(1 << x) & !(1 << y)) {
                            let seen: Vec<usize> = a.with(b, z).chain(c.with(b, z)).collect();
                            for k in victims(b, &seen, &pattern, z) {
                                elims.push((k, z));
                            }
                        }
                        if !elims.is_empty() && best.as_ref().is_none_or(|b| size < b.0) {
                            elims.sort_unstable();
                            best = Some((size, [p, i, j], (x, y), elims));
                        }
                    }
                }
            }
        }
    }
    let (_, [p, i, j], (x, y), elims) = best?;
    let list = |s: &Als| {
        let v: Vec<String> = s.cells.iter().map(|&k| t.name(k)).collect();
        format!("{} {{{}}}", v.join(","), fmt_digits(s.digits))
    };
    let what = format!(
        "ALS-XY-wing: pivot {} shares {} with {} and {} with {}, so one of the wings is locked",
        list(&sets[p]),
        x + 1,
        list(&sets[i]),
        y + 1,
        list(&sets[j]),
    );
    let cells: Vec<usize> = [p, i, j]
        .iter()
        .flat_map(|&s| sets[s].cells.iter().copied())
        .collect();
    let digits = sets[p].digits | sets[i].digits | sets[j].digits;
    let houses = [p, i, j]
        .iter()
        .map(|&s| t.house(sets[s].house).into())
        .collect();
    Some(als_step(
        b,
        Technique::AlsXyWing,
        &cells,
        digits,
        elims,
        houses,
        &what,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_sudoku::{Grid, Shape};

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    fn open_with(cells: &[(usize, &[usize])]) -> Board {
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()));
        for &(k, digits) in cells {
            b.cand[k] = digits.iter().fold(0, |m, d| m | 1 << (d - 1));
        }
        b
    }

    fn names(cs: &[Candidate]) -> Vec<String> {
        let mut v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
        v.sort();
        v
    }

    /// The boards along the rating path of some puzzles rated 4.0-8.9 (the generator's).
    fn path_boards() -> Vec<Vec<Board>> {
        [
            "7.6..........3976.......8.3...8.4.2.98.....1...45......93......2....857...7.6.1..",
            "9.3...6...1.....9...4....8.....9..6.2....81.....7.4...7..9.2...8........16.3..2.7",
            "56..31..4...5..2.....4..8...57..9.....1...3.7......4.....82.9...3...6.7.2.4......",
        ]
        .iter()
        .map(|p| {
            let g = dlx_sudoku::parse(p).unwrap();
            let mut s = crate::solver::Solver::new(&g, &crate::Options::default()).unwrap();
            let mut boards = vec![s.board().clone()];
            while let Some(step) = s.next_step() {
                s.apply(&step);
                boards.push(s.board().clone());
            }
            boards
        })
        .collect()
    }

    #[test]
    fn the_bitset_count_is_the_number_of_eliminations() {
        let mut pairs = 0;
        for b in path_boards().iter().flatten() {
            let mut places = vec![0u64; 9 * b.topo.words];
            for (c, &m) in b.cand.iter().enumerate() {
                for d in bits(m) {
                    places[d * b.topo.words + c / 64] |= 1 << (c % 64);
                }
            }
            for a in all_als(b, 3..=6) {
                for y in (0..81).filter(|&y| b.cand[y].count_ones() == 2) {
                    let rcc = restricted_to_cell(b, &a, y);
                    if rcc == 0 || b.cand[y] & a.digits != b.cand[y] || a.cells.contains(&y) {
                        continue;
                    }
                    let single = Als {
                        cells: Cells::of([y]),
                        digits: b.cand[y],
                        house: 0,
                    };
                    let elims = xz_eliminations(b, &a, &single, rcc);
                    assert_eq!(xz_count_with_cell(b, &a, y, rcc, &places), elims.len());
                    pairs += usize::from(!elims.is_empty());
                }
            }
        }
        assert!(
            pairs > 0,
            "no pair removes anything: the test compares nothing"
        );
    }

    #[test]
    fn a_wing_looked_for_since_a_board_without_one_is_the_same() {
        let mut compared = 0;
        for boards in path_boards() {
            for k in 3..=6 {
                for (i, old) in boards.iter().enumerate() {
                    if als_wing(old, k, None).is_some() {
                        continue;
                    }
                    for new in &boards[i + 1..] {
                        let mut cells = vec![0u64; new.topo.words];
                        for c in 0..81 {
                            if old.cand[c] != new.cand[c] {
                                cells[c / 64] |= 1 << (c % 64);
                            }
                        }
                        let since = Since {
                            cells: &cells,
                            digits: 0,
                        };
                        let key =
                            |s: Option<Step>| s.map(|s| (s.technique, s.rating, s.eliminations));
                        let all = key(als_wing(new, k, None));
                        compared += usize::from(all.is_some());
                        assert_eq!(key(als_wing(new, k, Some(&since))), all);
                    }
                }
            }
        }
        assert!(compared > 0, "no wing found after a board without one");
    }

    #[test]
    fn ratings_follow_sukaku_explainer() {
        assert_eq!([2, 3, 4].map(|c| wing_tenths(3, c)), [55, 56, 55], "WXYZ");
        assert_eq!(
            [2, 3, 4, 5].map(|c| wing_tenths(4, c)),
            [63, 64, 63, 62],
            "VWXYZ"
        );
        assert_eq!(wing_tenths(5, 3), 66);
        assert_eq!(wing_tenths(6, 4), 75);
    }

    #[test]
    fn wxyz_wing() {
        // ALS r1c1 {1,2}, r1c2 {2,3}, r2c1 {1,3,4} in box 1 (four digits in three cells) and
        // the bivalue r2c7 {1,4}: 4 is only in r2c1 of the ALS, which sees r2c7, so 4 is in
        // one of them at most and 1 is in the ALS (r1c1 or r2c1) or in r2c7: it leaves the
        // cells seeing r1c1, r2c1 and r2c7
        let b = open_with(&[
            (at(1, 1), &[1, 2]),
            (at(1, 2), &[2, 3]),
            (at(2, 1), &[1, 3, 4]),
            (at(2, 7), &[1, 4]),
        ]);
        let s = als_wing(&b, 3, None).unwrap();
        assert_eq!(s.technique, Technique::WxyzWing, "{}", s.text);
        assert_eq!(s.rating, 5.6, "{}", s.text);
        assert_eq!(names(&s.eliminations), ["r2c2=1", "r2c3=1"], "{}", s.text);
        assert!(als_wing(&b, 4, None).is_none());
    }

    #[test]
    fn als_xz_and_xy_wing() {
        // the same pattern is an ALS-XZ of two sets
        let b = open_with(&[
            (at(1, 1), &[1, 2]),
            (at(1, 2), &[2, 3]),
            (at(2, 1), &[1, 3, 4]),
            (at(2, 7), &[1, 4]),
        ]);
        let s = als_xz(&b).unwrap();
        assert_eq!(s.technique, Technique::AlsXz);
        assert_eq!(names(&s.eliminations), ["r2c2=1", "r2c3=1"], "{}", s.text);
        // XY-wing as the smallest ALS-XY-wing: pivot r1c1 {1,2}, wings r1c5 {1,3} and
        // r5c1 {2,3}: 3 leaves r5c5
        let b = open_with(&[
            (at(1, 1), &[1, 2]),
            (at(1, 5), &[1, 3]),
            (at(5, 1), &[2, 3]),
        ]);
        let s = als_xy_wing(&b).unwrap();
        assert_eq!(s.technique, Technique::AlsXyWing);
        assert_eq!(names(&s.eliminations), ["r5c5=3"], "{}", s.text);
    }
}
