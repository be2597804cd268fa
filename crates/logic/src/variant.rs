//! The deductions of a variant's clues: even and odd cells, thermometers, dots and XV with
//! their negative rules, killer cage combinations and the digits a cage must hold, locked
//! candidates over a variant's houses and "sees" relation, arrows, little killers, the rule
//! of 45 and sandwiches.
//!
//! Each finder keeps, for the cells of one clue, the digits some filling of the clue allows
//! (its *support*) given the candidates, and removes the others. Supports are computed
//! exactly where the clue's cells all see each other (their digits differ: a mask of the
//! digits used so far is the state) and by sums alone where they may repeat (a relaxation:
//! it keeps every digit a real filling uses, so every elimination stays sound). A finder
//! returns the first clue with an elimination; on a classic board (no variant) every finder
//! returns `None` at once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::basic::{bits, cand, elimination, fmt_digits, rc};
use crate::board::{Board, Topology};
use crate::step::{Area, Candidate, Pattern, Step, Technique};
use crate::technique::TechniqueSet;
use crate::vcache::{Both, ENDS_BOARDS, ENDS_MAX_DIGITS, NO_END, Region45, SUPPORTS_CAP, Supports};
use crate::vrules::{Clue, ClueKind};

/// The digits cell `k` may hold: its candidates, or its digit when placed.
#[inline]
fn eff(b: &Board, k: usize) -> u64 {
    match b.value[k] {
        0 => b.cand[k],
        v => 1 << (v - 1),
    }
}

/// The sum of the digits of a mask (bit `d` is digit `d + 1`).
#[inline]
fn mask_sum(m: u64) -> u32 {
    match SUMS.get(m as usize) {
        Some(&s) => u32::from(s),
        None => bits(m).map(|d| d as u32 + 1).sum(),
    }
}

/// [`mask_sum`] of every mask of 9 digits or fewer (PERF: the killer finders ask for it
/// hundreds of thousands of times a puzzle).
static SUMS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut d = 0;
        while d < 9 {
            if m >> d & 1 != 0 {
                t[m] += d as u8 + 1;
            }
            d += 1;
        }
        m += 1;
    }
    t
};

/// Scratch of [`clique_support`]: the partial sets of digits of every level, one after the
/// other, and a stamp per set of digits (a set belongs to the level whose stamp it holds; the
/// sets of one level all have as many digits as cells before it, so levels never share one).
#[derive(Default)]
struct CliqueScratch {
    stamp: Vec<u32>,
    now: u32,
    sets: Vec<u64>,
    sums: Vec<u32>,
    starts: Vec<usize>,
}

impl CliqueScratch {
    /// A fresh stamp, the table sized for sets of `top` digits.
    fn next(&mut self, top: usize) -> u32 {
        if self.stamp.len() < 1 << top {
            self.stamp = vec![0; 1 << top];
            self.now = 0;
        }
        if self.now == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 0;
        }
        self.now += 1;
        self.now
    }
}

thread_local! {
    static CLIQUE: std::cell::RefCell<CliqueScratch> = std::cell::RefCell::default();
}

/// The sum of the `r` smallest (or largest) digits of `m`, `None` when it has fewer.
fn extreme_sum(m: u64, r: usize, largest: bool) -> Option<u32> {
    if (m.count_ones() as usize) < r {
        return None;
    }
    let mut m = m;
    let mut s = 0;
    for _ in 0..r {
        let d = if largest {
            63 - m.leading_zeros()
        } else {
            m.trailing_zeros()
        };
        s += d + 1;
        m &= !(1u64 << d);
    }
    Some(s)
}

/// The support of cells whose digits all differ, holding digits of `masks` (one a cell),
/// whose set of digits `accept` takes; `sum`, when given, is the sum every accepted set has
/// (it prunes partial sets that cannot reach it). `None` when no filling exists; else each
/// cell's support and the sets of digits of every filling, in increasing order.
fn clique_support(
    masks: &[u64],
    sum: Option<u32>,
    accept: &dyn Fn(u64) -> bool,
) -> Option<(Vec<u64>, Vec<u64>)> {
    let len = masks.len();
    if len == 0 {
        return accept(0).then(|| (Vec::new(), vec![0]));
    }
    let all = masks.iter().fold(0u64, |a, &m| a | m);
    let top = 64 - all.leading_zeros() as usize;
    if top <= SMALL_DIGITS && len <= SMALL_CELLS {
        small_clique_support(masks, top, accept)
    } else {
        sparse_clique_support(masks, top, sum, accept)
    }
}

/// [`clique_support`] by lists of partial sets (any number of digits).
fn sparse_clique_support(
    masks: &[u64],
    top: usize,
    sum: Option<u32>,
    accept: &dyn Fn(u64) -> bool,
) -> Option<(Vec<u64>, Vec<u64>)> {
    let len = masks.len();
    // the digits the cells from i on allow
    let mut rest = vec![0u64; len + 1];
    for i in (0..len).rev() {
        rest[i] = rest[i + 1] | masks[i];
    }
    CLIQUE.with(|s| {
        let s = &mut *s.borrow_mut();
        s.sets.clear();
        s.sums.clear();
        s.starts.clear();
        s.sets.push(0);
        s.sums.push(0);
        s.starts.push(0);
        for (i, &mk) in masks.iter().enumerate() {
            let stamp = s.next(top);
            let (from, to) = (s.starts[i], s.sets.len());
            s.starts.push(to);
            let left = len - i - 1;
            for x in from..to {
                let (m, ms) = (s.sets[x], s.sums[x]);
                for d in bits(mk & !m) {
                    let nm = m | 1 << d;
                    if s.stamp[nm as usize] == stamp {
                        continue;
                    }
                    let ns = ms + d as u32 + 1;
                    if let Some(target) = sum {
                        // the cells left must add up to the rest with other digits
                        let avail = rest[i + 1] & !nm;
                        let fits = target >= ns
                            && extreme_sum(avail, left, false).is_some_and(|lo| lo <= target - ns)
                            && extreme_sum(avail, left, true).is_some_and(|hi| hi >= target - ns);
                        if !fits {
                            continue;
                        }
                    }
                    s.stamp[nm as usize] = stamp;
                    s.sets.push(nm);
                    s.sums.push(ns);
                }
            }
            if s.sets.len() == to {
                return None;
            }
        }
        let last = s.starts[len];
        let mut finals: Vec<u64> = s.sets[last..]
            .iter()
            .copied()
            .filter(|&m| accept(m))
            .collect();
        if finals.is_empty() {
            return None;
        }
        finals.sort_unstable();
        // backwards: a set is good when some digit of the next cell leads to a good set
        let mut good = s.next(top);
        for &m in &finals {
            s.stamp[m as usize] = good;
        }
        let mut support = vec![0u64; len];
        for i in (0..len).rev() {
            let prev = s.next(top);
            let (from, to) = (s.starts[i], s.starts[i + 1]);
            for x in from..to {
                let m = s.sets[x];
                let mut ok = false;
                for d in bits(masks[i] & !m) {
                    if s.stamp[(m | 1 << d) as usize] == good {
                        support[i] |= 1 << d;
                        ok = true;
                    }
                }
                if ok {
                    s.stamp[m as usize] = prev;
                }
            }
            good = prev;
        }
        Some((support, finals))
    })
}

/// Digits up to which [`clique_support`] keeps each level of partial sets as a bitset over
/// every set of digits (`2^10` bits).
const SMALL_DIGITS: usize = 10;
/// Cells up to which it does.
const SMALL_CELLS: usize = 16;
/// Words of such a bitset.
const SMALL_WORDS: usize = (1 << SMALL_DIGITS) / 64;

/// Within a word of a bitset over sets of digits, the sets without digit `d` (`d < 6`).
const WITHOUT: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The sets `m | d` for the sets `m` of `from` without digit `d`.
#[inline]
fn add_digit<const W: usize>(from: &[u64; W], d: usize, words: usize, to: &mut [u64; W]) {
    if d < 6 {
        for w in 0..words {
            to[w] |= (from[w] & WITHOUT[d]) << (1 << d);
        }
    } else {
        let s = 1 << (d - 6);
        for w in 0..words {
            if w & s == 0 {
                to[w + s] |= from[w];
            }
        }
    }
}

/// The sets `m` without digit `d` such that `m | d` is in `from`.
#[inline]
fn remove_digit<const W: usize>(from: &[u64; W], d: usize, words: usize, to: &mut [u64; W]) {
    if d < 6 {
        for w in 0..words {
            to[w] |= (from[w] & !WITHOUT[d]) >> (1 << d);
        }
    } else {
        let s = 1 << (d - 6);
        for w in 0..words {
            if w & s == 0 {
                to[w] |= from[w + s];
            }
        }
    }
}

/// [`clique_support`] for digits below [`SMALL_DIGITS`]: each level of partial sets (the
/// digits of the first `i` cells) a bitset over every set of digits.
fn small_clique_support(
    masks: &[u64],
    top: usize,
    accept: &dyn Fn(u64) -> bool,
) -> Option<(Vec<u64>, Vec<u64>)> {
    // bitsets of 512 sets up to 9 digits (less to clear), else of 1024
    if top <= 9 {
        small_clique_support_in::<{ SMALL_WORDS / 2 }>(masks, top, accept)
    } else {
        small_clique_support_in::<SMALL_WORDS>(masks, top, accept)
    }
}

/// [`small_clique_support`] with bitsets of `W` words (`64 W` sets of digits at least
/// `2^top`).
fn small_clique_support_in<const W: usize>(
    masks: &[u64],
    top: usize,
    accept: &dyn Fn(u64) -> bool,
) -> Option<(Vec<u64>, Vec<u64>)> {
    let len = masks.len();
    let words = ((1usize << top) / 64).max(1);
    let mut levels = [[0u64; W]; SMALL_CELLS + 1];
    levels[0][0] = 1;
    for (i, &mk) in masks.iter().enumerate() {
        let (done, next) = levels.split_at_mut(i + 1);
        let (from, to) = (&done[i], &mut next[0]);
        for d in bits(mk) {
            add_digit(from, d, words, to);
        }
        if to[..words].iter().all(|&w| w == 0) {
            return None;
        }
    }
    // the accepted sets of the last level
    let mut good = [0u64; W];
    let mut finals = Vec::new();
    for w in 0..words {
        let mut x = levels[len][w];
        while x != 0 {
            let b = x.trailing_zeros() as usize;
            x &= x - 1;
            let m = (w * 64 + b) as u64;
            if accept(m) {
                good[w] |= 1 << b;
                finals.push(m);
            }
        }
    }
    if finals.is_empty() {
        return None;
    }
    let mut support = vec![0u64; len];
    for i in (0..len).rev() {
        let mut prev = [0u64; W];
        for d in bits(masks[i]) {
            let mut back = [0u64; W];
            remove_digit(&good, d, words, &mut back);
            let mut any = false;
            for w in 0..words {
                let x = back[w] & levels[i][w];
                prev[w] |= x;
                any |= x != 0;
            }
            if any {
                support[i] |= 1 << d;
            }
        }
        good = prev;
    }
    Some((support, finals))
}

/// The support of cells whose digits may repeat, adding up to a sum `target` accepts, by
/// partial sums. `None` when no filling exists; else each cell's support and, for each sum,
/// whether a filling reaches it.
fn sum_support(masks: &[u64], target: &dyn Fn(u32) -> bool) -> Option<(Vec<u64>, Vec<bool>)> {
    let len = masks.len();
    let top: usize = masks.iter().map(|&m| 64 - m.leading_zeros() as usize).sum();
    let mut fwd = vec![vec![false; top + 1]; len + 1];
    fwd[0][0] = true;
    for i in 0..len {
        for s in 0..=top {
            if fwd[i][s] {
                for d in bits(masks[i]) {
                    if s + d < top {
                        fwd[i + 1][s + d + 1] = true;
                    }
                }
            }
        }
    }
    // back[i][s]: from partial sum s after i cells, an accepted total is reachable
    let mut back = vec![vec![false; top + 1]; len + 1];
    let mut any = false;
    for s in 0..=top {
        back[len][s] = target(s as u32);
        any |= back[len][s] && fwd[len][s];
    }
    if !any {
        return None;
    }
    for i in (0..len).rev() {
        for s in 0..=top {
            back[i][s] = bits(masks[i]).any(|d| s + d < top && back[i + 1][s + d + 1]);
        }
    }
    let mut support = vec![0u64; len];
    for i in 0..len {
        for s in 0..=top {
            if fwd[i][s] {
                for d in bits(masks[i]) {
                    if s + d < top && back[i + 1][s + d + 1] {
                        support[i] |= 1 << d;
                    }
                }
            }
        }
    }
    let reached = (0..=top).map(|s| fwd[len][s] && back[len][s]).collect();
    Some((support, reached))
}

/// Whether the cells all see each other (their digits differ).
fn is_clique(b: &Board, cells: &[usize]) -> bool {
    cells
        .iter()
        .enumerate()
        .all(|(i, &x)| cells[i + 1..].iter().all(|&y| b.topo.sees(x, y)))
}

/// Support of cells adding up to a sum `target` accepts: exact when they see each other.
fn any_sum_support(b: &Board, cells: &[usize], target: &dyn Fn(u32) -> bool) -> Option<Vec<u64>> {
    let masks: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
    if is_clique(b, cells) {
        clique_support(&masks, None, &|m| target(mask_sum(m))).map(|x| x.0)
    } else {
        sum_support(&masks, target).map(|x| x.0)
    }
}

/// The eliminations a support makes in the empty cells of `cells`.
fn removals(b: &Board, cells: &[usize], support: &[u64]) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (&k, &s) in cells.iter().zip(support) {
        if b.value[k] == 0 {
            for d in bits(b.cand[k] & !s) {
                out.push(cand(b, k, d));
            }
        }
    }
    out
}

/// A step of a clue: its cells drawn as an area named `name`.
fn clue_step(
    b: &Board,
    technique: Technique,
    name: &str,
    cells: &[usize],
    elims: Vec<Candidate>,
    what: &str,
) -> Step {
    let mut digits = 0u64;
    for e in &elims {
        digits |= 1 << (e.digit - 1);
    }
    let pattern = Pattern {
        cells: cells.iter().map(|&k| rc(b, k)).collect(),
        digits: bits(digits).map(|d| d as u8 + 1).collect(),
        candidates: cells
            .iter()
            .filter(|&&k| b.value[k] == 0)
            .flat_map(|&k| bits(b.cand[k]).map(move |d| cand(b, k, d)))
            .collect(),
        areas: vec![Area {
            name: name.to_string(),
            cells: cells.iter().map(|&k| rc(b, k)).collect(),
        }],
        ..Default::default()
    };
    elimination(technique, elims, pattern, what)
}

fn cells_of(c: &Clue) -> Vec<usize> {
    c.cells.iter().map(|&k| k as usize).collect()
}

fn names(b: &Board, cells: &[usize]) -> String {
    let v: Vec<String> = cells.iter().map(|&k| b.topo.name(k)).collect();
    v.join(" ")
}

fn clues(b: &Board) -> &[Clue] {
    match &b.topo.variant {
        Some(v) => &v.clues.clues,
        None => &[],
    }
}

/// Even and odd cells: every cell of a parity clue loses the digits of the other parity (one
/// step for all of them).
pub(crate) fn parity(b: &Board) -> Option<Step> {
    let mut elims = Vec::new();
    let mut cells = Vec::new();
    for c in clues(b) {
        let ClueKind::Parity { even } = c.kind else {
            continue;
        };
        let k = c.cells[0] as usize;
        // bit d is digit d + 1: even digits are the odd bits
        let keep = (0..b.topo.n)
            .filter(|d| (d % 2 == 1) == even)
            .fold(0u64, |m, d| m | 1 << d);
        if b.value[k] == 0 && b.cand[k] & !keep != 0 {
            cells.push(k);
            elims.extend(bits(b.cand[k] & !keep).map(|d| cand(b, k, d)));
        }
    }
    if elims.is_empty() {
        return None;
    }
    let pattern = Pattern {
        cells: cells.iter().map(|&k| rc(b, k)).collect(),
        ..Default::default()
    };
    Some(elimination(
        Technique::EvenOdd,
        elims,
        pattern,
        &format!(
            "Even/odd cells: {} keep only the digits of their parity",
            names(b, &cells)
        ),
    ))
}

/// Thermometers: digits strictly increase from the bulb, so each cell lies above the
/// smallest digit the cell before it allows and below the largest the cell after it allows.
pub(crate) fn thermo(b: &Board) -> Option<Step> {
    for c in clues(b) {
        if !matches!(c.kind, ClueKind::Thermo) {
            continue;
        }
        let cells = cells_of(c);
        let mut m: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
        for i in 1..m.len() {
            let lo = m[i - 1].trailing_zeros();
            m[i] &= if lo >= 63 { 0 } else { !((2u64 << lo) - 1) };
        }
        for i in (0..m.len().saturating_sub(1)).rev() {
            let hi = 63 - m[i + 1].leading_zeros().min(63);
            m[i] &= if m[i + 1] == 0 { 0 } else { (1u64 << hi) - 1 };
        }
        let elims = removals(b, &cells, &m);
        if !elims.is_empty() {
            let what = format!(
                "Thermometer: the digits of {} ({}) increase from its bulb",
                c.name,
                names(b, &cells)
            );
            return Some(clue_step(
                b,
                Technique::Thermometer,
                &c.name,
                &cells,
                elims,
                &what,
            ));
        }
    }
    None
}

/// The candidates of `y` with no partner in `x` under a pair's table.
fn partner_less(b: &Board, table: &[u64], x: usize, y: usize, sees: bool) -> Vec<Candidate> {
    let mx = eff(b, x);
    let mut out = Vec::new();
    if b.value[y] != 0 {
        return out;
    }
    for dy in bits(b.cand[y]) {
        let ok = bits(mx).any(|dx| table[dx] >> dy & 1 != 0 && !(sees && dx == dy));
        if !ok {
            out.push(cand(b, y, dy));
        }
    }
    out
}

/// Dots, XV and the negative rules: a digit of one cell with no partner the other cell
/// allows goes. Clues first (one clue a step), then the negative rules (one cell's unmarked
/// neighbours a step).
pub(crate) fn pairs(b: &Board, wanted: TechniqueSet) -> Option<Step> {
    let t = &b.topo;
    let partner_less =
        |table: &[u64], x: usize, y: usize, sees: bool| partner_less(b, table, x, y, sees);
    if wanted.contains(Technique::PairClue) {
        for c in clues(b) {
            let ClueKind::Pair {
                ref table,
                negative: false,
            } = c.kind
            else {
                continue;
            };
            let (x, y) = (c.cells[0] as usize, c.cells[1] as usize);
            let sees = t.sees(x, y);
            let mut elims = partner_less(table, x, y, sees);
            elims.extend(partner_less(table, y, x, sees));
            if !elims.is_empty() {
                let what = format!(
                    "Dot or XV pair: {} ({}) allows only pairs that fit it",
                    c.name,
                    names(b, &[x, y])
                );
                return Some(clue_step(
                    b,
                    Technique::PairClue,
                    &c.name,
                    &[x, y],
                    elims,
                    &what,
                ));
            }
        }
    }
    if wanted.contains(Technique::NegativeRule) {
        return negative(b, false);
    }
    None
}

/// The negative rule from a placed cell only (what placing its digit forbids its unmarked
/// neighbours), rated 1.0.
pub(crate) fn placed_negative(b: &Board) -> Option<Step> {
    negative(b, true)
}

/// The negative rules: one cell's unmarked neighbours lose the digits no candidate of the
/// cell allows beside them (`placed`: placed cells only).
fn negative(b: &Board, placed: bool) -> Option<Step> {
    let t = &b.topo;
    let partner_less =
        |table: &[u64], x: usize, y: usize, sees: bool| partner_less(b, table, x, y, sees);
    {
        for x in 0..t.ncells {
            if placed && b.value[x] == 0 {
                continue;
            }
            let mut elims = Vec::new();
            let mut rule = "";
            let mut near = Vec::new();
            for c in clues(b) {
                let ClueKind::Pair {
                    ref table,
                    negative: true,
                } = c.kind
                else {
                    continue;
                };
                let (p, q) = (c.cells[0] as usize, c.cells[1] as usize);
                let y = if p == x {
                    q
                } else if q == x {
                    p
                } else {
                    continue;
                };
                let e = partner_less(table, x, y, t.sees(x, y));
                if !e.is_empty() && (rule.is_empty() || rule == c.name) {
                    rule = &c.name;
                    near.push(y);
                    for c in e {
                        if !elims.contains(&c) {
                            elims.push(c);
                        }
                    }
                }
            }
            if !elims.is_empty() {
                let mut cells = vec![x];
                cells.extend(&near);
                let what = format!(
                    "Negative rule ({rule}): {} {} leaves no allowed partner in its unmarked neighbour{} {}",
                    t.name(x),
                    if b.value[x] != 0 {
                        format!("holding {}", b.value[x])
                    } else {
                        format!("holding {{{}}}", fmt_digits(b.cand[x]))
                    },
                    if near.len() > 1 { "s" } else { "" },
                    names(b, &near)
                );
                let mut step = clue_step(b, Technique::NegativeRule, rule, &cells, elims, &what);
                if b.value[x] != 0 {
                    // what a placed digit forbids its neighbours is part of placing it, as
                    // on SukakuExplainer's scale (its nonconsecutive placements remove the
                    // neighbours' consecutive candidates): below every single
                    step.rating = 1.0;
                }
                return Some(step);
            }
        }
    }
    None
}

/// The digits cell `y` may hold when its neighbour `p` holds 0-based digit `d`, under the
/// negative rules between them (`None`: no negative rule joins them), with the rule's name.
fn negative_partners(b: &Board, p: usize, y: usize, d: usize) -> Option<(u64, &str)> {
    let mut out: Option<(u64, &str)> = None;
    for c in clues(b) {
        let ClueKind::Pair {
            ref table,
            negative: true,
        } = c.kind
        else {
            continue;
        };
        let (a, z) = (c.cells[0] as usize, c.cells[1] as usize);
        let allowed = if a == p && z == y {
            table[d]
        } else if a == y && z == p {
            (0..table.len())
                .filter(|&x| table[x] >> d & 1 != 0)
                .fold(0u64, |m, x| m | 1 << x)
        } else {
            continue;
        };
        out = Some(match out {
            None => (allowed, c.name.as_str()),
            Some((m, name)) => (m & allowed, name),
        });
    }
    out
}

/// Locked negative rule (SukakuExplainer's locked nonconsecutive): a digit of a full house
/// confined to a few cells; a cell that is one of them or the unmarked neighbour of each
/// (under a negative rule: nonconsecutive, negative dots or XV) loses the digits no place of
/// the digit allows beside it.
pub(crate) fn locked_negative(b: &Board) -> Option<Step> {
    let t = &b.topo;
    let any = clues(b)
        .iter()
        .any(|c| matches!(c.kind, ClueKind::Pair { negative: true, .. }));
    if !any {
        return None;
    }
    // each cell's neighbours under a negative rule
    let mut near: Vec<Vec<usize>> = vec![Vec::new(); t.ncells];
    for c in clues(b) {
        if let ClueKind::Pair { negative: true, .. } = c.kind {
            let (a, z) = (c.cells[0] as usize, c.cells[1] as usize);
            if !near[a].contains(&z) {
                near[a].push(z);
            }
            if !near[z].contains(&a) {
                near[z].push(a);
            }
        }
    }
    for h in 0..t.nfull() {
        let placed = b.placed_in(h);
        for d in bits(t.shape.full_mask() & !placed) {
            let places: Vec<usize> = t
                .cells(h)
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| b.cand[k] >> d & 1 != 0)
                .collect();
            if places.len() < 2 {
                continue;
            }
            let mut victims: Vec<usize> = near[places[0]].clone();
            victims.push(places[0]);
            victims.sort_unstable();
            let mut elims = Vec::new();
            let mut victim_cells = Vec::new();
            let mut rule = "";
            for &y in &victims {
                if b.value[y] != 0 {
                    continue;
                }
                // the digits y may hold, whichever place holds d
                let mut keep = 1u64 << d;
                let mut name = "";
                let mut all = true;
                for &p in &places {
                    if p == y {
                        continue;
                    }
                    match negative_partners(b, p, y, d) {
                        Some((m, n)) => {
                            keep |= m;
                            if name.is_empty() {
                                name = n;
                            }
                        }
                        None => {
                            all = false;
                            break;
                        }
                    }
                }
                if !all {
                    continue;
                }
                let gone = b.cand[y] & !keep;
                if gone != 0 {
                    elims.extend(bits(gone).map(|e| cand(b, y, e)));
                    victim_cells.push(y);
                    if rule.is_empty() {
                        rule = name;
                    }
                }
            }
            if elims.is_empty() {
                continue;
            }
            let mut digits = 0u64;
            for e in &elims {
                digits |= 1 << (e.digit - 1);
            }
            let what = format!(
                "Locked negative rule ({rule}): {} in {} lies in {}; {} next to each of them (or one of them) cannot hold {}",
                d + 1,
                t.house(h),
                names(b, &places),
                names(b, &victim_cells),
                fmt_digits(digits)
            );
            let pattern = crate::basic::cells_pattern(b, &places, vec![t.house(h).into()], 1 << d);
            return Some(elimination(
                Technique::LockedNegative,
                elims,
                pattern,
                &what,
            ));
        }
    }
    None
}

fn combos_text(finals: &[u64]) -> String {
    let mut v: Vec<String> = finals
        .iter()
        .take(4)
        .map(|&m| format!("{{{}}}", fmt_digits(m)))
        .collect();
    if finals.len() > 4 {
        v.push(format!("… ({} sets)", finals.len()));
    }
    v.join(" or ")
}

/// The support of a cage with a sum, and its sets of digits.
fn cage_fillings(b: &Board, cells: &[usize], sum: u32) -> Option<(Vec<u64>, Vec<u64>)> {
    let mut masks = Vec::with_capacity(cells.len() + 1);
    masks.extend(cells.iter().map(|&k| eff(b, k)));
    sum_fillings(masks, sum)
}

/// Entries past which [`FILLINGS`] starts again (a few megabytes at most).
const FILLINGS_CAP: usize = 1 << 14;

/// The fillings of a killer cage's sum, by its cells' digits: [`sum_fillings`].
type Fillings = HashMap<Vec<u64>, Option<(Vec<u64>, Vec<u64>)>, BuildHasherDefault<Words>>;

/// A hasher of [`FILLINGS`]' keys (a few words): a multiply and a rotate a word.
#[derive(Default)]
struct Words(u64);

impl Hasher for Words {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for w in bytes.chunks(8) {
            let mut x = [0u8; 8];
            x[..w.len()].copy_from_slice(w);
            self.write_u64(u64::from_le_bytes(x));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

thread_local! {
    /// [`sum_fillings`] already computed, by the cells' digits and the sum. PERF: the
    /// killer finders ask for the same cages on every step (a killer path has 100 to 200),
    /// whose digits most steps do not touch.
    static FILLINGS: std::cell::RefCell<Fillings> = std::cell::RefCell::default();
}

/// [`clique_support`] of cells whose digits add up to `sum` (the digits of each in
/// `masks`): each cell's support and the sets of digits of every filling, `None` when none;
/// kept by the digits and the sum (a pure function of them).
fn sum_fillings(mut masks: Vec<u64>, sum: u32) -> Option<(Vec<u64>, Vec<u64>)> {
    masks.push(u64::from(sum));
    let kept = FILLINGS
        .try_with(|f| f.borrow().get(&masks).cloned())
        .ok()
        .flatten();
    if let Some(found) = kept {
        return found;
    }
    let key = masks;
    let masks = &key[..key.len() - 1];
    let found = clique_support(masks, Some(sum), &|m| mask_sum(m) == sum);
    let _ = FILLINGS.try_with(|f| {
        let mut f = f.borrow_mut();
        if f.len() >= FILLINGS_CAP {
            f.clear();
        }
        f.insert(key, found.clone());
    });
    found
}

/// Killer cage combinations: digits no filling of a cage's sum allows.
pub(crate) fn cages(b: &Board) -> Option<Step> {
    let v = b.topo.variant.as_ref()?;
    for (c, sum) in v.clues.cages() {
        let Some(sum) = sum else { continue };
        let cells = cells_of(c);
        if cells.iter().all(|&k| b.value[k] != 0) {
            continue;
        }
        let Some((support, finals)) = cage_fillings(b, &cells, sum) else {
            continue;
        };
        let elims = removals(b, &cells, &support);
        if !elims.is_empty() {
            let what = format!(
                "Cage combination: {} adds up to {sum} in {} with the digits {}",
                c.name,
                names(b, &cells),
                combos_text(&finals)
            );
            return Some(clue_step(
                b,
                Technique::CageCombination,
                &c.name,
                &cells,
                elims,
                &what,
            ));
        }
    }
    None
}

/// The cells outside `inside` holding `d` that see every cell of `places`.
fn seeing_all(b: &Board, places: &[usize], inside: &[usize], d: usize) -> Vec<usize> {
    let t = &b.topo;
    let Some(&first) = places.first() else {
        return Vec::new();
    };
    let w = t.words;
    if w <= 4 {
        // PERF: the peers of every place as one bitset (the peers' lists are in order)
        let mut all = [0u64; 4];
        all[..w].copy_from_slice(&t.peer_bits[first * w..(first + 1) * w]);
        for &p in &places[1..] {
            for (x, &y) in all.iter_mut().zip(&t.peer_bits[p * w..(p + 1) * w]) {
                *x &= y;
            }
        }
        for &k in inside {
            all[k / 64] &= !(1 << (k % 64));
        }
        let mut out = Vec::new();
        for (i, &word) in all[..w].iter().enumerate() {
            out.extend(
                bits(word)
                    .map(|x| i * 64 + x)
                    .filter(|&q| b.cand[q] >> d & 1 != 0),
            );
        }
        return out;
    }
    t.peers[first]
        .iter()
        .map(|&q| q as usize)
        .filter(|&q| {
            b.cand[q] >> d & 1 != 0
                && !inside.contains(&q)
                && places.iter().all(|&p| p != q && t.sees(p, q))
        })
        .collect()
}

/// A digit every filling of a cage holds: it leaves the cells that see all its places in
/// the cage.
pub(crate) fn cage_digits(b: &Board) -> Option<Step> {
    let v = b.topo.variant.as_ref()?;
    for (c, sum) in v.clues.cages() {
        let cells = cells_of(c);
        let masks: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
        let Some((_, finals)) = sum.and_then(|s| cage_fillings(b, &cells, s)) else {
            continue;
        };
        let required = finals.iter().fold(u64::MAX, |a, &m| a & m);
        let placed = cells
            .iter()
            .filter(|&&k| b.value[k] != 0)
            .fold(0u64, |m, &k| m | 1 << (b.value[k] - 1));
        for d in bits(required & !placed) {
            let places: Vec<usize> = cells
                .iter()
                .zip(&masks)
                .filter(|(_, m)| *m >> d & 1 != 0)
                .map(|(&k, _)| k)
                .collect();
            let seen = seeing_all(b, &places, &cells, d);
            if seen.is_empty() {
                continue;
            }
            let elims: Vec<Candidate> = seen.iter().map(|&k| cand(b, k, d)).collect();
            let what = format!(
                "Cage digits: every filling of {} holds {} ({}), in {}, which {} see{}",
                c.name,
                d + 1,
                combos_text(&finals),
                names(b, &places),
                names(b, &seen),
                if seen.len() == 1 { "s" } else { "" }
            );
            return Some(clue_step(
                b,
                Technique::CageDigits,
                &c.name,
                &cells,
                elims,
                &what,
            ));
        }
    }
    None
}

/// Locked candidates over a variant's houses and "sees" relation: a digit of a full house
/// confined to cells another cell sees all of leaves that cell.
pub(crate) fn locking(b: &Board) -> Option<Step> {
    let t = &b.topo;
    t.variant.as_ref()?;
    for h in 0..t.nfull() {
        let house = t.cells(h);
        let placed = b.placed_in(h);
        for d in bits(t.shape.full_mask() & !placed) {
            let places: Vec<usize> = house
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| b.cand[k] >> d & 1 != 0)
                .collect();
            if places.len() < 2 {
                continue;
            }
            let seen = seeing_all(b, &places, &[], d);
            if seen.is_empty() {
                continue;
            }
            let why: Vec<String> = if seen.len() == 1 {
                places.iter().map(|&p| t.why_sees(seen[0], p)).collect()
            } else {
                Vec::new()
            };
            let mut why = why;
            why.dedup();
            let because = if why.len() == 1 || why.iter().all(|w| w == &why[0]) && !why.is_empty() {
                format!(" ({})", why[0])
            } else {
                String::new()
            };
            let elims: Vec<Candidate> = seen.iter().map(|&k| cand(b, k, d)).collect();
            let what = format!(
                "Locked candidates: {} in {} is confined to {}, which {} see{}{because}",
                d + 1,
                t.house(h),
                names(b, &places),
                names(b, &seen),
                if seen.len() == 1 { "s" } else { "" }
            );
            let pattern = crate::basic::cells_pattern(b, &places, vec![t.house(h).into()], 1 << d);
            return Some(elimination(
                Technique::VariantLocking,
                elims,
                pattern,
                &what,
            ));
        }
    }
    None
}

/// The support of an arrow (`None`: no filling).
fn arrow_support(b: &Board, c: &Clue) -> Option<Vec<u64>> {
    let ClueKind::Arrow { circle } = c.kind else {
        return None;
    };
    let cells = cells_of(c);
    let (circ, line) = cells.split_at(circle);
    let lmasks: Vec<u64> = line.iter().map(|&k| eff(b, k)).collect();
    // sums the line can make
    let (_, reach) = sum_support(&lmasks, &|_| true)?;
    // the circle's fillings
    let cm: Vec<u64> = circ.iter().map(|&k| eff(b, k)).collect();
    let mut csup = vec![0u64; circ.len()];
    let mut values = vec![false; reach.len()];
    let mut digits = vec![0usize; circ.len()];
    let combos: usize = cm.iter().map(|m| m.count_ones() as usize).product();
    if combos > 4096 {
        // too many to list: keep everything (sound)
        return Some(cells.iter().map(|&k| eff(b, k)).collect());
    }
    'combo: for mut i in 0..combos {
        for (j, &m) in cm.iter().enumerate() {
            let c = m.count_ones() as usize;
            digits[j] = bits(m).nth(i % c).expect("a digit");
            i /= c;
        }
        for x in 0..digits.len() {
            for y in x + 1..digits.len() {
                if digits[x] == digits[y] && b.topo.sees(circ[x], circ[y]) {
                    continue 'combo;
                }
            }
        }
        let v = digits.iter().fold(0usize, |a, &d| a * 10 + d + 1);
        if v < values.len() && reach[v] {
            values[v] = true;
            for (j, &d) in digits.iter().enumerate() {
                csup[j] |= 1 << d;
            }
        }
    }
    let target = |s: u32| (s as usize) < values.len() && values[s as usize];
    let lsup = any_sum_support(b, line, &target)?;
    let mut support = csup;
    support.extend(lsup);
    Some(support)
}

/// Arrows: the circle's number is the sum of the line.
pub(crate) fn arrows(b: &Board) -> Option<Step> {
    for c in clues(b) {
        let ClueKind::Arrow { circle } = c.kind else {
            continue;
        };
        let cells = cells_of(c);
        let Some(support) = arrow_support(b, c) else {
            continue;
        };
        let elims = removals(b, &cells, &support);
        if !elims.is_empty() {
            let (circ, line) = cells.split_at(circle);
            let what = format!(
                "Arrow sum: the line of {} ({}) adds up to its circle ({})",
                c.name,
                names(b, line),
                names(b, circ)
            );
            return Some(clue_step(
                b,
                Technique::ArrowSum,
                &c.name,
                &cells,
                elims,
                &what,
            ));
        }
    }
    None
}

/// Little killers: the diagonal adds up to the clue.
pub(crate) fn little_killers(b: &Board) -> Option<Step> {
    for c in clues(b) {
        let ClueKind::LittleKiller { sum } = c.kind else {
            continue;
        };
        let cells = cells_of(c);
        let Some(support) = any_sum_support(b, &cells, &|s| s == sum) else {
            continue;
        };
        let elims = removals(b, &cells, &support);
        if !elims.is_empty() {
            let what = format!(
                "Little killer sum: the diagonal of {} ({}) adds up to {sum}",
                c.name,
                names(b, &cells)
            );
            return Some(clue_step(
                b,
                Technique::LittleKillerSum,
                &c.name,
                &cells,
                elims,
                &what,
            ));
        }
    }
    None
}

/// The support of a sandwich (`None`: no filling).
fn sandwich_support(b: &Board, c: &Clue) -> Option<Vec<u64>> {
    let ClueKind::Sandwich { sum } = c.kind else {
        return None;
    };
    let n = b.topo.n;
    let (one, big) = (1u64, 1u64 << (n - 1));
    let cells = cells_of(c);
    let masks: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
    let mut support = vec![0u64; n];
    let mut any = false;
    for i in 0..n {
        if masks[i] & one == 0 {
            continue;
        }
        for j in 0..n {
            if j == i || masks[j] & big == 0 {
                continue;
            }
            let (lo, hi) = (i.min(j), i.max(j));
            let inner: Vec<u64> = masks[lo + 1..hi].iter().map(|&m| m & !one & !big).collect();
            let fill = if inner.is_empty() {
                (sum == 0).then(Vec::new)
            } else {
                clique_support(&inner, Some(sum), &|m| mask_sum(m) == sum).map(|x| x.0)
            };
            let Some(fill) = fill else { continue };
            any = true;
            support[i] |= one;
            support[j] |= big;
            for (x, f) in (lo + 1..hi).zip(fill) {
                support[x] |= f;
            }
            for x in (0..lo).chain(hi + 1..n) {
                support[x] |= masks[x] & !one & !big;
            }
        }
    }
    any.then_some(support)
}

/// Sandwiches: for every place of the 1 and the N the candidates allow, the digits between
/// must add up to the clue (different digits of 2 to N-1).
pub(crate) fn sandwiches(b: &Board) -> Option<Step> {
    let n = b.topo.n;
    for c in clues(b) {
        let ClueKind::Sandwich { sum } = c.kind else {
            continue;
        };
        let cells = cells_of(c);
        let Some(support) = sandwich_support(b, c) else {
            continue;
        };
        let elims = removals(b, &cells, &support);
        if !elims.is_empty() {
            let what = format!(
                "Sandwich sum: the digits between the 1 and the {n} of {} add up to {sum}",
                c.name
            );
            return Some(clue_step(
                b,
                Technique::SandwichSum,
                &c.name,
                &cells,
                elims,
                &what,
            ));
        }
    }
    None
}

/// The support of cells whose digits may repeat, `plus` of them counted up and the rest
/// down, adding up to `target` (a relaxation where they see each other: sound). `None`
/// when no filling exists.
fn signed_sum_support(masks: &[u64], plus: usize, target: i32) -> Option<Vec<u64>> {
    let len = masks.len();
    let top: i32 = masks.iter().map(|&m| 64 - m.leading_zeros() as i32).sum();
    let width = (2 * top + 1) as usize;
    let at = |s: i32| (s + top) as usize;
    let value = |i: usize, d: usize| {
        if i < plus {
            d as i32 + 1
        } else {
            -(d as i32 + 1)
        }
    };
    let mut fwd = vec![vec![false; width]; len + 1];
    fwd[0][at(0)] = true;
    for i in 0..len {
        for s in -top..=top {
            if fwd[i][at(s)] {
                for d in bits(masks[i]) {
                    let ns = s + value(i, d);
                    if (-top..=top).contains(&ns) {
                        fwd[i + 1][at(ns)] = true;
                    }
                }
            }
        }
    }
    if !(-top..=top).contains(&target) || !fwd[len][at(target)] {
        return None;
    }
    let mut back = vec![vec![false; width]; len + 1];
    back[len][at(target)] = true;
    let mut support = vec![0u64; len];
    for i in (0..len).rev() {
        for s in -top..=top {
            if !fwd[i][at(s)] {
                continue;
            }
            for d in bits(masks[i]) {
                let ns = s + value(i, d);
                if (-top..=top).contains(&ns) && back[i + 1][at(ns)] {
                    back[i][at(s)] = true;
                    support[i] |= 1 << d;
                }
            }
        }
    }
    Some(support)
}

/// The rule of 45: in a house (or 2 or 3 adjacent rows or columns), the cells outside the
/// cages inside it add up to the house's total less those cages' sums (innies); when every
/// innie lies in a cage crossing the house's edge, the cells of those cages outside it add up
/// to their sums less the innies' (outies).
pub(crate) fn rule_of_45(b: &Board) -> Option<Step> {
    let v = b.topo.variant.as_ref()?;
    let plan = v.regions45.get_or_init(|| plan_45(b));
    for r in plan {
        if let Some(innies) = &r.innies {
            let target = r.target;
            if let Some(support) = any_sum_support(b, innies, &|s| s == target) {
                let elims = removals(b, innies, &support);
                if !elims.is_empty() {
                    let what = format!(
                        "Rule of 45: in {}, the cells outside the cages inside it ({}) add up to {} - {} = {target}",
                        r.name,
                        names(b, innies),
                        r.total,
                        r.inside_sum
                    );
                    return Some(clue_step(
                        b,
                        Technique::RuleOf45,
                        &r.name,
                        innies,
                        elims,
                        &what,
                    ));
                }
            }
        }
        if let Some(io) = &r.both
            && let Some(step) = innies_and_outies(b, &r.name, io)
        {
            return Some(step);
        }
        if let Some((outies, cross_sum)) = &r.outies {
            let out_target = cross_sum - r.target;
            if let Some(support) = any_sum_support(b, outies, &|s| s == out_target) {
                let elims = removals(b, outies, &support);
                if !elims.is_empty() {
                    let what = format!(
                        "Rule of 45: the cells of the cages crossing the edge of {} outside it ({}) add up to {cross_sum} - {} = {out_target}",
                        r.name,
                        names(b, outies),
                        r.target
                    );
                    return Some(clue_step(
                        b,
                        Technique::RuleOf45,
                        &r.name,
                        outies,
                        elims,
                        &what,
                    ));
                }
            }
        }
    }
    None
}

/// The regions of the rule of 45 (every full house, then 2 and 3 adjacent rows and columns)
/// with innies, and what their cages make of each.
fn plan_45(b: &Board) -> Vec<Region45> {
    let t = &b.topo;
    let Some(v) = t.variant.as_ref() else {
        return Vec::new();
    };
    let cages: Vec<(Vec<usize>, u32)> = v
        .clues
        .cages()
        .filter_map(|(c, s)| Some((cells_of(c), s?)))
        .collect();
    let mut out = Vec::new();
    if cages.is_empty() {
        return out;
    }
    let n = t.n;
    let total = (n * (n + 1) / 2) as u32;
    let mut regions: Vec<(Vec<usize>, String, u32)> = (0..t.nfull())
        .map(|h| {
            (
                t.cells(h).iter().map(|&k| k as usize).collect(),
                t.house(h).to_string(),
                total,
            )
        })
        .collect();
    for width in 2..=3usize {
        for first in 0..=n - width {
            for kind in 0..2 {
                let cells: Vec<usize> = (first..first + width)
                    .flat_map(|l| t.houses[kind * n + l].iter().map(|&k| k as usize))
                    .collect();
                let word = if kind == 0 { "rows" } else { "columns" };
                regions.push((
                    cells,
                    format!("{word} {}-{}", first + 1, first + width),
                    total * width as u32,
                ));
            }
        }
    }
    let mut inside = vec![false; t.ncells];
    for (area, name, area_total) in regions {
        inside.iter_mut().for_each(|x| *x = false);
        for &k in &area {
            inside[k] = true;
        }
        let mut covered = vec![false; t.ncells];
        let (mut inside_sum, mut inner) = (0u32, 0);
        for (cells, s) in &cages {
            if cells.iter().all(|&k| inside[k]) {
                inside_sum += s;
                for &k in cells {
                    covered[k] = true;
                }
                inner += 1;
            }
        }
        if inside_sum > area_total {
            continue;
        }
        let innies: Vec<usize> = area.iter().copied().filter(|&k| !covered[k]).collect();
        if innies.is_empty() || inner == 0 {
            continue;
        }
        let target = area_total - inside_sum;
        let crossing: Vec<&(Vec<usize>, u32)> = cages
            .iter()
            .filter(|(cells, _)| {
                cells.iter().any(|&k| inside[k]) && cells.iter().any(|&k| !inside[k])
            })
            .collect();
        // innies and outies at once: each crossing cage on its smaller side
        let mut ins: Vec<usize> = innies
            .iter()
            .copied()
            .filter(|k| !crossing.iter().any(|(cells, _)| cells.contains(k)))
            .collect();
        let mut outs = Vec::new();
        let mut rest = target as i32;
        for (cells, sum) in &crossing {
            let (i, o): (Vec<usize>, Vec<usize>) = cells.iter().partition(|&&k| inside[k]);
            if i.len() <= o.len() {
                ins.extend(i);
            } else {
                outs.extend(o);
                rest -= *sum as i32;
            }
        }
        let both = (!ins.is_empty() && !outs.is_empty() && ins.len() + outs.len() <= 6)
            .then_some(Both { ins, outs, rest });
        let in_crossing = |k: usize| crossing.iter().any(|(cells, _)| cells.contains(&k));
        let cross_sum: u32 = crossing.iter().map(|c| c.1).sum();
        let outies: Vec<usize> = crossing
            .iter()
            .flat_map(|(cells, _)| cells.iter().copied().filter(|&k| !inside[k]))
            .collect();
        let outies = (!crossing.is_empty()
            && innies.iter().all(|&k| in_crossing(k))
            && cross_sum >= target
            && outies.len() <= 5)
            .then_some((outies, cross_sum));
        out.push(Region45 {
            name,
            total: area_total,
            inside_sum,
            target,
            innies: (innies.len() <= 5).then_some(innies),
            both,
            outies,
        });
    }
    out
}

/// Innies and outies at once on the board: the innies (in no cage, or in a crossing cage
/// mostly outside) counted up, the outies down, adding up to what is left.
fn innies_and_outies(b: &Board, name: &str, io: &Both) -> Option<Step> {
    let (ins, outs, rest) = (&io.ins, &io.outs, io.rest);
    let plus = ins.len();
    let cells: Vec<usize> = ins.iter().chain(outs).copied().collect();
    let masks: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
    let support = signed_sum_support(&masks, plus, rest)?;
    let elims = removals(b, &cells, &support);
    if elims.is_empty() {
        return None;
    }
    let diff = match rest {
        0 => String::new(),
        r if r > 0 => format!(" plus {r}"),
        r => format!(" minus {}", -r),
    };
    let what = format!(
        "Rule of 45: in {name}, the innies ({}: in no cage, or in a cage crossing its edge) add up to the outies ({}: the other crossing cages' cells outside it){diff}",
        names(b, ins),
        names(b, outs)
    );
    Some(clue_step(
        b,
        Technique::RuleOf45,
        name,
        &cells,
        elims,
        &what,
    ))
}

/// One part of a house for [`house_cages`]: its cells (positions in the house) and each set
/// of digits it may hold with the digits each of its cells then allows.
struct Part {
    cells: Vec<usize>,
    options: Vec<(u64, Vec<u64>)>,
}

/// Which options of each part some filling of the whole house uses: the parts' digits are
/// disjoint and, together, every digit of `full` (`None`: no filling). Partial unions are
/// kept by their set of digits (`2^n` flags; a set's size tells the part it follows).
fn parts_fill(parts: &[Part], full: u64) -> Option<Vec<Vec<bool>>> {
    let size = full as usize + 1;
    let mut reach = vec![false; size];
    let mut good = vec![false; size];
    let mut levels: Vec<Vec<u64>> = vec![vec![0]];
    reach[0] = true;
    for p in parts {
        let mut next = Vec::new();
        for &m in levels.last().expect("a level") {
            for &(d, _) in &p.options {
                let nm = m | d;
                if m & d == 0 && !reach[nm as usize] {
                    reach[nm as usize] = true;
                    next.push(nm);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        levels.push(next);
    }
    if !reach[full as usize] {
        return None;
    }
    good[full as usize] = true;
    let mut valid: Vec<Vec<bool>> = parts.iter().map(|p| vec![false; p.options.len()]).collect();
    for (i, p) in parts.iter().enumerate().rev() {
        for &m in &levels[i] {
            for (j, &(d, _)) in p.options.iter().enumerate() {
                if m & d == 0 && good[(m | d) as usize] {
                    valid[i][j] = true;
                    good[m as usize] = true;
                }
            }
        }
    }
    Some(valid)
}

/// Each cell's support (by position in the house) from the valid options of its parts.
fn parts_support(parts: &[Part], valid: &[Vec<bool>], len: usize) -> Vec<u64> {
    let mut support = vec![0u64; len];
    for (p, ok) in parts.iter().zip(valid) {
        for ((_, sup), &ok) in p.options.iter().zip(ok) {
            if ok {
                for (&c, &s) in p.cells.iter().zip(sup) {
                    support[c] |= s;
                }
            }
        }
    }
    support
}

/// The largest size whose houses [`house_cages`] fills as sets of digits (`2^n` flags).
const HOUSE_CAGES_MAX: usize = 12;

/// Cages in a house: the killer cages inside a full house and its other cells hold every
/// digit once between them, so each cage keeps only the sets of its sum that the rest of
/// the house can complete (the rule of 45 and every combination of the cages at once).
/// Only candidates the house alone (every digit once, the candidates) would keep are
/// removed: what a subset of the house removes is left to the subsets.
pub(crate) fn house_cages(b: &Board) -> Option<Step> {
    let t = &b.topo;
    let v = t.variant.as_ref()?;
    let n = t.n;
    if n > HOUSE_CAGES_MAX {
        return None;
    }
    let cages: Vec<(&Clue, u32)> = v.clues.cages().filter_map(|(c, s)| Some((c, s?))).collect();
    if cages.is_empty() {
        return None;
    }
    let full = t.shape.full_mask();
    let mut at = vec![usize::MAX; t.ncells];
    // a house's verdict depends on its cells' digits only: one that found nothing on the
    // same digits finds nothing again
    let mut kept = v.supports.lock().unwrap_or_else(|e| e.into_inner());
    let quiet = &mut kept.house_quiet;
    if quiet.len() < t.nfull() {
        quiet.resize(t.nfull(), Vec::new());
    }
    let mut key = Vec::new();
    for (h, quiet) in quiet.iter_mut().enumerate().take(t.nfull()) {
        let house: Vec<usize> = t.cells(h).iter().map(|&k| k as usize).collect();
        if house.iter().all(|&k| b.value[k] != 0) {
            continue;
        }
        key.clear();
        key.extend(house.iter().map(|&k| key_of(b, k)));
        if *quiet == key {
            continue;
        }
        for (i, &k) in house.iter().enumerate() {
            at[k] = i;
        }
        let inside: Vec<&(&Clue, u32)> = cages
            .iter()
            .filter(|(c, _)| c.cells.iter().all(|&k| at[k as usize] != usize::MAX))
            .collect();
        let single = |i: usize| Part {
            cells: vec![i],
            options: bits(eff(b, house[i]))
                .map(|d| (1 << d, vec![1 << d]))
                .collect(),
        };
        let mut in_cage = vec![false; house.len()];
        let mut parts = Vec::new();
        let mut broken = false;
        for (c, sum) in &inside {
            let cells = cells_of(c);
            if cells.iter().any(|&k| in_cage[at[k]]) {
                // cages that overlap: the first one only
                continue;
            }
            let masks: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
            let Some((_, finals)) = sum_fillings(masks.clone(), *sum) else {
                broken = true;
                break;
            };
            let mut options = Vec::new();
            for d in finals {
                let within: Vec<u64> = masks.iter().map(|&m| m & d).collect();
                if let Some((sup, _)) = clique_support(&within, None, &|m| m == d) {
                    options.push((d, sup));
                }
            }
            for &k in &cells {
                in_cage[at[k]] = true;
            }
            parts.push(Part {
                cells: cells.iter().map(|&k| at[k]).collect(),
                options,
            });
        }
        let mut elims = Vec::new();
        if !broken && !parts.is_empty() {
            parts.extend((0..house.len()).filter(|&i| !in_cage[i]).map(single));
            let with = parts_fill(&parts, full);
            let s1 = with.map(|v| parts_support(&parts, &v, house.len()));
            let gone = |i: usize| {
                let k = house[i];
                match &s1 {
                    Some(s1) if b.value[k] == 0 => b.cand[k] & !s1[i],
                    _ => 0,
                }
            };
            // the house alone (every digit once) only where the cages remove something
            if (0..house.len()).any(|i| gone(i) != 0) {
                let loose: Vec<Part> = (0..house.len()).map(single).collect();
                if let Some(without) = parts_fill(&loose, full) {
                    let s0 = parts_support(&loose, &without, house.len());
                    for (i, &k) in house.iter().enumerate() {
                        elims.extend(bits(gone(i) & s0[i]).map(|d| cand(b, k, d)));
                    }
                }
            }
        }
        for &k in &house {
            at[k] = usize::MAX;
        }
        if elims.is_empty() {
            quiet.clone_from(&key);
            continue;
        }
        let cage_names: Vec<String> = inside
            .iter()
            .map(|(c, s)| format!("{} ({s})", c.name))
            .collect();
        let what = format!(
            "Cages in a house: in {}, {} and the other cells hold every digit once",
            t.house(h),
            cage_names.join(", ")
        );
        let mut digits = 0u64;
        for e in &elims {
            digits |= 1 << (e.digit - 1);
        }
        let mut pattern = crate::basic::cells_pattern(b, &house, vec![t.house(h).into()], digits);
        pattern.areas = inside
            .iter()
            .map(|(c, _)| Area {
                name: c.name.clone(),
                cells: c.cells.iter().map(|&k| rc(b, k as usize)).collect(),
            })
            .collect();
        return Some(elimination(Technique::HouseCages, elims, pattern, &what));
    }
    drop(kept);
    cage_holds(b, &cages)
}

/// Cages in a house, the second kind: a digit of a full house whose places there all lie in
/// one killer cage is in that cage, so the cage keeps only the sets of its sum holding it.
fn cage_holds(b: &Board, cages: &[(&Clue, u32)]) -> Option<Step> {
    let t = &b.topo;
    let mut cage_of = vec![usize::MAX; t.ncells];
    for (i, (c, _)) in cages.iter().enumerate() {
        for &k in &c.cells {
            if cage_of[k as usize] == usize::MAX {
                cage_of[k as usize] = i;
            }
        }
    }
    // each cage's digits some house puts in it, with the first house and digit that did
    let mut held = vec![0u64; cages.len()];
    let mut why: Vec<Option<(usize, usize)>> = vec![None; cages.len()];
    for h in 0..t.nfull() {
        let house = t.cells(h);
        for d in bits(t.shape.full_mask() & !b.placed_in(h)) {
            let p = b.positions(h, d);
            if p == 0 {
                continue;
            }
            let first = cage_of[house[p.trailing_zeros() as usize] as usize];
            if first == usize::MAX || held[first] >> d & 1 != 0 {
                continue;
            }
            if bits(p).all(|i| cage_of[house[i] as usize] == first) {
                held[first] |= 1 << d;
                why[first].get_or_insert((h, d));
            }
        }
    }
    for (i, (c, sum)) in cages.iter().enumerate() {
        let need = held[i];
        if need == 0 {
            continue;
        }
        let cells = cells_of(c);
        let masks: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
        let sum = *sum;
        let Some((support, finals)) = clique_support(&masks, Some(sum), &|m| {
            mask_sum(m) == sum && m & need == need
        }) else {
            continue;
        };
        let elims = removals(b, &cells, &support);
        if elims.is_empty() {
            continue;
        }
        let (h, d) = why[i].expect("a house");
        let what = format!(
            "Cages in a house: {} in {} can only go in {}, so {} holds {{{}}}: it adds up to {sum} with the digits {}",
            d + 1,
            t.house(h),
            c.name,
            c.name,
            fmt_digits(need),
            combos_text(&finals)
        );
        return Some(clue_step(
            b,
            Technique::HouseCages,
            &c.name,
            &cells,
            elims,
            &what,
        ));
    }
    None
}

/// The support of one clue on the board (`None`: no filling), with its cells.
fn clue_support(b: &Board, c: &Clue) -> Option<(Vec<usize>, Vec<u64>)> {
    let cells = cells_of(c);
    let n = b.topo.n;
    let support = match &c.kind {
        ClueKind::Cage { sum: Some(s) } => cage_fillings(b, &cells, *s)?.0,
        ClueKind::Cage { sum: None } => return Some((cells, Vec::new())),
        ClueKind::Thermo => {
            let mut m: Vec<u64> = cells.iter().map(|&k| eff(b, k)).collect();
            for i in 1..m.len() {
                let lo = m[i - 1].trailing_zeros();
                m[i] &= if lo >= 63 { 0 } else { !((2u64 << lo) - 1) };
            }
            for i in (0..m.len().saturating_sub(1)).rev() {
                let hi = 63 - m[i + 1].leading_zeros().min(63);
                m[i] &= if m[i + 1] == 0 { 0 } else { (1u64 << hi) - 1 };
            }
            if m.contains(&0) {
                return None;
            }
            m
        }
        ClueKind::Pair { table, .. } => {
            let (sx, sy) = pair_support(b, table, cells[0], cells[1])?;
            vec![sx, sy]
        }
        ClueKind::Parity { even } => vec![parity_support(b, n, *even, cells[0])?],
        ClueKind::LittleKiller { sum } => any_sum_support(b, &cells, &|s| s == *sum)?,
        ClueKind::Arrow { .. } => arrow_support(b, c)?,
        ClueKind::Sandwich { .. } => sandwich_support(b, c)?,
    };
    Some((cells, support))
}

/// The support of a pair clue (`table[x]`: the digits the second cell allows when the first
/// is `x + 1`) on cells `x` and `y`, `None` when no pair of digits fits.
#[inline]
fn pair_support(b: &Board, table: &[u64], x: usize, y: usize) -> Option<(u64, u64)> {
    let sees = b.topo.sees(x, y);
    let (mx, my) = (eff(b, x), eff(b, y));
    let (mut sx, mut sy) = (0u64, 0u64);
    for dx in bits(mx) {
        let ys = my & table[dx] & if sees { !(1u64 << dx) } else { !0 };
        if ys != 0 {
            sx |= 1 << dx;
            sy |= ys;
        }
    }
    (sx != 0).then_some((sx, sy))
}

/// The support of a parity clue on cell `k` of a board of `n` digits.
#[inline]
fn parity_support(b: &Board, n: usize, even: bool, k: usize) -> Option<u64> {
    let keep = (0..n)
        .filter(|d| (d % 2 == 1) == even)
        .fold(0u64, |m, d| m | 1 << d);
    let m = eff(b, k) & keep;
    (m != 0).then_some(m)
}

/// What a clue's support was computed from: each cell's digits, a placed cell's with bit 63.
#[inline]
fn key_of(b: &Board, k: usize) -> u64 {
    match b.value[k] {
        0 => b.cand[k],
        v => 1 << (v - 1) | 1 << 63,
    }
}

/// The supports of one search: the topology's [`Supports`], locked while it runs.
struct Memo<'a> {
    cache: std::sync::MutexGuard<'a, Supports>,
    key: Vec<u64>,
    /// The support of a clue computed without the cache.
    direct: Vec<u64>,
    /// Whether trials' ends are kept ([`Ends`](crate::vcache::Ends): boards of up to [`ENDS_MAX_DIGITS`] digits).
    keeps: bool,
    /// The index of this search's board among [`Ends::boards`](crate::vcache::Ends::boards).
    start: u32,
    /// For each of [`Ends::boards`](crate::vcache::Ends::boards): whether it has every digit this search's board has.
    valid: Vec<bool>,
    /// This search's board: every cell's digits.
    base: Vec<u64>,
    /// Scratch: the digits kept ends allow each cell.
    bound: Vec<u64>,
    /// The clues on each cell (those with a rule: not the cages without a sum).
    cell_clues: Vec<Vec<u32>>,
    /// What [`Memo::settle`] has still to look at.
    work: Work,
    /// Scratch: a clue's support, the candidates before [`locked_sets`].
    sup: Vec<u64>,
    snap: Vec<u64>,
    /// Whether [`Memo::reference`] holds a trial's kept end closed under the locked sets.
    locked_reference: bool,
    reference: Vec<u64>,
}

/// The cells, houses and clues [`Memo::settle`] has still to look at, each with a flag.
#[derive(Default)]
struct Work {
    cells: Vec<u32>,
    cell_in: Vec<bool>,
    houses: Vec<u32>,
    house_in: Vec<bool>,
    clues: Vec<u32>,
    clue_in: Vec<bool>,
}

impl Work {
    /// Nothing queued, for `cells` cells, `houses` houses and `clues` clues.
    fn clear(&mut self, cells: usize, houses: usize, clues: usize) {
        for (list, flags, len) in [
            (&mut self.cells, &mut self.cell_in, cells),
            (&mut self.houses, &mut self.house_in, houses),
            (&mut self.clues, &mut self.clue_in, clues),
        ] {
            list.clear();
            flags.clear();
            flags.resize(len, false);
        }
    }
}

/// The deductions a trial may make before it stops (more than a board of up to 16 digits can
/// make: each removes a digit).
const TRIAL_BUDGET: usize = 10_000;

impl<'a> Memo<'a> {
    fn new(b: &'a Board) -> Option<Memo<'a>> {
        let v = b.topo.variant.as_ref()?;
        // a search that panicked while holding it left nothing half made: entries are
        // inserted whole
        let cache = v.supports.lock().unwrap_or_else(|e| e.into_inner());
        Some(Memo {
            cache,
            key: Vec::new(),
            direct: Vec::new(),
            keeps: false,
            start: 0,
            valid: Vec::new(),
            base: Vec::new(),
            bound: Vec::new(),
            cell_clues: Vec::new(),
            work: Work::default(),
            sup: Vec::new(),
            snap: Vec::new(),
            locked_reference: false,
            reference: Vec::new(),
        })
    }

    /// Starts the trials of a forcing-chain search on `b`: its board among the kept starts
    /// ([`Ends`](crate::vcache::Ends)), and which kept starts have every digit `b` has (their trials' ends bound
    /// the trials on `b`).
    fn begin(&mut self, b: &Board) {
        let t = &b.topo;
        self.keeps = t.n <= ENDS_MAX_DIGITS;
        if !self.keeps {
            return;
        }
        self.base.clear();
        self.base.extend((0..t.ncells).map(|q| eff(b, q)));
        self.cell_clues = vec![Vec::new(); t.ncells];
        for (i, c) in clues(b).iter().enumerate() {
            if !matches!(c.kind, ClueKind::Cage { sum: None }) {
                for &k in &c.cells {
                    self.cell_clues[k as usize].push(i as u32);
                }
            }
        }
        let e = &mut self.cache.ends;
        let size = t.ncells * t.n;
        if e.ends[0].len() != size || e.boards.len() >= ENDS_BOARDS {
            e.boards.clear();
            for m in &mut e.ends {
                m.clear();
                m.resize(size, (NO_END, Vec::new()));
            }
        }
        if e.boards.last() != Some(&self.base) {
            e.boards.push(self.base.clone());
        }
        self.start = (e.boards.len() - 1) as u32;
        let base = &self.base;
        self.valid.clear();
        self.valid.extend(
            e.boards
                .iter()
                .map(|old| old.iter().zip(base).all(|(&o, &now)| now & !o == 0)),
        );
    }

    /// Places `d` in cell `k` of `b` (made again in `trial`) and propagates ([`propagate_with`]):
    /// `trial` then holds the end (or where the board broke), as propagating from `b` alone
    /// would leave it. A kept trial of the candidate whose start had every digit of `b` bounds
    /// the end: propagation is monotone (a rule that applies on a board applies, or is
    /// implied by singles, on any board with fewer digits, and no rule removes a digit of a
    /// board closed under the rules that has no fewer digits), so the end is the largest
    /// board closed under the rules below the start, and a kept end `E` (with `plus`, the end
    /// without locked sets too) has every digit of this one. Hence: when `b` still has every
    /// digit of a kept end of the same mode, the end is that one, without propagating; else
    /// propagation starts from the start less the digits no kept end has, and when that
    /// breaks the board (then so does the start), again from the start, for the reason and
    /// the count of the contradiction as found from there.
    fn trial(
        &mut self,
        trial: &mut Board,
        b: &Board,
        (k, d): (usize, usize),
        plus: bool,
    ) -> Result<usize, String> {
        reset(trial, b);
        trial.place(k, d);
        if !self.keeps {
            return propagate_with(trial, TRIAL_BUDGET, self, plus);
        }
        let ncells = b.topo.ncells;
        let at = k * b.topo.n + d;
        let mode = usize::from(plus);
        // the board the end is compared with: a kept end (closed under the rules without
        // locked sets at least), the same mode's first
        let mut reference: Option<usize> = None;
        self.bound.clear();
        self.bound.resize(ncells, !0);
        let modes: &[usize] = if plus { &[1, 0] } else { &[0] };
        for &m in modes {
            let (from, end) = &self.cache.ends.ends[m][at];
            if *from == NO_END || !self.valid[*from as usize] {
                continue;
            }
            if m == mode && end.iter().zip(&self.base).all(|(&e, &now)| e & !now == 0) {
                // the end itself
                for (q, &e) in end.iter().enumerate() {
                    if trial.value[q] != 0 {
                        continue;
                    }
                    if e.count_ones() == 1 {
                        trial.value[q] = e.trailing_zeros() as u8 + 1;
                        trial.cand[q] = 0;
                        for &h in &b.topo.cell_houses[q] {
                            trial.empties[h as usize] -= 1;
                        }
                    } else {
                        trial.cand[q] = e;
                    }
                }
                return Ok(0);
            }
            for (x, &e) in self.bound.iter_mut().zip(end) {
                *x &= e;
            }
            reference.get_or_insert(m);
        }
        self.locked_reference = plus && reference == Some(1);
        if self.locked_reference {
            self.reference.clear();
            self.reference
                .extend_from_slice(&self.cache.ends.ends[1][at].1);
        }
        // the cells to look at: where the start differs from the reference (a board closed
        // under the rules, so every rule that applies reads one of them), or every cell
        self.work.clear(ncells, b.topo.nfull(), clues(b).len());
        for q in 0..ncells {
            if trial.value[q] == 0 {
                trial.cand[q] &= self.bound[q];
            }
            let fresh = match reference {
                None => true,
                Some(m) => {
                    (trial.value[q] == 0 && trial.cand[q].count_ones() < 2)
                        || eff(trial, q) != self.cache.ends.ends[m][at].1[q]
                }
            };
            if fresh {
                self.mark(b, q);
            }
        }
        if self.settle(trial, plus) {
            self.keep(trial, at, mode);
            return Ok(0);
        }
        // broken: again from the start, for the reason and the count as propagation finds them
        reset(trial, b);
        trial.place(k, d);
        propagate_with(trial, TRIAL_BUDGET, self, plus)
    }

    /// The full houses (a bit each) holding a cell whose digits differ from the kept end of
    /// this trial closed under the locked sets too (`None`: no such end, or too many houses).
    fn changed_houses(&self, b: &Board) -> Option<u64> {
        let t = &b.topo;
        if !self.locked_reference || t.nfull() > 64 {
            return None;
        }
        let mut m = 0u64;
        for (q, &r) in self.reference.iter().enumerate() {
            if eff(b, q) != r {
                for &h in &t.cell_houses[q] {
                    m |= 1 << h;
                }
                for &(h, _) in &t.extra_of[q] {
                    m |= 1 << h;
                }
            }
        }
        Some(m)
    }

    /// Queues cell `k`, its full houses and its clues for [`Memo::settle`].
    fn mark(&mut self, b: &Board, k: usize) {
        let t = &b.topo;
        let w = &mut self.work;
        if !w.cell_in[k] {
            w.cell_in[k] = true;
            w.cells.push(k as u32);
        }
        let houses = t.cell_houses[k]
            .iter()
            .copied()
            .chain(t.extra_of[k].iter().map(|x| x.0));
        for h in houses {
            if !w.house_in[h as usize] {
                w.house_in[h as usize] = true;
                w.houses.push(h as u32);
            }
        }
        for &i in &self.cell_clues[k] {
            if !w.clue_in[i as usize] {
                w.clue_in[i as usize] = true;
                w.clues.push(i);
            }
        }
    }

    /// Places `d` in cell `k`, queueing it and the peers that lose `d`.
    fn place(&mut self, b: &mut Board, k: usize, d: usize) {
        let topo = b.topo.clone();
        for &p in &topo.peers[k] {
            if b.cand[p as usize] >> d & 1 != 0 {
                self.mark(b, p as usize);
            }
        }
        b.place(k, d);
        self.mark(b, k);
    }

    /// The rules of [`propagate_with`] applied where the queued cells, houses and clues
    /// changed, until none is left (and, with `plus`, [`locked_sets`] finds nothing): `false`
    /// when the board breaks. Every rule that applies on the board reads a queued cell or is
    /// a locked set, so it ends on a board closed under the rules: the end propagation
    /// makes, which is the largest such board below the start ([`Memo::trial`]).
    fn settle(&mut self, b: &mut Board, plus: bool) -> bool {
        let t = b.topo.clone();
        let all: &[Clue] = match &t.variant {
            Some(v) => &v.clues.clues,
            None => &[],
        };
        let full = t.shape.full_mask();
        loop {
            while !(self.work.cells.is_empty()
                && self.work.houses.is_empty()
                && self.work.clues.is_empty())
            {
                while let Some(k) = self.work.cells.pop() {
                    let k = k as usize;
                    self.work.cell_in[k] = false;
                    if b.value[k] == 0 {
                        match b.cand[k].count_ones() {
                            0 => return false,
                            1 => self.place(b, k, b.cand[k].trailing_zeros() as usize),
                            _ => {}
                        }
                    }
                }
                while let Some(h) = self.work.houses.pop() {
                    let h = h as usize;
                    self.work.house_in[h] = false;
                    let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
                    for &k in t.cells(h) {
                        let k = k as usize;
                        let c = b.cand[k];
                        twice |= once & c;
                        once |= c;
                        if b.value[k] != 0 {
                            placed |= 1 << (b.value[k] - 1);
                        }
                    }
                    if (full & !placed) & !twice == 0 {
                        continue;
                    }
                    for d in bits(full & !placed) {
                        let p = b.positions(h, d);
                        match p.count_ones() {
                            0 => return false,
                            1 => {
                                let k = t.cells(h)[p.trailing_zeros() as usize] as usize;
                                if b.value[k] == 0 {
                                    self.place(b, k, d);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                while let Some(i) = self.work.clues.pop() {
                    let i = i as usize;
                    self.work.clue_in[i] = false;
                    let c = &all[i];
                    let mut support = std::mem::take(&mut self.sup);
                    support.clear();
                    match &c.kind {
                        ClueKind::Pair { table, .. } => {
                            let (x, y) = (c.cells[0] as usize, c.cells[1] as usize);
                            let Some((sx, sy)) = pair_support(b, table, x, y) else {
                                return false;
                            };
                            support.extend([sx, sy]);
                        }
                        ClueKind::Parity { even } => {
                            let Some(m) = parity_support(b, t.n, *even, c.cells[0] as usize) else {
                                return false;
                            };
                            support.push(m);
                        }
                        _ => match self.support(b, i, c) {
                            Some(x) => support.extend_from_slice(x),
                            None => return false,
                        },
                    }
                    for (&k, &s) in c.cells.iter().zip(&support) {
                        let k = k as usize;
                        if b.value[k] == 0 && b.cand[k] & !s != 0 {
                            b.cand[k] &= s;
                            self.mark(b, k);
                        }
                        if b.value[k] != 0 && s >> (b.value[k] - 1) & 1 == 0 {
                            return false;
                        }
                    }
                    self.sup = support;
                }
            }
            if !plus {
                return true;
            }
            self.snap.clear();
            self.snap.extend_from_slice(&b.cand);
            let only = self.changed_houses(b);
            if !locked_sets(b, only) {
                return true;
            }
            for q in 0..t.ncells {
                if b.cand[q] != self.snap[q] {
                    self.mark(b, q);
                }
            }
        }
    }

    /// Keeps the end of the trial of candidate `at` in `mode`, started from this search's board.
    fn keep(&mut self, trial: &Board, at: usize, mode: usize) {
        let slot = &mut self.cache.ends.ends[mode][at];
        slot.0 = self.start;
        slot.1.clear();
        slot.1.extend((0..trial.topo.ncells).map(|q| eff(trial, q)));
    }

    /// The support of clue `i` (`c`) on `b` (`None`: no filling), computed or remembered.
    fn support(&mut self, b: &Board, i: usize, c: &Clue) -> Option<&[u64]> {
        if matches!(c.kind, ClueKind::Pair { .. } | ClueKind::Parity { .. }) {
            // cheaper made than looked up
            self.direct = clue_support(b, c)?.1;
            return Some(&self.direct);
        }
        self.key.clear();
        let mut h = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for &k in &c.cells {
            let x = key_of(b, k as usize);
            self.key.push(x);
            h = (h.rotate_left(23) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        let hit = self
            .cache
            .map
            .get(&h)
            .is_some_and(|e| e.0 == i as u32 && e.1 == self.key);
        if !hit {
            if self.cache.map.len() >= SUPPORTS_CAP {
                self.cache.map.clear();
            }
            let support = clue_support(b, c).map(|x| x.1);
            self.cache
                .map
                .insert(h, (i as u32, self.key.clone(), support));
        }
        self.cache.map.get(&h).and_then(|e| e.2.as_deref())
    }
}

/// The rules the classic dynamic forcing chains (+) apply inside their runs, on a board
/// where singles and the clues found nothing more: pointing and claiming (regions against
/// rows and columns), naked and hidden pairs in every full house, X-wings on rows and
/// columns. Each applies as soon as its places or candidates fit (a run's version asks more:
/// two places at least, a change since the run began), so a board it leaves unchanged is
/// closed under the runs' rules too. `true` when a candidate went.
///
/// `only`, when given, the full houses (a bit each) whose rules may apply: the others are
/// skipped (the rules reading a house none of whose cells changed since a board closed under
/// them change nothing).
fn locked_sets(b: &mut Board, only: Option<u64>) -> bool {
    let t = b.topo.clone();
    let n = t.n;
    let looks = |h: usize| only.is_none_or(|m| m >> h & 1 != 0);
    let mut changed = false;
    // pointing and claiming: the places of a digit in a house within one house of the other
    // kind leave the rest of that house. Houses one after the other, each digit's places
    // taken when its house comes: a digit's places change only by its own eliminations,
    // which come in the same order as digit by digit, house by house
    let mut pos = [0u64; 64];
    for h in 0..3 * n {
        if !looks(h) {
            continue;
        }
        let cells = &t.houses[h];
        pos[..n].iter_mut().for_each(|p| *p = 0);
        for (i, &k) in cells.iter().enumerate() {
            for d in bits(b.cand[k as usize]) {
                pos[d] |= 1 << i;
            }
        }
        // a region's places in one row or column, a line's in one region
        let kinds: &[usize] = if h >= 2 * n { &[0, 1] } else { &[2] };
        for (d, &p) in pos[..n].iter().enumerate() {
            if p == 0 {
                continue;
            }
            for &kind in kinds {
                let other = t.cell_houses[cells[p.trailing_zeros() as usize] as usize][kind];
                if bits(p).any(|i| t.cell_houses[cells[i] as usize][kind] != other) {
                    continue;
                }
                for &k in &t.houses[other as usize] {
                    let k = k as usize;
                    if t.cell_houses[k][h / n] as usize != h && b.cand[k] >> d & 1 != 0 {
                        b.cand[k] &= !(1 << d);
                        changed = true;
                    }
                }
            }
        }
    }
    for h in 0..t.nfull() {
        if !looks(h) {
            continue;
        }
        let cells = t.cells(h);
        // naked pairs: two cells with the same two candidates
        for (i, &x) in cells.iter().enumerate() {
            let mx = b.cand[x as usize];
            if mx.count_ones() != 2 {
                continue;
            }
            for &y in &cells[i + 1..] {
                if b.cand[y as usize] != mx {
                    continue;
                }
                for &k in cells {
                    if k != x && k != y && b.cand[k as usize] & mx != 0 {
                        b.cand[k as usize] &= !mx;
                        changed = true;
                    }
                }
            }
        }
        // hidden pairs: two digits with the same two places
        pos[..n].iter_mut().for_each(|p| *p = 0);
        for (i, &k) in cells.iter().enumerate() {
            for d in bits(b.cand[k as usize]) {
                pos[d] |= 1 << i;
            }
        }
        for a in 0..n {
            if pos[a].count_ones() != 2 {
                continue;
            }
            for bd in a + 1..n {
                if pos[bd] != pos[a] {
                    continue;
                }
                let keep = 1u64 << a | 1 << bd;
                for i in bits(pos[a]) {
                    let k = cells[i] as usize;
                    if b.cand[k] & !keep != 0 {
                        b.cand[k] &= keep;
                        changed = true;
                    }
                }
            }
        }
    }
    // X-wings: a digit in two rows (columns) on the same two columns (rows)
    if n > 16 {
        return x_wings(b, changed, &looks, &mut FromBoard);
    }
    // (the places of every digit on every row and column, kept as eliminations come)
    let mut lines = LinePlaces([[0u64; 16]; 32]);
    for k in 0..t.ncells {
        let [r, c, _] = t.cell_houses[k];
        let [pr, pc, _] = t.cell_pos[k];
        for d in bits(b.cand[k]) {
            lines.0[r as usize][d] |= 1 << pr;
            lines.0[c as usize][d] |= 1 << pc;
        }
    }
    x_wings(b, changed, &looks, &mut lines)
}

/// Where [`x_wings`] reads the places of a digit in a row or column.
trait Places {
    /// The places of 0-based digit `d` in line `h` (rows, then columns), a mask over the
    /// line's positions.
    fn places(&self, b: &Board, h: usize, d: usize) -> u64;
    /// Digit `d` was just taken from cell `k`.
    fn removed(&mut self, t: &Topology, k: usize, d: usize);
}

/// Every digit's places on every row and column of a board of up to 16 digits, kept as
/// eliminations come.
struct LinePlaces([[u64; 16]; 32]);

impl Places for LinePlaces {
    #[inline]
    fn places(&self, _: &Board, h: usize, d: usize) -> u64 {
        self.0[h][d]
    }
    #[inline]
    fn removed(&mut self, t: &Topology, k: usize, d: usize) {
        let [r, c, _] = t.cell_houses[k];
        let [pr, pc, _] = t.cell_pos[k];
        self.0[r as usize][d] &= !(1 << pr);
        self.0[c as usize][d] &= !(1 << pc);
    }
}

/// The places read from the board each time (boards of more than 16 digits).
struct FromBoard;

impl Places for FromBoard {
    #[inline]
    fn places(&self, b: &Board, h: usize, d: usize) -> u64 {
        b.positions(h, d)
    }
    #[inline]
    fn removed(&mut self, _: &Topology, _: usize, _: usize) {}
}

/// The X-wings of [`locked_sets`]: a digit in two rows (columns) on the same two columns
/// (rows), with `places` telling where each digit stands on each line.
fn x_wings(
    b: &mut Board,
    mut changed: bool,
    looks: &dyn Fn(usize) -> bool,
    places: &mut impl Places,
) -> bool {
    let t = b.topo.clone();
    let n = t.n;
    let mut pos = [0u64; 64];
    for d in 0..n {
        for base in [0usize, n] {
            let cover = n - base;
            for (l, p) in pos[..n].iter_mut().enumerate() {
                *p = places.places(b, base + l, d);
            }
            for l1 in 0..n {
                if pos[l1].count_ones() != 2 {
                    continue;
                }
                for l2 in l1 + 1..n {
                    if pos[l2] != pos[l1] || !(looks(base + l1) || looks(base + l2)) {
                        continue;
                    }
                    for c in bits(pos[l1]) {
                        for (i, &k) in t.houses[cover + c].iter().enumerate() {
                            let k = k as usize;
                            if i != l1 && i != l2 && b.cand[k] >> d & 1 != 0 {
                                b.cand[k] &= !(1 << d);
                                changed = true;
                                places.removed(&t, k, d);
                            }
                        }
                    }
                }
            }
        }
    }
    changed
}

/// Singles and every clue's support to a fixpoint (supports from `memo` where the digits
/// are the same), with `plus` the [`locked_sets`] too: `Err` with the reason when the board
/// breaks, else the number of deductions made.
fn propagate_with(
    b: &mut Board,
    budget: usize,
    memo: &mut Memo,
    plus: bool,
) -> Result<usize, String> {
    let t = b.topo.clone();
    let all: &[Clue] = match &t.variant {
        Some(v) => &v.clues.clues,
        None => &[],
    };
    let mut made = 0;
    loop {
        if made > budget {
            return Ok(made);
        }
        let mut changed = false;
        for k in 0..t.ncells {
            if b.value[k] == 0 {
                match b.cand[k].count_ones() {
                    0 => return Err(format!("{} has no candidate left", t.name(k))),
                    1 => {
                        b.place(k, b.cand[k].trailing_zeros() as usize);
                        made += 1;
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        for h in 0..t.nfull() {
            // the digits with one place or none, from the candidates in one pass: a house
            // with neither is left as it is
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &k in t.cells(h) {
                let k = k as usize;
                let c = b.cand[k];
                twice |= once & c;
                once |= c;
                if b.value[k] != 0 {
                    placed |= 1 << (b.value[k] - 1);
                }
            }
            if (t.shape.full_mask() & !placed) & !twice == 0 {
                continue;
            }
            for d in bits(t.shape.full_mask() & !placed) {
                let p = b.positions(h, d);
                match p.count_ones() {
                    0 => return Err(format!("{} has no place for {}", t.house(h), d + 1)),
                    1 => {
                        let k = t.cells(h)[p.trailing_zeros() as usize] as usize;
                        if b.value[k] == 0 {
                            b.place(k, d);
                            made += 1;
                            changed = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        for (i, c) in all.iter().enumerate() {
            if matches!(c.kind, ClueKind::Cage { sum: None }) {
                continue;
            }
            // pairs and parities made in place (no allocation), the others from `memo`
            let small: [u64; 2];
            let support: &[u64] = match &c.kind {
                ClueKind::Pair { table, .. } => {
                    let (x, y) = (c.cells[0] as usize, c.cells[1] as usize);
                    let Some((sx, sy)) = pair_support(b, table, x, y) else {
                        return Err(format!("{} cannot be satisfied", c.name));
                    };
                    small = [sx, sy];
                    &small
                }
                ClueKind::Parity { even } => {
                    let Some(m) = parity_support(b, t.n, *even, c.cells[0] as usize) else {
                        return Err(format!("{} cannot be satisfied", c.name));
                    };
                    small = [m, 0];
                    &small[..1]
                }
                _ => match memo.support(b, i, c) {
                    Some(support) => support,
                    None => return Err(format!("{} cannot be satisfied", c.name)),
                },
            };
            for (&k, &s) in c.cells.iter().zip(support) {
                let k = k as usize;
                if b.value[k] == 0 && b.cand[k] & !s != 0 {
                    b.cand[k] &= s;
                    made += 1;
                    changed = true;
                }
                if b.value[k] != 0 && s >> (b.value[k] - 1) & 1 == 0 {
                    return Err(format!("{} cannot be satisfied", c.name));
                }
            }
        }
        if !changed {
            if plus && locked_sets(b, None) {
                made += 1;
                continue;
            }
            return Ok(made);
        }
    }
}

/// `trial` made `b` again (the same topology), without allocating.
fn reset(trial: &mut Board, b: &Board) {
    trial.cand.copy_from_slice(&b.cand);
    trial.value.copy_from_slice(&b.value);
    trial.empties.copy_from_slice(&b.empties);
}

/// The cells `trial` has filled that `b` has not.
fn placed(trial: &Board, b: &Board) -> usize {
    trial
        .value
        .iter()
        .zip(&b.value)
        .filter(|(a, x)| a != x)
        .count()
}

/// What placing `d` in cell `k` of `b` leads to through singles and the clues: the digits it
/// places and every cell's candidates, from `ends` when a trial already made it (and kept
/// there). A branch that breaks the board was a contradiction, found before this is asked.
fn end_of(
    ends: &mut [Option<(usize, Vec<u64>)>],
    trial: &mut Board,
    memo: &mut Memo,
    b: &Board,
    (k, d): (usize, usize),
    plus: bool,
) -> (usize, Vec<u64>) {
    let at = k * b.topo.n + d;
    if let Some(end) = &ends[at] {
        return end.clone();
    }
    let _ = memo.trial(trial, b, (k, d), plus);
    let end = (
        placed(trial, b),
        (0..b.topo.ncells)
            .map(|q| eff(trial, q))
            .collect::<Vec<_>>(),
    );
    ends[at] = Some(end.clone());
    end
}

/// The candidates of the empty cells of `b` (but `skip`) that no branch keeps: `kept` holds,
/// for every cell, the digits some branch leaves it.
fn unkept(b: &Board, kept: &[u64], skip: Option<usize>) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (q, &keep) in kept.iter().enumerate() {
        if Some(q) != skip && b.value[q] == 0 {
            out.extend(bits(b.cand[q] & !keep).map(|d| cand(b, q, d)));
        }
    }
    out
}

/// Whether [`forcing`] finding nothing on `b` proves the classic Nishio, cell and region
/// forcing chains (static) and dynamic forcing chains (8.5) find nothing either: a board with
/// clues up to 16x16, where it tries every candidate, every cell and every place of a digit
/// in a full house, through singles (every implication of those chains, the pair rules'
/// links included) and more.
///
/// For the dynamic chains: propagation ends, for a branch that does not break the board, on
/// a board closed under those chains' rules (a peer of a placed digit loses it, the pair
/// rules' partners too, a cell or a full house with one place left gets the digit), so every
/// `on` and `off` a chain derives from the branch's assumption holds there, and a chain's
/// contradiction breaks the board. A candidate said `off` is implied by placing any other
/// candidate of its cell (monotone propagation): a contradiction from it would have made
/// those placements contradictions; a double forcing chain (`on` and `off` both imply `x`)
/// is then a cell forcing chain over that cell; cell and region forcing chains (rows,
/// columns, regions and the other full houses) are tried as such.
pub(crate) fn dominates_chains(b: &Board) -> bool {
    !clues(b).is_empty() && b.topo.n <= 16
}

/// Forcing chains through a variant's clues: a candidate whose placement, followed by
/// singles and the clues' supports, breaks the board is false. Cells with fewest candidates
/// first; then cell and region forcing chains; only on puzzles with clues (cages, thermometers, arrows, dots...), where the chains
/// of the classic ladder do not see the clues.
pub(crate) fn forcing(b: &Board, deadline: Option<dlx_time::Instant>) -> Option<Step> {
    forcing_with(b, deadline, false)
}

/// [`forcing`] with the rules of the classic dynamic forcing chains (+) inside the
/// propagation ([`locked_sets`]: pointing, claiming, naked and hidden pairs, X-wings), rated
/// from 9.0 as those (every kind alike). Where it finds nothing, so do they (the argument of
/// [`dominates_chains`], the runs' rules inside included), so the solver skips them.
pub(crate) fn forcing_plus(b: &Board, deadline: Option<dlx_time::Instant>) -> Option<Step> {
    forcing_with(b, deadline, true)
}

fn forcing_with(b: &Board, deadline: Option<dlx_time::Instant>, plus: bool) -> Option<Step> {
    let t = &b.topo;
    if clues(b).is_empty() {
        return None;
    }
    let mut order: Vec<usize> = (0..t.ncells).filter(|&k| b.value[k] == 0).collect();
    order.sort_by_key(|&k| b.cand[k].count_ones());
    let technique = if plus {
        Technique::VariantForcingChainPlus
    } else {
        Technique::VariantForcingChain
    };
    // cell and region forcing chains: 0.5 more than contradictions, as the static ones; with
    // the rules inside, every kind at the base, as the dynamic ones
    let multiple = if plus { 0 } else { 5 };
    let rules = if plus {
        "singles, the clues and locked sets"
    } else {
        "singles and the clues"
    };
    let title = technique.title();
    let mut memo = Memo::new(b)?;
    memo.begin(b);
    let mut trial = b.clone();
    let n = t.n;
    // Candidates known not to break the board: each digit a trial that did not break it
    // placed. Propagation is monotone, so placing such a digit alone leads to a board with
    // at least the candidates of that trial's end, which is not broken either.
    let mut safe = vec![0u64; t.ncells];
    // The end of each trial (digits placed, every cell's digits) of a cell of up to 3
    // candidates, for the cell forcing chains below, and of every cell when the region
    // forcing chains may use it (up to 16x16: it keeps a board a candidate). Up to 16x16 the
    // cell and region forcing chains take every cell and every place of a digit: with the
    // contradictions, they find whatever the classic Nishio and static cell and region
    // forcing chains would (whose implications are singles, which propagation makes too),
    // so the solver skips those on such boards ([`dominates_chains`]), and the dynamic
    // forcing chains too.
    let region_forcing = n <= 16;
    let mut ends: Vec<Option<(usize, Vec<u64>)>> = vec![None; t.ncells * n];
    // contradictions: one candidate breaks the board
    for (i, &k) in order.iter().enumerate() {
        if i % 8 == 0 && deadline.is_some_and(|d| dlx_time::Instant::now() >= d) {
            return None;
        }
        for d in bits(b.cand[k] & !safe[k]) {
            let result = memo.trial(&mut trial, b, (k, d), plus);
            if let Ok(made) = result
                && made <= TRIAL_BUDGET
            {
                for ((s, &was), &now) in safe.iter_mut().zip(&b.value).zip(&trial.value) {
                    if was == 0 && now != 0 {
                        *s |= 1 << (now - 1);
                    }
                }
                if b.cand[k].count_ones() <= 3 || region_forcing {
                    ends[k * n + d] = Some((
                        placed(&trial, b),
                        (0..t.ncells).map(|q| eff(&trial, q)).collect(),
                    ));
                }
            }
            if let Err(why) = result {
                let c = cand(b, k, d);
                let made = 1 + placed(&trial, b);
                let rating =
                    f64::from(technique.base_tenths() + crate::step::length_increment(made)) / 10.0;
                let pattern = Pattern {
                    cells: vec![rc(b, k)],
                    digits: vec![c.digit],
                    candidates: vec![c],
                    ..Default::default()
                };
                let text = format!(
                    "{title}: if {} were {}, {rules} would place {} more digit{} and then {why}: {} from {}",
                    t.name(k),
                    d + 1,
                    made - 1,
                    if made == 2 { "" } else { "s" },
                    d + 1,
                    t.name(k)
                );
                return Some(Step {
                    technique,
                    rating,
                    chain: Some(crate::step::ChainKind::Contradiction),
                    placements: vec![],
                    eliminations: vec![c],
                    pattern,
                    text,
                });
            }
        }
    }
    // cells: what every candidate of a cell leads to (0.5 more)
    for (i, &k) in order.iter().enumerate() {
        if i % 4 == 0 && deadline.is_some_and(|d| dlx_time::Instant::now() >= d) {
            return None;
        }
        if b.cand[k].count_ones() > 3 && !region_forcing {
            break;
        }
        let mut common: Option<Vec<u64>> = None;
        let mut made = 0;
        for d in bits(b.cand[k]) {
            let (placed, now) = end_of(&mut ends, &mut trial, &mut memo, b, (k, d), plus);
            made += placed;
            common = Some(match common {
                None => now,
                Some(c) => c.iter().zip(&now).map(|(a, x)| a | x).collect(),
            });
        }
        let common = common?;
        let elims = unkept(b, &common, Some(k));
        if elims.is_empty() {
            continue;
        }
        let rating =
            f64::from(technique.base_tenths() + multiple + crate::step::length_increment(made))
                / 10.0;
        let pattern = Pattern {
            cells: vec![rc(b, k)],
            candidates: bits(b.cand[k]).map(|d| cand(b, k, d)).collect(),
            ..Default::default()
        };
        let what = format!(
            "Cell f{}: each candidate of {} ({{{}}}), followed by {rules}, removes the same candidates",
            &title[1..],
            t.name(k),
            fmt_digits(b.cand[k])
        );
        let mut step = elimination(technique, elims, pattern, &what);
        step.rating = rating;
        step.chain = Some(crate::step::ChainKind::Cell);
        return Some(step);
    }
    if !region_forcing {
        return None;
    }
    // regions: what every place of a digit in a full house leads to (0.5 more, as cells)
    for h in 0..t.nfull() {
        if deadline.is_some_and(|d| dlx_time::Instant::now() >= d) {
            return None;
        }
        let placed_in = b.placed_in(h);
        for d in bits(t.shape.full_mask() & !placed_in) {
            let places: Vec<usize> = t
                .cells(h)
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| b.cand[k] >> d & 1 != 0)
                .collect();
            if places.len() < 2 {
                continue;
            }
            let mut common: Option<Vec<u64>> = None;
            let mut made = 0;
            for &k in &places {
                let (placed, now) = end_of(&mut ends, &mut trial, &mut memo, b, (k, d), plus);
                made += placed;
                common = Some(match common {
                    None => now,
                    Some(c) => c.iter().zip(&now).map(|(a, x)| a | x).collect(),
                });
            }
            let Some(common) = common else { continue };
            let elims = unkept(b, &common, None);
            if elims.is_empty() {
                continue;
            }
            let rating =
                f64::from(technique.base_tenths() + multiple + crate::step::length_increment(made))
                    / 10.0;
            let pattern = crate::basic::cells_pattern(b, &places, vec![t.house(h).into()], 1 << d);
            let what = format!(
                "Region f{}: each place of {} in {} ({}), followed by {rules}, removes the same candidates",
                &title[1..],
                d + 1,
                t.house(h),
                names(b, &places)
            );
            let mut step = elimination(technique, elims, pattern, &what);
            step.rating = rating;
            step.chain = Some(crate::step::ChainKind::Region);
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cage_support_keeps_the_digits_of_some_filling() {
        // two cells, sum 3: {1, 2} only
        let full = 0x1ff;
        let (sup, finals) = clique_support(&[full, full], Some(3), &|m| mask_sum(m) == 3).unwrap();
        assert_eq!(sup, vec![0b11, 0b11]);
        assert_eq!(finals, vec![0b11]);
        // three cells, sum 24 = 7 + 8 + 9; one cell cannot be 9
        let (sup, _) = clique_support(&[full & !(1 << 8), full, full], Some(24), &|m| {
            mask_sum(m) == 24
        })
        .unwrap();
        assert_eq!(sup[0], 0b0_1100_0000); // 7 or 8
        assert_eq!(sup[1], 0b1_1100_0000);
        assert!(clique_support(&[1, 1], None, &|_| true).is_none());
    }

    #[test]
    fn both_clique_supports_agree() {
        // a small deterministic generator: masks of up to 9 digits, sums of every size
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2000 {
            let len = 1 + (next() % 6) as usize;
            let masks: Vec<u64> = (0..len).map(|_| next() & 0x1ff).collect();
            let target = (next() % 40) as u32;
            let all = masks.iter().fold(0, |a, &m| a | m);
            if all == 0 {
                continue;
            }
            let top = 64 - all.leading_zeros() as usize;
            let accept = |m: u64| mask_sum(m) == target;
            let small = small_clique_support(&masks, top, &accept);
            let sparse = sparse_clique_support(&masks, top, Some(target), &accept);
            assert_eq!(small, sparse, "{masks:?} {target}");
            let any = |m: u64| m.count_ones() % 2 == 1 || m & 1 != 0;
            assert_eq!(
                small_clique_support(&masks, top, &any),
                sparse_clique_support(&masks, top, None, &any),
                "{masks:?}"
            );
        }
    }

    #[test]
    fn signed_sums_count_the_outies_down() {
        let full = 0x1ff;
        // a - b = 8: a is 9, b is 1
        assert_eq!(
            signed_sum_support(&[full, full], 1, 8),
            Some(vec![1 << 8, 1])
        );
        // a + b - c = 17 with c at least 1: a and b are 9, c is 1 (digits may repeat)
        assert_eq!(
            signed_sum_support(&[full, full, full], 2, 17),
            Some(vec![1 << 8, 1 << 8, 1])
        );
        assert_eq!(signed_sum_support(&[0b1, 0b1], 1, 3), None);
    }

    #[test]
    fn parts_of_a_house_keep_the_sets_the_rest_completes() {
        // a house of 4 digits: a cage of two cells adding up to 5 ({1,4} or {2,3}), and two
        // free cells, one of which holds 1 or 2, the other 1 or 4
        let cage = Part {
            cells: vec![0, 1],
            options: vec![
                (0b1001, vec![0b1001, 0b1001]),
                (0b0110, vec![0b0110, 0b0110]),
            ],
        };
        let single = |i: usize, m: u64| Part {
            cells: vec![i],
            options: bits(m).map(|d| (1 << d, vec![1 << d])).collect(),
        };
        let parts = [cage, single(2, 0b0011), single(3, 0b1001)];
        let valid = parts_fill(&parts, 0b1111).expect("a filling");
        // the cage must be {2,3}: then the free cells are 1 and 4
        assert_eq!(valid[0], vec![false, true]);
        assert_eq!(
            parts_support(&parts, &valid, 4),
            vec![0b0110, 0b0110, 0b0001, 0b1000]
        );
        assert!(parts_fill(&[single(0, 1), single(1, 1)], 0b11).is_none());
    }

    /// A board of a 4x4 killer with one cage, r1c1 r2c1 adding up to 5 ({1,4} or {2,3}).
    fn small_killer() -> Board {
        let puzzle = dlx_variants::parse("size 4\ncage 5 r1c1 r2c1\n").expect("a killer");
        let shape = dlx_sudoku::Shape::new(2, 2).expect("a shape");
        let topo = Topology::for_rules(puzzle.rules(), shape);
        Board::on(std::sync::Arc::new(topo), &[0; 16])
    }

    #[test]
    fn a_digit_a_house_puts_in_a_cage_picks_its_sets() {
        let mut b = small_killer();
        assert!(house_cages(&b).is_none());
        // 4 in row 1 only in r1c1: the cage holds 4, so it is {1,4}
        // (and r2c2 not 1, so that box 1 alone shows nothing)
        for k in 1..4 {
            b.cand[k] &= !(1 << 3);
        }
        b.cand[5] &= !1;
        let s = house_cages(&b).expect("a step");
        assert!(
            s.text.contains("4 in row 1 can only go in killer cage 1"),
            "{}",
            s.text
        );
        let gone: Vec<String> = s.eliminations.iter().map(|c| c.to_string()).collect();
        assert_eq!(gone, ["r1c1=2", "r1c1=3", "r2c1=2", "r2c1=3"]);
    }

    #[test]
    fn the_cages_inside_a_house_and_its_other_cells_share_its_digits() {
        let mut b = small_killer();
        // column 1: the cage (r1c1 r2c1), r3c1 (1, 2 or 4) and r4c1 (1, 3 or 4): the
        // cage's {1,4} leaves them {2,3}, its {2,3} leaves them {1,4}; both can be
        b.cand[8] = 0b1011;
        b.cand[12] = 0b1101;
        assert!(house_cages(&b).is_none());
        // r3c1 1 or 4: only {2,3} leaves the rest of column 1 a filling, and then r4c1 is
        // not 3 (what no subset of column 1 shows: its cells hold 4 digits between them)
        b.cand[8] = 0b1001;
        let s = house_cages(&b).expect("a step");
        assert!(s.text.contains("in column 1"), "{}", s.text);
        let gone: Vec<String> = s.eliminations.iter().map(|c| c.to_string()).collect();
        assert_eq!(gone, ["r1c1=1", "r1c1=4", "r2c1=1", "r2c1=4", "r4c1=3"]);
    }

    /// Whether the classic dynamic forcing chains (`level` 0: 8.5; 1: with pairs and X-wings
    /// inside, 9.0) find a step on `b`.
    fn classic_dynamic(b: &Board, level: u8) -> bool {
        use crate::dynamic::{Chainer, Config, Kind, Kinds, Level, hints};
        let n = b.topo.n;
        let (mut ch, mut lv) = (Chainer::new(n), Level::new(n));
        let cfg = Config::dynamic(level);
        !hints(
            &mut ch,
            &mut lv,
            &b.topo,
            &b.cand,
            Kind::Dynamic,
            cfg,
            Kinds::ALL,
            true,
        )
        .is_empty()
    }

    /// A solver on the shipped variant sample `sample` (a file of `testdata/variants/puzzles`).
    fn sample_solver(sample: &str) -> crate::solver::Solver {
        use crate::solver::{Options, Solver};
        let path = format!(
            "{}/../../testdata/variants/puzzles/{sample}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("the sample");
        let puzzle = dlx_variants::parse(&text).expect("a puzzle");
        Solver::for_variant(
            &puzzle,
            None,
            None,
            &Options::default(),
            &Default::default(),
        )
        .expect("a solver")
    }

    /// Walks a shipped sample's path; on the boards where the variant forcing chains found
    /// nothing (the first `most` of them), the classic dynamic forcing chains find nothing
    /// either; and likewise with locked sets inside: the number of boards of each kind.
    fn dominance_along(sample: &str, most: usize) -> (usize, usize) {
        let mut s = sample_solver(sample);
        let (mut plain, mut plus) = (0, 0);
        while let Some(step) = s.next_step() {
            let b = s.board();
            if step.technique > Technique::VariantForcingChain && plain < most {
                assert!(forcing(b, None).is_none());
                assert!(!classic_dynamic(b, 0), "{sample}: {}", step.text);
                plain += 1;
            }
            if step.technique > Technique::VariantForcingChainPlus && plus < most {
                assert!(forcing_plus(b, None).is_none());
                assert!(!classic_dynamic(b, 1), "{sample}: {}", step.text);
                plus += 1;
            }
            s.apply(&step);
        }
        (plain, plus)
    }

    #[test]
    fn where_the_variant_forcing_chains_find_nothing_the_dynamic_ones_find_nothing() {
        let (plain, _) = dominance_along("killer-03.json", 2);
        assert_eq!(plain, 2);
    }

    /// Takes about 10 s: `cargo test -p dlx-logic --lib -- --ignored dominance`.
    #[test]
    #[ignore = "seconds: the classic dynamic chains (+) on nine boards of a nonconsecutive sample"]
    fn dominance_with_locked_sets_inside() {
        let (plain, plus) = dominance_along("nonconsecutive-03.json", 100);
        assert!(plain > 0 && plus > 0, "{plain} {plus}");
    }

    /// Walks a shipped sample's path; on the first `most` boards after a variant forcing
    /// chain's step, every candidate's trial through the kept ends ([`Memo::trial`]: the end
    /// itself, or propagation from the start bounded by kept ends, changed cells only) ends
    /// where propagation from the start alone does, or breaks with the same reason, in both
    /// modes. The ends kept are those of the solver's own searches and of the trials before.
    fn kept_ends_along(sample: &str, most: usize) -> usize {
        let mut s = sample_solver(sample);
        let mut boards = 0;
        while boards < most
            && let Some(step) = s.next_step()
        {
            s.apply(&step);
            if step.technique >= Technique::VariantForcingChain {
                // the board after the step: kept ends are of boards with more digits
                boards += 1;
                let b = s.board();
                let mut memo = Memo::new(b).expect("clues");
                memo.begin(b);
                let (mut kept, mut alone) = (b.clone(), b.clone());
                for plus in [false, true] {
                    for k in 0..b.topo.ncells {
                        for d in bits(b.cand[k]) {
                            let got = memo.trial(&mut kept, b, (k, d), plus);
                            reset(&mut alone, b);
                            alone.place(k, d);
                            let want = propagate_with(&mut alone, TRIAL_BUDGET, &mut memo, plus);
                            let at =
                                format!("{sample}, board {boards}, {}: {}", t_name(b, k), d + 1);
                            match (got, want) {
                                (Ok(_), Ok(_)) => {
                                    assert_eq!(kept.value, alone.value, "{at}");
                                    let ends = |x: &Board| {
                                        (0..x.topo.ncells).map(|q| eff(x, q)).collect::<Vec<_>>()
                                    };
                                    assert_eq!(ends(&kept), ends(&alone), "{at}");
                                }
                                (Err(a), Err(w)) => {
                                    assert_eq!(a, w, "{at}");
                                    assert_eq!(placed(&kept, b), placed(&alone, b), "{at}");
                                }
                                (g, w) => panic!("{at}: {g:?} against {w:?}"),
                            }
                        }
                    }
                }
            }
        }
        boards
    }

    fn t_name(b: &Board, k: usize) -> String {
        b.topo.name(k)
    }

    #[test]
    fn kept_ends_give_the_ends_of_propagation() {
        assert_eq!(kept_ends_along("killer-03.json", 4), 4);
        assert_eq!(kept_ends_along("nonconsecutive-03.json", 3), 3);
    }

    #[test]
    fn sum_support_lets_digits_repeat() {
        // two cells adding up to 2: both 1
        let (sup, _) = sum_support(&[0x1ff, 0x1ff], &|s| s == 2).unwrap();
        assert_eq!(sup, vec![1, 1]);
        assert!(sum_support(&[0b10, 0b10], &|s| s == 3).is_none());
    }
}
