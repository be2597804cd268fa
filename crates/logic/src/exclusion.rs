//! Aligned pair and triple exclusion, as Sudoku Explainer has them (6.2 and 7.5).
//!
//! Take two (three) *base* cells and the *excluders*: cells that see all of them and hold two
//! candidates (two or three for triples). A combination of one candidate per base cell is
//! impossible when two base cells that see each other would hold the same digit, or when it
//! covers every candidate of an excluder (which would be left empty). A base cell's candidate
//! found in no possible combination is removed.
//!
//! As in Sudoku Explainer, a base cell has two candidates or more, at least one excluder,
//! and no naked single among its peers; a pattern needs two common excluders at least; the
//! base cells need not share a house. Pairs are tried in cell order; for triples, the third
//! cell is taken among the base cells seeing an excluder of the first two.

use crate::basic::{bits, cand, elimination, fmt_digits};
use crate::board::Board;
use crate::board::Since;
use crate::step::{Candidate, Pattern, Step, Technique};

/// A base cell: its index and its excluders as a cell bitset.
struct Base {
    cell: usize,
    excl: Vec<u64>,
}

fn and(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x & y).collect()
}

/// Whether `a & b` has two cells or more, without allocating or counting (PERF: the
/// default x86-64 target has no population count instruction, and this runs for every
/// pair and triple of base cells).
fn two_common(a: &[u64], b: &[u64]) -> bool {
    let mut seen = false;
    for (x, y) in a.iter().zip(b) {
        let w = x & y;
        if w != 0 {
            if seen || w & (w - 1) != 0 {
                return true;
            }
            seen = true;
        }
    }
    false
}

/// `m` without its lowest bit.
#[inline]
fn drop_low(m: u64) -> u64 {
    m & m.wrapping_sub(1)
}

fn cells_of(a: &[u64]) -> impl Iterator<Item = usize> + '_ {
    a.iter()
        .enumerate()
        .flat_map(|(w, &m)| bits(m).map(move |i| w * 64 + i))
}

/// The base cells for a degree (2 or 3).
fn bases(b: &Board, degree: u32) -> Vec<Base> {
    debug_assert!(degree == 2 || degree == 3);
    let t = &b.topo;
    let mut out = Vec::new();
    for c in 0..t.ncells {
        if drop_low(b.cand[c]) == 0 {
            continue; // fewer than two candidates
        }
        let mut excl = vec![0u64; t.words];
        let mut single = false;
        for &q in &t.se_peers[c] {
            let q = q as usize;
            // the number of candidates (one, or two up to `degree`) without counting them
            let m = b.cand[q];
            let rest = drop_low(m);
            if m != 0 && rest == 0 {
                single = true;
            } else if rest != 0 && {
                let rest = drop_low(rest);
                rest == 0 || (degree >= 3 && drop_low(rest) == 0)
            } {
                excl[q / 64] |= 1 << (q % 64);
            }
        }
        if !single && excl.iter().any(|&w| w != 0) {
            out.push(Base { cell: c, excl });
        }
    }
    out
}

/// The removals the combinations of `cells` (two or three) allow, given the excluders'
/// candidate masks.
fn exclude(b: &Board, cells: &[usize], excluders: &[u64]) -> Vec<(usize, usize)> {
    let t = &b.topo;
    let k = cells.len();
    let m: [u64; 3] = std::array::from_fn(|i| if i < k { b.cand[cells[i]] } else { 1 });
    let sees = |i: usize, j: usize| t.sees(cells[i], cells[j]);
    let (s01, s02, s12) = (sees(0, 1), k > 2 && sees(0, 2), k > 2 && sees(1, 2));
    // only an excluder whose candidates all lie among the base cells' can be emptied by a
    // combination (PERF: the others are left out of the test of every combination)
    let union = m[0] | m[1] | if k > 2 { m[2] } else { 0 };
    // PERF: a small array, not zeroed beyond what is used (this runs for every pair and
    // triple of cells); more live excluders than it holds: all of them are tested
    let mut live = [0u64; 24];
    let mut nlive = 0;
    for &e in excluders {
        if e & !union == 0 {
            if nlive == live.len() {
                nlive = usize::MAX;
                break;
            }
            live[nlive] = e;
            nlive += 1;
        }
    }
    let live: &[u64] = if nlive == usize::MAX {
        excluders
    } else {
        &live[..nlive]
    };
    if live.is_empty() && !(s01 && s02 && s12) {
        // PERF: without an excluder a combination can empty, a combination is blocked only
        // by two base cells that see each other holding one digit; then a candidate of one
        // cell loses every combination only when the other two both hold it and one same
        // digit besides, nothing else, and all three cells see each other (never in a pair)
        return Vec::new();
    }
    // The last cell's digits that complete the others' digits `fixed` into a combination
    // no live excluder forbids: an excluder is emptied by the last digit `v` exactly when
    // its digits outside `fixed` are none (any `v`) or `v` alone.
    let free = |fixed: u64| {
        let mut forbidden = 0u64;
        for &e in live {
            let rest = e & !fixed;
            if rest == 0 {
                return 0;
            }
            if rest & (rest - 1) == 0 {
                forbidden |= rest;
            }
        }
        !forbidden
    };
    let mut allowed = [0u64; 3];
    let has = |a: u64, v: usize| a >> v & 1 != 0;
    // PERF: every digit of the last cell at once, no allocation; the search ends once every
    // candidate is allowed (nothing to remove)
    if k == 2 {
        for v0 in bits(m[0]) {
            let mut ok = m[1] & free(1 << v0);
            if s01 {
                ok &= !(1 << v0);
            }
            if ok != 0 {
                allowed[0] |= 1 << v0;
                allowed[1] |= ok;
            }
        }
    } else {
        'all: for v0 in bits(m[0]) {
            for v1 in bits(m[1]) {
                if v0 == v1 && s01 {
                    continue;
                }
                if has(allowed[0], v0) && has(allowed[1], v1) && allowed[2] == m[2] {
                    continue;
                }
                let mut ok = m[2] & free(1 << v0 | 1 << v1);
                if s02 {
                    ok &= !(1 << v0);
                }
                if s12 {
                    ok &= !(1 << v1);
                }
                if ok != 0 {
                    allowed[0] |= 1 << v0;
                    allowed[1] |= 1 << v1;
                    allowed[2] |= ok;
                    if allowed == m {
                        break 'all;
                    }
                }
            }
        }
    }
    if allowed[..k] == m[..k] {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (j, &c) in cells.iter().enumerate() {
        for d in bits(b.cand[c] & !allowed[j]) {
            out.push((c, d));
        }
    }
    out
}

fn step(
    b: &Board,
    technique: Technique,
    cells: &[usize],
    excl: &[u64],
    elims: Vec<(usize, usize)>,
) -> Step {
    let t = &b.topo;
    let names: Vec<String> = cells.iter().map(|&c| t.name(c)).collect();
    let ex: Vec<String> = cells_of(excl)
        .map(|c| format!("{} {{{}}}", t.name(c), fmt_digits(b.cand[c])))
        .collect();
    let elims: Vec<Candidate> = elims.into_iter().map(|(k, d)| cand(b, k, d)).collect();
    let mut all: Vec<usize> = cells.to_vec();
    all.extend(cells_of(excl));
    let pattern = Pattern {
        cells: all.iter().map(|&k| (k / t.n, k % t.n)).collect(),
        houses: vec![],
        digits: vec![],
        candidates: cells
            .iter()
            .flat_map(|&k| bits(b.cand[k]).map(move |d| cand(b, k, d)))
            .collect(),
        links: vec![],
        areas: Vec::new(),
    };
    let what = format!(
        "{}: the combinations of {} that leave {} a candidate exclude",
        technique.title(),
        names.join(", "),
        ex.join(", ")
    );
    elimination(technique, elims, pattern, &what)
}

/// The cells whose candidates, or whose peers' candidates, changed since the finder last
/// found nothing (`None`: every cell): what decides a pattern of base cells (whether each is
/// a base cell, its excluders, their candidates) lies in its cells and their peers, so a
/// pattern of other cells would find nothing again.
fn dirty(b: &Board, since: Option<&Since>) -> Option<Vec<u64>> {
    let since = since?;
    let t = &b.topo;
    let mut out = since.cells.to_vec();
    for c in cells_of(since.cells) {
        for (x, &p) in out
            .iter_mut()
            .zip(&t.peer_bits[c * t.words..(c + 1) * t.words])
        {
            *x |= p;
        }
    }
    Some(out)
}

fn is_in(set: &[u64], c: usize) -> bool {
    set[c / 64] >> (c % 64) & 1 != 0
}

/// Aligned pair exclusion: the first pair of base cells with a removal; with `since`, only
/// the pairs with a cell [`dirty`] since this finder last found nothing.
pub(crate) fn aligned_pair(b: &Board, since: Option<&Since>) -> Option<Step> {
    let bs = bases(b, 2);
    let dirty = dirty(b, since);
    let fresh = |c: usize| dirty.as_ref().is_none_or(|d| is_in(d, c));
    for i in 0..bs.len() {
        let first = fresh(bs[i].cell);
        for j in i + 1..bs.len() {
            if !first && !fresh(bs[j].cell) {
                continue;
            }
            if !two_common(&bs[i].excl, &bs[j].excl) {
                continue;
            }
            let common = and(&bs[i].excl, &bs[j].excl);
            let masks: Vec<u64> = cells_of(&common).map(|c| b.cand[c]).collect();
            let cells = [bs[i].cell, bs[j].cell];
            let elims = exclude(b, &cells, &masks);
            if !elims.is_empty() {
                return Some(step(
                    b,
                    Technique::AlignedPairExclusion,
                    &cells,
                    &common,
                    elims,
                ));
            }
        }
    }
    None
}

/// Aligned triple exclusion: the first triple of base cells with a removal; with `since`,
/// only the triples with a cell [`dirty`] since this finder last found nothing.
pub(crate) fn aligned_triple(b: &Board, since: Option<&Since>) -> Option<Step> {
    let t = &b.topo;
    let bs = bases(b, 3);
    let dirty = dirty(b, since);
    let fresh = |c: usize| dirty.as_ref().is_none_or(|d| is_in(d, c));
    let mut index = vec![usize::MAX; t.ncells];
    for (i, x) in bs.iter().enumerate() {
        index[x.cell] = i;
    }
    // PERF: buffers reused over every pair and triple (no allocation until a step is found)
    let mut seen = vec![usize::MAX; bs.len()];
    let mut c01 = vec![0u64; t.words];
    let mut common = vec![0u64; t.words];
    let mut masks: Vec<u64> = Vec::new();
    for i in 0..bs.len() {
        let first = fresh(bs[i].cell);
        for j in i + 1..bs.len() {
            let fresh_pair = first || fresh(bs[j].cell);
            if !two_common(&bs[i].excl, &bs[j].excl) {
                continue;
            }
            for (w, (x, y)) in c01.iter_mut().zip(bs[i].excl.iter().zip(&bs[j].excl)) {
                *w = x & y;
            }
            // the third cell: a base cell among the excluders of the first two, in the order
            // of the first's excluders, then the second's, each once
            let pair = i * bs.len() + j;
            let twins = cells_of(&bs[i].excl)
                .chain(cells_of(&bs[j].excl))
                .filter_map(|c| (index[c] != usize::MAX).then_some(index[c]))
                .filter(|&k| k != i && k != j);
            for k in twins {
                if seen[k] == pair {
                    continue;
                }
                seen[k] = pair;
                if !fresh_pair && !fresh(bs[k].cell) {
                    continue;
                }
                if !two_common(&c01, &bs[k].excl) {
                    continue;
                }
                for (w, (x, y)) in common.iter_mut().zip(c01.iter().zip(&bs[k].excl)) {
                    *w = x & y;
                }
                masks.clear();
                masks.extend(cells_of(&common).map(|c| b.cand[c]));
                let cells = [bs[i].cell, bs[j].cell, bs[k].cell];
                let elims = exclude(b, &cells, &masks);
                if !elims.is_empty() {
                    return Some(step(
                        b,
                        Technique::AlignedTripleExclusion,
                        &cells,
                        &common,
                        elims,
                    ));
                }
            }
        }
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

    #[test]
    fn a_pair_excluded_by_two_bivalue_cells() {
        // base r1c1 {1,2,3} and r1c2 {1,2}; excluders r1c5 {1,3}, r1c6 {2,3} see both:
        // r1c1=3 with r1c2=1 empties r1c5, with r1c2=2 empties r1c6, so r1c1 is not 3
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()));
        for (k, m) in [
            (at(1, 1), 0b111u64),
            (at(1, 2), 0b11),
            (at(1, 5), 0b101),
            (at(1, 6), 0b110),
        ] {
            b.cand[k] = m;
        }
        let s = aligned_pair(&b, None).unwrap();
        assert_eq!(s.technique, Technique::AlignedPairExclusion);
        let e: Vec<String> = s.eliminations.iter().map(|c| c.to_string()).collect();
        assert_eq!(e, ["r1c1=3"], "{}", s.text);
    }
}

#[cfg(test)]
mod brute {
    use super::*;
    use dlx_sudoku::{Grid, Shape};
    use rand::{Rng, SeedableRng};

    /// The definition: a base cell's candidate found in no combination that keeps two
    /// base cells seeing each other apart and leaves every excluder a candidate.
    fn by_definition(b: &Board, cells: &[usize], excluders: &[u64]) -> Vec<(usize, usize)> {
        let k = cells.len();
        let mut allowed = vec![0u64; k];
        let mut pick = vec![0usize; k];
        fn rec(
            b: &Board,
            cells: &[usize],
            excluders: &[u64],
            i: usize,
            pick: &mut Vec<usize>,
            allowed: &mut Vec<u64>,
        ) {
            if i == cells.len() {
                let mask: u64 = pick.iter().map(|&v| 1u64 << v).fold(0, |a, x| a | x);
                if excluders.iter().all(|&e| e & !mask != 0) {
                    for (a, &v) in allowed.iter_mut().zip(pick.iter()) {
                        *a |= 1 << v;
                    }
                }
                return;
            }
            for v in bits(b.cand[cells[i]]) {
                if (0..i).any(|j| pick[j] == v && b.topo.sees(cells[i], cells[j])) {
                    continue;
                }
                pick[i] = v;
                rec(b, cells, excluders, i + 1, pick, allowed);
            }
        }
        rec(b, cells, excluders, 0, &mut pick, &mut allowed);
        let mut out = Vec::new();
        for (j, &c) in cells.iter().enumerate() {
            for d in bits(b.cand[c] & !allowed[j]) {
                out.push((c, d));
            }
        }
        out
    }

    #[test]
    fn exclude_keeps_exactly_the_possible_combinations() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(30);
        let mut rng_ex = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()));
        let mut removals = 0;
        for round in 0..4000 {
            // base cells in one row or box (they see each other) or apart, few digits each
            let k = 2 + round % 2;
            let cells: Vec<usize> = match round % 3 {
                0 => (0..k).collect(),
                1 => vec![0, 10, 20][..k].to_vec(),
                _ => vec![0, 13, 80][..k].to_vec(),
            };
            let digits = 3 + rng.random_range(0..3);
            let mut pick = |lo: u32, hi: u32| loop {
                let m: u64 = rng.random_range(0..1u64 << digits);
                if (lo..=hi).contains(&m.count_ones()) {
                    return m;
                }
            };
            for &c in &cells {
                b.cand[c] = pick(2, 4);
            }
            let n_ex = rng_ex.random_range(0..6);
            let excluders: Vec<u64> = (0..n_ex).map(|_| pick(2, k as u32)).collect();
            let want = by_definition(&b, &cells, &excluders);
            removals += want.len();
            assert_eq!(
                exclude(&b, &cells, &excluders),
                want,
                "{cells:?} {excluders:?}"
            );
        }
        assert!(removals > 100, "the cases remove something: {removals}");
    }
}
