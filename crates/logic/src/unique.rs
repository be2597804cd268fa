//! Uniqueness techniques, for puzzles proven to have one solution: unique rectangles and
//! loops of types 1 to 4, and the bivalue universal grave (BUG) of types 1 to 4, as Sudoku
//! Explainer finds and rates them.
//!
//! # Unique loops
//!
//! A *deadly pattern* on digits `{a, b}` is a loop of cells, each holding `a` and `b`, where
//! every house met holds exactly two cells of the loop, one at an odd and one at an even
//! position: were the other candidates gone, `a` and `b` could be swapped along the loop, a
//! second solution. So some cell of the loop holds another digit (an *extra* cell):
//!
//! - type 1: one extra cell: it is neither `a` nor `b`;
//! - type 2: the extra cells have one same extra digit `x` and nothing else more: one of them
//!   is `x`, which leaves the cells seeing all of them;
//! - type 3: two extra cells in one house: their extra digits act as one cell, which with
//!   other cells of the house forms a naked set, or the house's `a`/`b` places with the two
//!   cells taken as one form a hidden set;
//! - type 4: two extra cells in one house where `a` has no other place: `b` leaves both.
//!
//! Loops are found from each bivalue cell by a depth-first walk that changes house kind at
//! each step, through cells holding `a` and `b` with two extra cells at most, or any number
//! with the same single extra digit. The rating: 4.5 for a rectangle, 4.6, 4.7 and 5.0 for
//! loops of 6, 8 and 10 cells or more, plus 0.1 a digit of a type 3 naked set past two (or
//! a cell of a hidden set past the pair); the easiest is taken, the lowest type first.
//!
//! # BUG
//!
//! When removing a few *BUG values* from a few *BUG cells* leaves every empty cell bivalue and
//! every digit twice in each house where it is, the BUG values cannot all be false: type 1,
//! one BUG cell: it keeps only its BUG values (5.6); type 2, one BUG value: it leaves the
//! cells seeing every BUG cell (5.7); type 3, the BUG values as one cell of a naked set in a
//! house (5.7 plus 0.1 a digit past two); type 4, two BUG cells in a house sharing a digit
//! locked there: their other non-BUG digit goes (5.7).

use crate::basic::{bare, bits, cand, combinations, elimination, fmt_digits};
use crate::board::Board;
use crate::step::{Candidate, Pattern, Step, Technique};
use crate::technique::{Scale, TechniqueSet};

/// A unique loop hint under study.
struct LoopHint {
    tenths: u16,
    kind: u8,
    technique: Technique,
    cells: Vec<usize>,
    pair: (usize, usize),
    elims: Vec<(usize, usize)>,
    what: String,
}

/// Houses of a cell in Sudoku Explainer's order (box, row, column), with the kind index.
fn se_houses(b: &Board, c: usize) -> [(usize, usize); 3] {
    let h = b.topo.se_houses_of[c];
    [(0, h[0] as usize), (1, h[1] as usize), (2, h[2] as usize)]
}

/// The houses a path meets, counted by the parity of the cells' positions, and how many
/// houses are met by one parity more often than by the other.
/// With them, the cells a loop on the digits `pair` may go through: cells holding both
/// digits whose every house holds another such cell, to a fixpoint (every cell of a valid
/// loop shares each of its houses with another cell of the loop).
struct Met {
    count: Vec<[u8; 2]>,
    unbalanced: usize,
    pair: u64,
    viable: Vec<bool>,
    in_house: Vec<u8>,
}

impl Met {
    fn new(houses: usize, cells: usize) -> Met {
        Met {
            count: vec![[0; 2]; houses],
            unbalanced: 0,
            pair: 0,
            viable: vec![false; cells],
            in_house: vec![0; houses],
        }
    }

    /// Computes the cells a loop on `pair` may go through (once a pair in a row).
    fn viable_for(&mut self, b: &Board, pair: u64) {
        if self.pair == pair {
            return;
        }
        self.pair = pair;
        let t = &b.topo;
        self.in_house.iter_mut().for_each(|c| *c = 0);
        for (k, v) in self.viable.iter_mut().enumerate() {
            *v = b.cand[k] & pair == pair;
            if *v {
                for h in t.se_houses_of[k] {
                    self.in_house[h as usize] += 1;
                }
            }
        }
        loop {
            let mut changed = false;
            for k in 0..t.ncells {
                if self.viable[k]
                    && t.se_houses_of[k]
                        .iter()
                        .any(|&h| self.in_house[h as usize] < 2)
                {
                    self.viable[k] = false;
                    for h in t.se_houses_of[k] {
                        self.in_house[h as usize] -= 1;
                    }
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Counts (or, with `add` false, uncounts) the houses of a cell at a position of `parity`.
    fn mark(&mut self, hs: [u16; 3], parity: usize, add: bool) {
        for h in hs {
            let c = &mut self.count[h as usize];
            let was = c[0] != c[1];
            if add {
                c[parity] += 1;
            } else {
                c[parity] -= 1;
            }
            let is = c[0] != c[1];
            if was && !is {
                self.unbalanced -= 1;
            } else if is && !was {
                self.unbalanced += 1;
            }
        }
    }
}

/// Every loop from `start` through cells holding `a` and `b` that can be valid: a path is
/// not followed past a cell sharing a house with a cell of the same parity before it, and a
/// loop is kept only when every house it meets is met by as many odd as even cells, through
/// the viable cells of [`Met`] (no other loop is valid, [`is_valid_loop`]), each loop's
/// hints added to `out` as it is found. `met` is scratch space, its counts all zero on entry
/// and on return; `path` too (empty on entry and on return).
fn loops_from(
    b: &Board,
    start: usize,
    (a, bb): (usize, usize),
    met: &mut Met,
    path: &mut Vec<usize>,
    out: &mut Vec<LoopHint>,
) {
    met.viable_for(b, 1u64 << a | 1 << bb);
    if !met.viable[start] {
        return;
    }
    path.clear();
    path.push(start);
    met.mark(b.topo.se_houses_of[start], 0, true);
    walk(b, a, bb, path, 2, 0, usize::MAX, met, out);
    met.mark(b.topo.se_houses_of[start], 0, false);
    path.clear();
}

#[allow(clippy::too_many_arguments)]
fn walk(
    b: &Board,
    a: usize,
    bb: usize,
    path: &mut Vec<usize>,
    allowed_extra: usize,
    extra: u64,
    last_kind: usize,
    met: &mut Met,
    out: &mut Vec<LoopHint>,
) {
    let cell = *path.last().expect("a path");
    let pair = 1u64 << a | 1 << bb;
    for (kind, h) in se_houses(b, cell) {
        if kind == last_kind {
            continue;
        }
        for &next in &b.topo.houses[h] {
            let next = next as usize;
            if next == path[0] && path.len() >= 4 {
                if met.unbalanced == 0 {
                    // no two cells of one parity share a house (the walk refuses them) and
                    // every house is met as often by both: a valid loop
                    debug_assert!(is_valid_loop(b, path));
                    loop_hints(b, path, a, bb, out);
                }
            } else if met.viable[next] && !path.contains(&next) {
                let m = b.cand[next];
                // PERF: a loop through a bivalue cell of the pair before the start was found
                // from that cell, with hints of the same ratings and types (they do not
                // depend on where the loop starts or its direction), and its hints came first
                if m & pair != pair || (m == pair && next < path[0]) {
                    continue;
                }
                let new_extra = extra | (m & !pair);
                let card = m.count_ones();
                if card == 2 || new_extra.count_ones() == 1 || allowed_extra > 0 {
                    let left = if card > 2 {
                        allowed_extra.saturating_sub(1)
                    } else {
                        allowed_extra
                    };
                    let parity = path.len() % 2;
                    let hs = b.topo.se_houses_of[next];
                    if hs.iter().any(|&h| met.count[h as usize][parity] != 0) {
                        continue;
                    }
                    met.mark(hs, parity, true);
                    path.push(next);
                    walk(b, a, bb, path, left, new_extra, kind, met, out);
                    path.pop();
                    met.mark(hs, parity, false);
                }
            }
        }
    }
}

/// Whether every house met by the loop holds one odd and one even cell of it.
fn is_valid_loop(b: &Board, cells: &[usize]) -> bool {
    let mut odd: Vec<usize> = Vec::new();
    let mut even: Vec<usize> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for (_, h) in se_houses(b, c) {
            if set.contains(&h) {
                return false;
            }
            set.push(h);
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

fn loop_base(len: usize) -> u16 {
    45 + match len {
        0..=4 => 0,
        5..=6 => 1,
        7..=8 => 2,
        _ => 5,
    }
}

/// Cells (outside `except`) holding `d` and seeing every cell of `cells`.
fn seeing_all(b: &Board, cells: &[usize], except: &[usize], d: usize) -> Vec<usize> {
    let t = &b.topo;
    (0..t.ncells)
        .filter(|&k| {
            b.cand[k] >> d & 1 != 0
                && !except.contains(&k)
                && cells.iter().all(|&c| c != k && t.sees(c, k))
        })
        .collect()
}

/// The houses shared by two cells.
fn shared_houses(b: &Board, c1: usize, c2: usize) -> Vec<usize> {
    se_houses(b, c1)
        .iter()
        .filter(|(k, h)| se_houses(b, c2)[*k].1 == *h)
        .map(|&(_, h)| h)
        .collect()
}

/// The hints of one valid loop.
fn loop_hints(b: &Board, cells: &[usize], a: usize, bb: usize, out: &mut Vec<LoopHint>) {
    let t = &b.topo;
    let pair = 1u64 << a | 1 << bb;
    let len = cells.len();
    let base = loop_base(len);
    let rect = len == 4;
    let tech = |kind: u8| match (rect, kind) {
        (true, 1) => Technique::UniqueRectangle1,
        (true, 2) => Technique::UniqueRectangle2,
        (true, 3) => Technique::UniqueRectangle3,
        (true, _) => Technique::UniqueRectangle4,
        (false, _) => Technique::UniqueLoop,
    };
    let shape = if rect { "rectangle" } else { "loop" };
    let deadly = say!(
        b,
        "{{{},{}}} in the {shape} {} would allow two solutions",
        a + 1,
        bb + 1,
        cells
            .iter()
            .map(|&c| t.name(c))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let extras: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| b.cand[c].count_ones() > 2)
        .collect();
    let mut push = |kind: u8, tenths: u16, elims: Vec<(usize, usize)>, so: String| {
        if !elims.is_empty() {
            out.push(LoopHint {
                tenths,
                kind,
                technique: tech(kind),
                cells: cells.to_vec(),
                pair: (a, bb),
                elims,
                what: say!(b, "{deadly}{so}"),
            });
        }
    };
    match extras.len() {
        1 => {
            let c = extras[0];
            let elims = vec![(c, a), (c, bb)];
            push(
                1,
                base,
                elims,
                say!(b, ", so {} is neither {} nor {}", t.name(c), a + 1, bb + 1),
            );
        }
        0 => {}
        n => {
            let extra = extras.iter().fold(0u64, |m, &c| m | b.cand[c]) & !pair;
            if extra.count_ones() == 1 {
                let x = extra.trailing_zeros() as usize;
                let elims = seeing_all(b, &extras, &extras, x)
                    .into_iter()
                    .map(|k| (k, x))
                    .collect();
                push(
                    2,
                    base,
                    elims,
                    say!(
                        b,
                        ", so one of {} is {}",
                        extras
                            .iter()
                            .map(|&c| t.name(c))
                            .collect::<Vec<_>>()
                            .join(", "),
                        x + 1
                    ),
                );
            } else if n == 2 {
                type3(b, (extras[0], extras[1]), (a, bb), extra, base, &mut push);
            }
            if n == 2 {
                // type 4: a digit of the pair locked to the two extra cells in a house
                let (c1, c2) = (extras[0], extras[1]);
                for h in shared_houses(b, c1, c2) {
                    let others = |d: usize| {
                        t.houses[h].iter().any(|&k| {
                            let k = k as usize;
                            k != c1 && k != c2 && b.cand[k] >> d & 1 != 0
                        })
                    };
                    let lock = if !others(a) {
                        Some((a, bb))
                    } else if !others(bb) {
                        Some((bb, a))
                    } else {
                        None
                    };
                    if let Some((lock, rem)) = lock {
                        let elims = vec![(c1, rem), (c2, rem)];
                        let so = say!(
                            b,
                            "; {} in {} is in {} or {}, so neither is {}",
                            lock + 1,
                            t.house(h),
                            t.name(c1),
                            t.name(c2),
                            rem + 1
                        );
                        push(4, base, elims, so);
                        break;
                    }
                }
            }
        }
    }
}

/// Type 3: naked and hidden sets with the two extra cells `c1`, `c2` taken as one.
fn type3(
    b: &Board,
    (c1, c2): (usize, usize),
    (a, bb): (usize, usize),
    extra: u64,
    base: u16,
    push: &mut dyn FnMut(u8, u16, Vec<(usize, usize)>, String),
) {
    let t = &b.topo;
    let n = t.n;
    let pair = 1u64 << a | 1 << bb;
    for degree in 2..=7usize.min(n - 2) {
        for h in shared_houses(b, c1, c2) {
            let house = &t.houses[h];
            let empties = house.iter().filter(|&&k| b.value[k as usize] == 0).count();
            // naked: the extra digits and degree - 1 other cells of the house
            if degree * 2 <= empties && degree >= extra.count_ones() as usize {
                let others: Vec<usize> = house
                    .iter()
                    .map(|&k| k as usize)
                    .filter(|&k| k != c1 && k != c2 && b.cand[k].count_ones() >= 2)
                    .collect();
                let common = extra & b.cand[c1] & b.cand[c2];
                combinations(others.len(), degree - 1, &mut |idx| {
                    let union = idx.iter().fold(extra, |m, &i| m | b.cand[others[i]]);
                    let core = idx.iter().fold(common, |m, &i| m | b.cand[others[i]]);
                    if union.count_ones() as usize != degree || core.count_ones() as usize != degree
                    {
                        return None;
                    }
                    let set: Vec<usize> = idx.iter().map(|&i| others[i]).collect();
                    let mut elims = Vec::new();
                    for &k in house {
                        let k = k as usize;
                        if k == c1 || k == c2 || set.contains(&k) {
                            continue;
                        }
                        for d in bits(b.cand[k] & union) {
                            elims.push((k, d));
                        }
                    }
                    let so = say!(
                        b,
                        "; one of {} and {} holds {{{}}}, a naked set with {} in {}",
                        t.name(c1),
                        t.name(c2),
                        fmt_digits(extra),
                        set.iter()
                            .map(|&k| t.name(k))
                            .collect::<Vec<_>>()
                            .join(", "),
                        t.house(h)
                    );
                    push(3, base + (degree as u16 - 1), elims, so);
                    None
                });
            }
            // hidden: the pair and degree - 2 other digits confined to degree cells, c2 with c1
            if degree * 2 < empties {
                let rest: Vec<usize> = bits(t.shape.full_mask() & !pair & !extra).collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                let i2 = house.iter().position(|&k| k as usize == c2).unwrap_or(0);
                let i1 = house.iter().position(|&k| k as usize == c1).unwrap_or(0);
                combinations(rest.len(), degree - 2, &mut |idx| {
                    let digits = idx.iter().fold(pair, |m, &i| m | 1 << rest[i]);
                    let mut union = 0u64;
                    for d in bits(digits) {
                        let p = b.positions(h, d) & !(1 << i2);
                        if p == 0 {
                            return None;
                        }
                        union |= p;
                    }
                    if union.count_ones() as usize != degree {
                        return None;
                    }
                    let cells: Vec<usize> = bits(union & !(1 << i1) & !(1 << i2))
                        .map(|i| house[i] as usize)
                        .collect();
                    let mut elims = Vec::new();
                    for &k in &cells {
                        for d in bits(b.cand[k] & !digits) {
                            elims.push((k, d));
                        }
                    }
                    let so = say!(
                        b,
                        "; {} and {} hold one of {{{},{}}} at most, so {{{}}} in {} can only go in them and {}",
                        t.name(c1),
                        t.name(c2),
                        a + 1,
                        bb + 1,
                        fmt_digits(digits),
                        t.house(h),
                        cells
                            .iter()
                            .map(|&k| t.name(k))
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                    let inc = (cells.len() as u16).saturating_sub(1);
                    push(3, base + inc, elims, so);
                    None
                });
            }
        }
    }
}

/// Unique rectangles and loops of the techniques of `wanted`: the easiest, lowest type first.
pub(crate) fn unique_loops(b: &Board, wanted: TechniqueSet) -> Option<Step> {
    let t = &b.topo;
    let mut hints: Vec<LoopHint> = Vec::new();
    let mut met = Met::new(t.houses.len(), t.ncells);
    let mut path = Vec::new();
    for c in 0..t.ncells {
        if b.cand[c].count_ones() != 2 {
            continue;
        }
        let a = b.cand[c].trailing_zeros() as usize;
        let bb = 63 - b.cand[c].leading_zeros() as usize;
        loops_from(b, c, (a, bb), &mut met, &mut path, &mut hints);
    }
    let best = hints
        .into_iter()
        .filter(|h| wanted.contains(h.technique))
        .min_by_key(|h| (h.tenths, h.kind))?;
    let elims: Vec<Candidate> = best.elims.iter().map(|&(k, d)| cand(b, k, d)).collect();
    let pair = 1u64 << best.pair.0 | 1 << best.pair.1;
    if b.silent {
        return Some(bare(best.technique, best.tenths, vec![], elims));
    }
    let pattern = Pattern {
        cells: best.cells.iter().map(|&k| (k / t.n, k % t.n)).collect(),
        houses: vec![],
        digits: vec![best.pair.0 as u8 + 1, best.pair.1 as u8 + 1],
        candidates: best
            .cells
            .iter()
            .flat_map(|&k| bits(b.cand[k] & pair).map(move |d| cand(b, k, d)))
            .collect(),
        links: vec![],
        areas: Vec::new(),
    };
    let title = if best.technique == Technique::UniqueLoop {
        format!("Unique loop {} type {}", best.cells.len(), best.kind)
    } else {
        best.technique.title().to_string()
    };
    let mut s = elimination(
        best.technique,
        elims,
        pattern,
        &format!("{title}: {}", best.what),
    );
    s.rating = f64::from(best.tenths) / 10.0;
    Some(s)
}

/// The BUG techniques of `wanted`; on `scale` Sukaku with lkSudoku's fix (type 2 with a BUG
/// value twice in a house).
pub(crate) fn bug(b: &Board, wanted: TechniqueSet, scale: Scale) -> Option<Step> {
    let t = &b.topo;
    let n = t.n;
    let mut temp = b.cand.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values: Vec<u64> = vec![0; t.ncells];
    let mut all_values = 0u64;
    let mut common: Option<Vec<usize>> = None;
    let mut all_extra: Option<Vec<usize>> = None;
    let mut only_value: Option<usize> = None;
    let mut one_value = true;
    let update_common = |common: &mut Option<Vec<usize>>, cell: usize, bug_cells: &[usize]| {
        let peers: Vec<usize> = t.peers[cell].iter().map(|&q| q as usize).collect();
        let mut v = match common.take() {
            None => peers,
            Some(v) => v.into_iter().filter(|q| peers.contains(q)).collect(),
        };
        v.retain(|q| !bug_cells.contains(q));
        *common = Some(v);
    };
    for &h in t.se_house_order.iter() {
        let h = h as usize;
        for d in 0..n {
            let p = b.positions(h, d);
            let count = p.count_ones();
            if count == 0 || count == 2 {
                continue;
            }
            let news: Vec<usize> = bits(p)
                .map(|i| t.houses[h][i] as usize)
                .filter(|&k| b.cand[k].count_ones() >= 3)
                .collect();
            if scale == Scale::Sukaku {
                match (&mut all_extra, only_value) {
                    (None, _) => {
                        all_extra = Some(news.clone());
                        only_value = Some(d);
                    }
                    (Some(v), Some(o)) if one_value && o == d => {
                        for &k in &news {
                            if !v.contains(&k) {
                                v.push(k);
                            }
                        }
                    }
                    _ => one_value = false,
                }
            }
            if news.len() == 1 {
                let cell = news[0];
                if !bug_cells.contains(&cell) {
                    bug_cells.push(cell);
                }
                bug_values[cell] |= 1 << d;
                all_values |= 1 << d;
                temp[cell] &= !(1 << d);
                update_common(&mut common, cell, &bug_cells);
                if bug_cells.len() > 1
                    && all_values.count_ones() > 1
                    && common.as_ref().is_some_and(|c| c.is_empty())
                {
                    return None;
                }
            }
            if news.is_empty() {
                return None;
            }
        }
    }
    if scale == Scale::Sukaku && one_value {
        if let (Some(extra), Some(d)) = (all_extra, only_value) {
            if extra.len() > bug_cells.len() {
                for cell in extra {
                    if bug_cells.contains(&cell) {
                        continue;
                    }
                    bug_cells.push(cell);
                    bug_values[cell] = 1 << d;
                    temp[cell] &= !(1 << d);
                    update_common(&mut common, cell, &bug_cells);
                    if bug_cells.len() > 1
                        && all_values.count_ones() > 1
                        && common.as_ref().is_some_and(|c| c.is_empty())
                    {
                        return None;
                    }
                }
            }
        }
    }
    if bug_cells.is_empty() {
        return None;
    }
    // without the BUG values: every empty cell bivalue, every digit twice or not at all
    if (0..t.ncells).any(|k| b.value[k] == 0 && temp[k].count_ones() != 2) {
        return None;
    }
    for h in 0..3 * n {
        for d in 0..n {
            let c = t.houses[h]
                .iter()
                .filter(|&&k| temp[k as usize] >> d & 1 != 0)
                .count();
            if c != 0 && c != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or_default();
    let cells_text: Vec<String> = bug_cells.iter().map(|&k| t.name(k)).collect();
    let grave = format!(
        "without {{{}}} in {}, every empty cell would have two candidates and every digit two places in each house, a grave with two solutions",
        fmt_digits(all_values),
        cells_text.join(", ")
    );
    let pattern = |extra: &[usize]| Pattern {
        cells: bug_cells
            .iter()
            .chain(extra)
            .map(|&k| (k / n, k % n))
            .collect(),
        houses: vec![],
        digits: bits(all_values).map(|d| d as u8 + 1).collect(),
        candidates: bug_cells
            .iter()
            .flat_map(|&k| bits(bug_values[k]).map(move |d| cand(b, k, d)))
            .collect(),
        links: vec![],
        areas: Vec::new(),
    };
    let step = |technique: Technique,
                tenths: u16,
                elims: Vec<(usize, usize)>,
                so: String,
                extra: &[usize]| {
        let elims: Vec<Candidate> = elims.into_iter().map(|(k, d)| cand(b, k, d)).collect();
        let mut s = elimination(
            technique,
            elims,
            pattern(extra),
            &format!("{}: {grave}{so}", technique.title()),
        );
        s.rating = f64::from(tenths) / 10.0;
        s
    };
    if bug_cells.len() == 1 {
        if !wanted.contains(Technique::BugPlusOne) {
            return None;
        }
        let c = bug_cells[0];
        let elims: Vec<(usize, usize)> = bits(b.cand[c] & !all_values).map(|d| (c, d)).collect();
        let so = format!(", so {} is {}", t.name(c), fmt_digits(all_values));
        return Some(step(Technique::BugPlusOne, 56, elims, so, &[]));
    }
    if all_values.count_ones() == 1 {
        let x = all_values.trailing_zeros() as usize;
        if wanted.contains(Technique::BugType2) && !common.is_empty() {
            let elims: Vec<(usize, usize)> = common
                .iter()
                .copied()
                .filter(|&k| b.cand[k] >> x & 1 != 0)
                .map(|k| (k, x))
                .collect();
            if !elims.is_empty() {
                let so = format!(", so one of them is {}", x + 1);
                return Some(step(Technique::BugType2, 57, elims, so, &[]));
            }
        }
        if bug_cells.len() == 2 && wanted.contains(Technique::BugType4) {
            return bug4(b, &bug_cells, &bug_values, all_values)
                .map(|(e, so)| step(Technique::BugType4, 57, e, so, &[]));
        }
        return None;
    }
    if common.is_empty() {
        return None;
    }
    if bug_cells.len() == 2 && wanted.contains(Technique::BugType4) {
        if let Some((e, so)) = bug4(b, &bug_cells, &bug_values, all_values) {
            return Some(step(Technique::BugType4, 57, e, so, &[]));
        }
    }
    if !wanted.contains(Technique::BugType3) {
        return None;
    }
    // type 3: the BUG values as one cell of a naked set in a house shared by the BUG cells
    for degree in 2..=6usize.min(n - 1) {
        for kind in [2usize, 0, 1] {
            let h = t.cell_houses[bug_cells[0]][kind] as usize;
            if !bug_cells
                .iter()
                .all(|&c| t.cell_houses[c][kind] as usize == h)
            {
                continue;
            }
            let region: Vec<usize> = common
                .iter()
                .copied()
                .filter(|&k| t.cell_houses[k][kind] as usize == h)
                .collect();
            if region.len() < degree {
                continue;
            }
            let found = combinations(region.len(), degree - 1, &mut |idx| {
                let union = idx.iter().fold(0u64, |m, &i| m | b.cand[region[i]]);
                if union.count_ones() as usize != degree
                    || idx.iter().any(|&i| b.cand[region[i]].count_ones() < 2)
                {
                    return None;
                }
                let all = union | all_values;
                if all.count_ones() as usize != degree {
                    return None;
                }
                let set: Vec<usize> = idx.iter().map(|&i| region[i]).collect();
                let mut elims = Vec::new();
                for &k in &region {
                    if set.contains(&k) || bug_cells.contains(&k) {
                        continue;
                    }
                    for d in bits(b.cand[k] & all) {
                        elims.push((k, d));
                    }
                }
                if elims.is_empty() {
                    return None;
                }
                let names: Vec<String> = set.iter().map(|&k| t.name(k)).collect();
                let so = format!(
                    ", so the BUG values with {} form a naked set {{{}}} in {}",
                    names.join(", "),
                    fmt_digits(all),
                    t.house(h)
                );
                Some(step(
                    Technique::BugType3,
                    57 + (degree as u16 - 1),
                    elims,
                    so,
                    &set,
                ))
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// BUG type 4: two BUG cells in a house sharing one non-BUG digit: it is locked there, so
/// their other non-BUG digits go.
fn bug4(
    b: &Board,
    cells: &[usize],
    values: &[u64],
    all_values: u64,
) -> Option<(Vec<(usize, usize)>, String)> {
    let t = &b.topo;
    let (c1, c2) = (cells[0], cells[1]);
    let common = b.cand[c1] & b.cand[c2] & !all_values;
    if common.count_ones() != 1 {
        return None;
    }
    let v = common.trailing_zeros() as usize;
    for kind in [2usize, 0, 1] {
        if t.cell_houses[c1][kind] != t.cell_houses[c2][kind] {
            continue;
        }
        let mut elims = Vec::new();
        for (c, bv) in [(c1, values[c1]), (c2, values[c2])] {
            for d in bits(b.cand[c] & !bv & !(1 << v)) {
                elims.push((c, d));
            }
        }
        let so = format!(
            "; one of {} and {} holds its BUG value, so the other is {}",
            t.name(c1),
            t.name(c2),
            v + 1
        );
        return Some((elims, so));
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

    fn all() -> TechniqueSet {
        TechniqueSet::all()
    }

    #[test]
    fn rectangles_of_types_1_2_and_4() {
        let b = open_with(&[
            (at(1, 1), &[6, 7]),
            (at(1, 2), &[6, 7]),
            (at(4, 1), &[6, 7]),
            (at(4, 2), &[6, 7, 8]),
        ]);
        let s = unique_loops(&b, all()).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle1, "{}", s.text);
        assert_eq!(names(&s.eliminations), ["r4c2=6", "r4c2=7"]);
        assert_eq!(s.rating, 4.5);

        let b = open_with(&[
            (at(1, 1), &[6, 7]),
            (at(1, 2), &[6, 7]),
            (at(4, 1), &[6, 7, 8]),
            (at(4, 2), &[6, 7, 8]),
        ]);
        let s = unique_loops(&b, all()).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle2, "{}", s.text);
        assert_eq!(s.eliminations.len(), 7 + 6);

        let mut b = open_with(&[
            (at(1, 1), &[6, 7]),
            (at(1, 2), &[6, 7]),
            (at(4, 1), &[1, 6, 7]),
            (at(4, 2), &[2, 6, 7]),
        ]);
        for c in 3..=9 {
            b.cand[at(4, c)] &= !(1 << 5);
        }
        let s = unique_loops(&b, all().without(Technique::UniqueRectangle3)).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle4, "{}", s.text);
        assert_eq!(names(&s.eliminations), ["r4c1=7", "r4c2=7"]);
    }

    #[test]
    fn rectangle_type_3_with_a_naked_pair() {
        // roof r4c1 {1,6,7}, r4c2 {2,6,7}: one of them is 1 or 2; with r4c5 {1,2} that is a
        // naked pair of row 4 (and r4c1, r4c2 in box 4: but r4c5 is not in box 4)
        let b = open_with(&[
            (at(1, 1), &[6, 7]),
            (at(1, 2), &[6, 7]),
            (at(4, 1), &[1, 6, 7]),
            (at(4, 2), &[2, 6, 7]),
            (at(4, 5), &[1, 2]),
        ]);
        let only = TechniqueSet::EMPTY.with(Technique::UniqueRectangle3);
        let s = unique_loops(&b, only).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle3, "{}", s.text);
        assert_eq!(s.rating, 4.6, "{}", s.text);
        // 1 and 2 leave r4c3, r4c4, r4c6..r4c9
        assert_eq!(s.eliminations.len(), 12, "{}", s.text);
        assert!(s.eliminations.iter().all(|c| c.row == 3 && c.digit <= 2));
    }

    #[test]
    fn a_unique_loop_of_six_cells() {
        // r1c1 r1c4 r2c4 r2c7 r3c7 r3c1 on {1,2}: every row, column and box met holds two
        // cells of the loop, one odd and one even
        let mut b = open_with(&[]);
        for k in 0..81 {
            b.cand[k] &= !0b11;
        }
        for (k, m) in [
            (at(1, 1), 0b11),
            (at(1, 4), 0b11),
            (at(2, 4), 0b11),
            (at(2, 7), 0b11),
            (at(3, 7), 0b11),
            (at(3, 1), 0b111),
        ] {
            b.cand[k] = m;
        }
        let s = unique_loops(&b, all()).unwrap();
        assert_eq!(s.technique, Technique::UniqueLoop, "{}", s.text);
        assert_eq!(s.rating, 4.6, "{}", s.text);
        assert_eq!(names(&s.eliminations), ["r3c1=1", "r3c1=2"]);
    }
}
