//! The pattern techniques: singles, direct hints, locked candidates, subsets, fish, short
//! strong-link patterns, wings, unique rectangles and BUG+1. Each finder returns the first
//! step it finds (the easiest of its kind where kinds differ in rating), or `None`.

use crate::board::Board;
use crate::board::Since;
use crate::step::{Candidate, Link, Pattern, Step, Technique};
use crate::technique::TechniqueSet;
use dlx_sudoku::House;

/// The public candidate of cell `k` and 0-based digit `d`.
#[inline]
pub(crate) fn cand(b: &Board, k: usize, d: usize) -> Candidate {
    let n = b.topo.n;
    Candidate {
        row: k / n,
        col: k % n,
        digit: d as u8 + 1,
    }
}

/// `(row, col)` of cell `k`.
#[inline]
pub(crate) fn rc(b: &Board, k: usize) -> (usize, usize) {
    (k / b.topo.n, k % b.topo.n)
}

/// Eliminations grouped by digit: `7 from r5c3, r5c6; 2 from r1c1`.
pub(crate) fn fmt_elims(elims: &[Candidate]) -> String {
    let mut digits: Vec<u8> = elims.iter().map(|c| c.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    let mut parts = Vec::new();
    for d in digits {
        let cells: Vec<String> = elims
            .iter()
            .filter(|c| c.digit == d)
            .map(|c| format!("r{}c{}", c.row + 1, c.col + 1))
            .collect();
        parts.push(format!("{d} from {}", cells.join(", ")));
    }
    parts.join("; ")
}

pub(crate) fn digits_of(mask: u64) -> Vec<u8> {
    bits(mask).map(|d| d as u8 + 1).collect()
}

pub(crate) fn fmt_digits(mask: u64) -> String {
    let v: Vec<String> = bits(mask).map(|d| (d + 1).to_string()).collect();
    v.join(",")
}

/// The set bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

pub(crate) fn simple_step(
    technique: Technique,
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
    pattern: Pattern,
    text: String,
) -> Step {
    Step {
        technique,
        rating: technique.base_rating(),
        chain: None,
        placements,
        eliminations,
        pattern,
        text,
    }
}

/// A step without sentence or pattern (what a silent board's finders return): its
/// technique, rating in tenths, placements and eliminations.
pub(crate) fn bare(
    technique: Technique,
    tenths: u16,
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
) -> Step {
    Step {
        technique,
        rating: f64::from(tenths) / 10.0,
        chain: None,
        placements,
        eliminations,
        pattern: Pattern::default(),
        text: String::new(),
    }
}

/// A step that only eliminates: its text is `what`, a colon, then the eliminations.
pub(crate) fn elimination(
    technique: Technique,
    elims: Vec<Candidate>,
    pattern: Pattern,
    what: &str,
) -> Step {
    // an empty `what` comes from a silent board (`say!`): no sentence
    let text = if what.is_empty() {
        String::new()
    } else {
        format!("{what}: {}", fmt_elims(&elims))
    };
    simple_step(technique, vec![], elims, pattern, text)
}

/// A step that places digit `d` in cell `k`, shown with `houses` and `candidates` (no
/// pattern on a silent board).
pub(crate) fn placement(
    b: &Board,
    technique: Technique,
    (k, d): (usize, usize),
    houses: &[House],
    candidates: &[Candidate],
    text: String,
) -> Step {
    let pattern = if b.silent {
        Pattern::default()
    } else {
        Pattern {
            cells: vec![rc(b, k)],
            houses: houses.to_vec(),
            digits: vec![d as u8 + 1],
            candidates: candidates.to_vec(),
            links: vec![],
            areas: Vec::new(),
        }
    };
    simple_step(technique, vec![cand(b, k, d)], vec![], pattern, text)
}

/// The pattern of `cells` in `houses`, with their candidates among the digits of `digits`.
pub(crate) fn cells_pattern(
    b: &Board,
    cells: &[usize],
    houses: Vec<House>,
    digits: u64,
) -> Pattern {
    if b.silent {
        return Pattern::default();
    }
    Pattern {
        cells: cells.iter().map(|&k| rc(b, k)).collect(),
        houses,
        digits: digits_of(digits),
        candidates: cells
            .iter()
            .flat_map(|&k| bits(b.cand[k] & digits).map(move |d| cand(b, k, d)))
            .collect(),
        links: vec![],
        areas: Vec::new(),
    }
}

/// The links along `path`, strong and weak in turn from a strong one.
pub(crate) fn alternating_links(path: &[Candidate]) -> Vec<Link> {
    path.windows(2)
        .enumerate()
        .map(|(i, w)| Link {
            from: w[0],
            to: w[1],
            strong: i % 2 == 0,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Singles

/// Houses in Sudoku Explainer's order: boxes, columns, rows; then a variant's full houses.
fn se_houses(t: &crate::board::Topology) -> impl Iterator<Item = usize> {
    let n = t.n;
    (2 * n..3 * n)
        .chain(n..2 * n)
        .chain(0..n)
        .chain(3 * n..t.nfull())
}

/// Full houses, then hidden singles in boxes, then in lines (columns first), as Sudoku
/// Explainer looks for them; only the techniques of `wanted`.
pub(crate) fn singles(b: &Board, wanted: TechniqueSet) -> Option<Step> {
    if wanted.contains(Technique::FullHouse) {
        if let Some(s) = full_house(b) {
            return Some(s);
        }
    }
    hidden_single(b, wanted)
}

/// The last empty cell of a house.
pub(crate) fn full_house(b: &Board) -> Option<Step> {
    let t = &b.topo;
    for h in se_houses(t) {
        if b.empty_count(h) != 1 {
            continue;
        }
        let k = *t.cells(h).iter().find(|&&k| b.value[k as usize] == 0)? as usize;
        let missing = t.shape.full_mask() & !b.placed_in(h);
        if missing.count_ones() != 1 || b.cand[k] & missing == 0 {
            continue;
        }
        let d = missing.trailing_zeros() as usize;
        let house = t.house(h);
        return Some(placement(
            b,
            Technique::FullHouse,
            (k, d),
            &[house.into()],
            &[],
            say!(
                b,
                "Full house: r{}c{} is the last empty cell of {house}, so it holds {}",
                k / t.n + 1,
                k % t.n + 1,
                d + 1
            ),
        ));
    }
    None
}

/// Digits that occur exactly once in the candidates of house `h` (and are not placed).
#[inline]
fn once_in(b: &Board, h: usize) -> u64 {
    let (mut once, mut more) = (0u64, 0u64);
    for &k in b.topo.cells(h) {
        let m = b.cand[k as usize];
        more |= once & m;
        once |= m;
    }
    once & !more
}

/// The only place of a digit in a house: boxes first (SE 1.2), then columns and rows (1.5),
/// the kinds of `wanted` only.
pub(crate) fn hidden_single(b: &Board, wanted: TechniqueSet) -> Option<Step> {
    let t = &b.topo;
    let boxes = wanted.contains(Technique::HiddenSingleBox);
    let lines = wanted.contains(Technique::HiddenSingleLine);
    for h in se_houses(t) {
        let in_box = t.kind(h) == 2;
        if !(if in_box { boxes } else { lines }) {
            continue;
        }
        let once = once_in(b, h);
        if once == 0 {
            continue;
        }
        let d = once.trailing_zeros() as usize;
        let k = *t
            .cells(h)
            .iter()
            .find(|&&k| b.cand[k as usize] >> d & 1 != 0)? as usize;
        let technique = if in_box {
            Technique::HiddenSingleBox
        } else {
            Technique::HiddenSingleLine
        };
        let house = t.house(h);
        return Some(placement(
            b,
            technique,
            (k, d),
            &[house.into()],
            &[cand(b, k, d)],
            say!(
                b,
                "Hidden single: {} in {house} can only go in {}",
                d + 1,
                t.name(k)
            ),
        ));
    }
    None
}

/// The only candidate of a cell.
pub(crate) fn naked_single(b: &Board) -> Option<Step> {
    let t = &b.topo;
    for k in 0..t.ncells {
        let m = b.cand[k];
        if b.value[k] == 0 && m.count_ones() == 1 {
            let d = m.trailing_zeros() as usize;
            return Some(placement(
                b,
                Technique::NakedSingle,
                (k, d),
                &[],
                &[cand(b, k, d)],
                say!(
                    b,
                    "Naked single: {} is the only candidate of {}",
                    d + 1,
                    t.name(k)
                ),
            ));
        }
    }
    None
}

fn direct_step(
    b: &Board,
    technique: Technique,
    what: String,
    mut pattern: Pattern,
    (h, k, d): (usize, usize, usize),
) -> Step {
    let t = &b.topo;
    let house = t.house(h);
    pattern.houses.push(house.into());
    simple_step(
        technique,
        vec![cand(b, k, d)],
        vec![],
        pattern,
        say!(
            b,
            "{}: {what}; then {} in {house} can only go in {}",
            technique.title(),
            d + 1,
            t.name(k)
        ),
    )
}

// ---------------------------------------------------------------------------------------
// Locked candidates

/// A locked-candidates pattern: digit `d` of house `base` confined to its intersection
/// with `cover`; it leaves the rest of `cover`.
struct Locked {
    d: usize,
    base: usize,
    cover: usize,
}

impl Locked {
    /// The cells of the cover outside the base holding the digit.
    fn elims(&self, b: &Board) -> Vec<(usize, usize)> {
        let t = &b.topo;
        t.houses[self.cover]
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| {
                b.cand[k] >> self.d & 1 != 0 && !t.cell_houses[k].contains(&(self.base as u16))
            })
            .map(|k| (k, self.d))
            .collect()
    }
}

/// The first step `out` makes of a locked-candidates pattern of the digits of `digits`.
fn locked(
    b: &Board,
    pointing: bool,
    digits: u64,
    out: &mut dyn FnMut(Locked) -> Option<Step>,
) -> Option<Step> {
    let t = &b.topo;
    let n = t.n;
    let bases = if pointing { 2 * n..3 * n } else { 0..2 * n };
    // PERF: no allocation unless a pattern is found (this runs before every harder step).
    let mut pos = [0u64; 64];
    for base in bases {
        let house = &t.houses[base];
        pos[..n].iter_mut().for_each(|m| *m = 0);
        for (i, &k) in house.iter().enumerate() {
            for d in bits(b.cand[k as usize]) {
                pos[d] |= 1 << i;
            }
        }
        for (d, &m) in pos.iter().enumerate().take(n) {
            if m.count_ones() < 2 || digits >> d & 1 == 0 {
                continue;
            }
            let first = house[m.trailing_zeros() as usize] as usize;
            let covers: &[usize] = if pointing { &[0, 1] } else { &[2] };
            for &kind in covers {
                let cover = t.cell_houses[first][kind] as usize;
                if !bits(m).all(|i| t.cell_houses[house[i] as usize][kind] as usize == cover) {
                    continue;
                }
                let outside = |k: usize| {
                    b.cand[k] >> d & 1 != 0 && !t.cell_houses[k].contains(&(base as u16))
                };
                if !t.houses[cover].iter().any(|&k| outside(k as usize)) {
                    continue;
                }
                let step = out(Locked { d, base, cover });
                if step.is_some() {
                    return step;
                }
            }
        }
    }
    None
}

fn locked_pattern(b: &Board, l: &Locked) -> Pattern {
    let t = &b.topo;
    let cells: Vec<usize> = t.houses[l.base]
        .iter()
        .map(|&k| k as usize)
        .filter(|&k| b.cand[k] >> l.d & 1 != 0)
        .collect();
    let houses = vec![t.house(l.base).into(), t.house(l.cover).into()];
    cells_pattern(b, &cells, houses, 1 << l.d)
}

fn locked_text(b: &Board, l: &Locked) -> String {
    let t = &b.topo;
    say!(
        b,
        "{} in {} is confined to {}, so it leaves the rest of {}",
        l.d + 1,
        t.house(l.base),
        t.house(l.cover),
        t.house(l.cover)
    )
}

/// Pointing (box to line) or claiming (line to box) that leaves a hidden single of the digit
/// in another house of the base's kind crossing the cover (as Sudoku Explainer looks for it).
pub(crate) fn direct_locked(b: &Board, pointing: bool, digits: u64) -> Option<Step> {
    let t = &b.topo;
    locked(b, pointing, digits, &mut |l| {
        let kind = t.kind(l.base);
        let cover_kind = t.kind(l.cover);
        // PERF: a cell is in the cover when its house of the cover's kind is the cover
        let in_cover = |k: usize| t.cell_houses[k][cover_kind] as usize == l.cover;
        for h3 in kind * t.n..(kind + 1) * t.n {
            if h3 == l.base {
                continue;
            }
            let (mut meets, mut count, mut left, mut nleft) = (false, 0, 0, 0);
            for &k in &t.houses[h3] {
                let k = k as usize;
                let inside = in_cover(k);
                meets |= inside;
                if b.cand[k] >> l.d & 1 != 0 {
                    count += 1;
                    if !inside {
                        nleft += 1;
                        left = k;
                    }
                }
            }
            if !meets || count < 2 {
                continue;
            }
            if nleft == 1 {
                let technique = if pointing {
                    Technique::DirectPointing
                } else {
                    Technique::DirectClaiming
                };
                return Some(direct_step(
                    b,
                    technique,
                    locked_text(b, &l),
                    locked_pattern(b, &l),
                    (h3, left, l.d),
                ));
            }
        }
        None
    })
}

/// Direct pointing, then direct claiming, of `wanted`.
///
/// With `since`, only the digits whose places changed since this finder last found nothing:
/// a pattern and the house its hidden single is in read the places of its digit only.
pub(crate) fn direct_locking(
    b: &Board,
    wanted: TechniqueSet,
    since: Option<&Since>,
) -> Option<Step> {
    let digits = since.map_or(u64::MAX, |s| s.digits);
    if wanted.contains(Technique::DirectPointing) {
        if let Some(s) = direct_locked(b, true, digits) {
            return Some(s);
        }
    }
    if wanted.contains(Technique::DirectClaiming) {
        return direct_locked(b, false, digits);
    }
    None
}

/// Pointing, then claiming, of `wanted`.
///
/// With `since`, only the digits whose places changed since this finder last found nothing
/// (a pattern reads the places of its digit only).
pub(crate) fn locking(b: &Board, wanted: TechniqueSet, since: Option<&Since>) -> Option<Step> {
    let digits = since.map_or(u64::MAX, |s| s.digits);
    if wanted.contains(Technique::Pointing) {
        if let Some(s) = locked_candidates(b, true, digits) {
            return Some(s);
        }
    }
    if wanted.contains(Technique::Claiming) {
        return locked_candidates(b, false, digits);
    }
    None
}

/// Pointing (SE 2.6) or claiming (2.8).
pub(crate) fn locked_candidates(b: &Board, pointing: bool, digits: u64) -> Option<Step> {
    locked(b, pointing, digits, &mut |l| {
        let elims: Vec<Candidate> = l.elims(b).iter().map(|&(k, d)| cand(b, k, d)).collect();
        let technique = if pointing {
            Technique::Pointing
        } else {
            Technique::Claiming
        };
        let what = say!(b, "{}: {}", technique.title(), locked_text(b, &l));
        Some(elimination(technique, elims, locked_pattern(b, &l), &what))
    })
}

// ---------------------------------------------------------------------------------------
// Subsets

/// Calls `out` with each combination of `k` of the indices `0..len`, up to the first step
/// it makes.
pub(crate) fn combinations(
    len: usize,
    k: usize,
    out: &mut dyn FnMut(&[usize]) -> Option<Step>,
) -> Option<Step> {
    // PERF: the combination in a stack array (this runs for every house at every step)
    fn rec(
        start: usize,
        len: usize,
        k: usize,
        acc: &mut [usize; 64],
        depth: usize,
        out: &mut dyn FnMut(&[usize]) -> Option<Step>,
    ) -> Option<Step> {
        if depth == k {
            return out(&acc[..k]);
        }
        for i in start..len {
            if len - i < k - depth {
                break;
            }
            acc[depth] = i;
            let step = rec(i + 1, len, k, acc, depth + 1, out);
            if step.is_some() {
                return step;
            }
        }
        None
    }
    if k > 64 {
        return None;
    }
    rec(0, len, k, &mut [0; 64], 0, out)
}

/// Calls `out` with each combination of `k` of the indices of `masks` whose masks' union has
/// at most `limit` bits, and that union, in the order of [`combinations`], up to the first
/// step it makes. PERF: a union only grows, so a partial combination over the limit ends
/// all those that extend it (the subsets, fish and almost locked sets want unions of
/// exactly `k` or `k + 1` bits).
pub(crate) fn combinations_within(
    masks: &[u64],
    k: usize,
    limit: u32,
    out: &mut dyn FnMut(&[usize], u64) -> Option<Step>,
) -> Option<Step> {
    #[allow(clippy::too_many_arguments)]
    fn rec(
        start: usize,
        masks: &[u64],
        k: usize,
        limit: u32,
        acc: &mut [usize; 64],
        depth: usize,
        union: u64,
        out: &mut dyn FnMut(&[usize], u64) -> Option<Step>,
    ) -> Option<Step> {
        if depth == k {
            return out(&acc[..k], union);
        }
        let len = masks.len();
        for i in start..len {
            if len - i < k - depth {
                break;
            }
            let u = union | masks[i];
            if u.count_ones() > limit {
                continue;
            }
            acc[depth] = i;
            let step = rec(i + 1, masks, k, limit, acc, depth + 1, u, out);
            if step.is_some() {
                return step;
            }
        }
        None
    }
    if k > 64 {
        return None;
    }
    rec(0, masks, k, limit, &mut [0; 64], 0, 0, out)
}

/// Naked subsets of `size` cells in any house.
/// Naked subsets of `size` cells in any house: the first found, house by house; with
/// `since`, only in the houses with a cell changed since this finder last found nothing (a
/// subset reads its house's cells only).
pub(crate) fn naked_subset(b: &Board, size: usize, since: Option<&Since>) -> Option<Step> {
    let t = &b.topo;
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    // PERF: written before read, so made once (not zeroed for every house)
    let mut cells = [0usize; 64];
    let mut masks = [0u64; 64];
    for h in 0..t.nhouses() {
        if !house_changed(b, h, since) {
            continue;
        }
        let (mut len, mut empties) = (0, 0);
        for &k in t.cells(h) {
            let k = k as usize;
            let c = b.cand[k].count_ones() as usize;
            empties += usize::from(b.value[k] == 0);
            if c >= 2 && c <= size {
                cells[len] = k;
                masks[len] = b.cand[k];
                len += 1;
            }
        }
        if len < size || empties <= size {
            continue;
        }
        let found = combinations_within(&masks[..len], size, size as u32, &mut |idx, union| {
            if union.count_ones() as usize != size {
                return None;
            }
            let set: Vec<usize> = idx.iter().map(|&i| cells[i]).collect();
            let mut elims = Vec::new();
            for &q in t.cells(h) {
                let q = q as usize;
                if !set.contains(&q) {
                    for d in bits(b.cand[q] & union) {
                        elims.push(cand(b, q, d));
                    }
                }
            }
            if elims.is_empty() {
                return None;
            }
            let names: Vec<String> = set.iter().map(|&k| t.name(k)).collect();
            let what = say!(
                b,
                "{}: {} hold only {{{}}} in {}",
                technique.title(),
                names.join(", "),
                fmt_digits(union),
                t.house(h),
            );
            let pattern = cells_pattern(b, &set, vec![t.house(h).into()], union);
            Some(elimination(technique, elims, pattern, &what))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether a cell of house `h` changed since the finder last found nothing (always, without
/// `since`).
fn house_changed(b: &Board, h: usize, since: Option<&Since>) -> bool {
    since.is_none_or(|s| {
        b.topo
            .cells(h)
            .iter()
            .any(|&k| s.cells[k as usize / 64] >> (k % 64) & 1 != 0)
    })
}

/// Hidden subsets of `size` digits in any house; `direct` keeps only those whose
/// eliminations leave a hidden single and places it; with `since`, only in the houses with
/// a cell changed since this finder last found nothing (a subset reads its house only).
pub(crate) fn hidden_subset(
    b: &Board,
    size: usize,
    direct: bool,
    since: Option<&Since>,
) -> Option<Step> {
    let t = &b.topo;
    let technique = match (size, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    // PERF: made once, `all` cleared on its first N digits for each house, `pos` and `digits`
    // written before read
    let mut all = [0u64; 64];
    let (mut pos, mut digits) = ([0u64; 64], [0usize; 64]);
    for h in 0..t.nfull() {
        if !house_changed(b, h, since) {
            continue;
        }
        let house = t.cells(h);
        all[..t.n].iter_mut().for_each(|m| *m = 0);
        for (i, &k) in house.iter().enumerate() {
            for d in bits(b.cand[k as usize]) {
                all[d] |= 1 << i;
            }
        }
        let mut len = 0;
        for (d, &p) in all.iter().enumerate().take(t.n) {
            let c = p.count_ones() as usize;
            if c >= 2 && c <= size {
                pos[len] = p;
                digits[len] = d;
                len += 1;
            }
        }
        // Sudoku Explainer looks for hidden sets only where the naked set of the other
        // cells is larger (more than twice `size` empty cells), direct ones wherever the
        // house has more empty cells than `size`.
        let empties = house.iter().filter(|&&k| b.value[k as usize] == 0).count();
        let needed = if direct { size } else { 2 * size };
        if len < size || empties <= needed {
            continue;
        }
        let found = combinations_within(&pos[..len], size, size as u32, &mut |idx, union| {
            if union.count_ones() as usize != size {
                return None;
            }
            let dmask = idx.iter().fold(0u64, |m, &i| m | 1 << digits[i]);
            // PERF: nothing is allocated or written for a set that removes nothing
            if !bits(union).any(|i| b.cand[house[i] as usize] & !dmask != 0) {
                return None;
            }
            // a direct set: a hidden single, in the same house, of a digit outside the set
            let single = if direct {
                let e = (0..t.n).find(|&e| {
                    let p = all[e];
                    dmask >> e & 1 == 0 && p.count_ones() > 1 && (p & !union).count_ones() == 1
                })?;
                Some((
                    e,
                    house[(all[e] & !union).trailing_zeros() as usize] as usize,
                ))
            } else {
                None
            };
            let set: Vec<usize> = bits(union).map(|i| house[i] as usize).collect();
            let mut el = Vec::new();
            for &k in &set {
                for d in bits(b.cand[k] & !dmask) {
                    el.push((k, d));
                }
            }
            let names: Vec<String> = set.iter().map(|&k| t.name(k)).collect();
            let pattern = cells_pattern(b, &set, vec![t.house(h).into()], dmask);
            let what = say!(
                b,
                "{{{}}} in {} can only go in {}",
                fmt_digits(dmask),
                t.house(h),
                names.join(", ")
            );
            if let Some((e, k)) = single {
                return Some(direct_step(b, technique, what, pattern, (h, k, e)));
            }
            let elims: Vec<Candidate> = el.iter().map(|&(k, d)| cand(b, k, d)).collect();
            let what = say!(
                b,
                "{}: {what}, so they hold nothing else",
                technique.title()
            );
            Some(elimination(technique, elims, pattern, &what))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Fish

/// Basic fish of `size` lines (X-wing 2, swordfish 3, jellyfish 4), rows or columns as base:
/// the first found, digit by digit; with `since`, only on the digits changed since this
/// finder last found nothing (a fish reads the places of its digit only).
pub(crate) fn fish(b: &Board, size: usize, since: Option<&Since>) -> Option<Step> {
    let t = &b.topo;
    let n = t.n;
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for d in 0..n {
        if since.is_some_and(|s| s.digits >> d & 1 == 0) {
            continue;
        }
        for base_kind in 0..2 {
            // positions of d in each base line, as a mask over cover lines
            let mut lines = Vec::new();
            let mut masks = Vec::new();
            for i in 0..n {
                let m = b.positions(base_kind * n + i, d);
                let c = m.count_ones() as usize;
                if c >= 2 && c <= size {
                    lines.push(i);
                    masks.push(m);
                }
            }
            if lines.len() < size {
                continue;
            }
            let found = combinations_within(&masks, size, size as u32, &mut |idx, union| {
                if union.count_ones() as usize != size {
                    return None;
                }
                let base: Vec<usize> = idx.iter().map(|&i| lines[i]).collect();
                let mut elims = Vec::new();
                for cover in bits(union) {
                    let ch = (1 - base_kind) * n + cover;
                    for (j, &k) in t.houses[ch].iter().enumerate() {
                        if !base.contains(&j) && b.cand[k as usize] >> d & 1 != 0 {
                            elims.push(cand(b, k as usize, d));
                        }
                    }
                }
                if elims.is_empty() {
                    return None;
                }
                let base_houses: Vec<_> =
                    base.iter().map(|&i| t.house(base_kind * n + i)).collect();
                let cover_houses: Vec<_> = bits(union)
                    .map(|i| t.house((1 - base_kind) * n + i))
                    .collect();
                let mut cells = Vec::new();
                for &i in &base {
                    for &k in &t.houses[base_kind * n + i] {
                        if b.cand[k as usize] >> d & 1 != 0 {
                            cells.push(k as usize);
                        }
                    }
                }
                let list = |hs: &[crate::board::HouseRef<'_>]| {
                    hs.iter()
                        .map(|h| h.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let what = say!(
                    b,
                    "{} on {} in {} and {}",
                    technique.title(),
                    d + 1,
                    list(&base_houses),
                    list(&cover_houses),
                );
                let mut houses: Vec<House> = base_houses.into_iter().map(House::from).collect();
                houses.extend(cover_houses.into_iter().map(House::from));
                let pattern = cells_pattern(b, &cells, houses, 1 << d);
                Some(elimination(technique, elims, pattern, &what))
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Conjugate pairs

/// The conjugate pairs of digit `d`: `(a, b, house)` where `d` has exactly the two places
/// `a < b` in `house`, each pair once (the house listed first: rows, columns, boxes).
pub(crate) fn conjugates(b: &Board, d: usize) -> Vec<(usize, usize, usize)> {
    let t = &b.topo;
    let mut out: Vec<(usize, usize, usize)> = Vec::new();
    for h in 0..3 * t.n {
        let p = b.positions(h, d);
        if p.count_ones() == 2 {
            let i = p.trailing_zeros() as usize;
            let j = 63 - p.leading_zeros() as usize;
            let (x, y) = (t.houses[h][i] as usize, t.houses[h][j] as usize);
            if !out.iter().any(|&(a, c, _)| a == x && c == y) {
                out.push((x, y, h));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Wings

/// XY-wing (`xyz` false): pivot {a,b}, pincers {a,c} and {b,c}; c leaves the cells seeing
/// both pincers. XYZ-wing (`xyz` true): pivot {a,b,c}, the same pincers; c leaves the cells
/// seeing all three.
pub(crate) fn wing(b: &Board, xyz: bool) -> Option<Step> {
    let t = &b.topo;
    let size = if xyz { 3 } else { 2 };
    for p in 0..t.ncells {
        let pm = b.cand[p];
        if pm.count_ones() != size {
            continue;
        }
        // bivalue peers sharing one digit with an XY pivot, both with an XYZ pivot
        let wings: Vec<usize> = t.peers[p]
            .iter()
            .map(|&q| q as usize)
            .filter(|&q| b.cand[q].count_ones() == 2 && (b.cand[q] & pm).count_ones() == size - 1)
            .collect();
        for i in 0..wings.len() {
            for j in i + 1..wings.len() {
                let (x, y) = (wings[i], wings[j]);
                let (xm, ym) = (b.cand[x], b.cand[y]);
                if (xm | ym | pm).count_ones() != 3 || (xm & ym).count_ones() != 1 {
                    continue;
                }
                let c = (xm & ym).trailing_zeros() as usize;
                let seen: &[usize] = if xyz { &[p, x, y] } else { &[x, y] };
                let elims: Vec<Candidate> = common_peers(b, seen, c)
                    .into_iter()
                    .map(|k| cand(b, k, c))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let technique = if xyz {
                    Technique::XyzWing
                } else {
                    Technique::XyWing
                };
                return Some(wing_step(b, technique, p, &[x, y], c, elims));
            }
        }
    }
    None
}

/// Cells (other than `cells`) with candidate `d` that see every cell of `cells`.
pub(crate) fn common_peers(b: &Board, cells: &[usize], d: usize) -> Vec<usize> {
    let t = &b.topo;
    t.peers[cells[0]]
        .iter()
        .map(|&k| k as usize)
        .filter(|&k| b.cand[k] >> d & 1 != 0 && cells.iter().all(|&c| c != k && t.sees(k, c)))
        .collect()
}

fn wing_step(
    b: &Board,
    technique: Technique,
    pivot: usize,
    pincers: &[usize],
    z: usize,
    elims: Vec<Candidate>,
) -> Step {
    let t = &b.topo;
    let all: Vec<usize> = std::iter::once(pivot)
        .chain(pincers.iter().copied())
        .collect();
    let digits = all.iter().fold(0, |m, &k| m | b.cand[k]);
    let pattern = cells_pattern(b, &all, vec![], digits);
    let names: Vec<String> = pincers.iter().map(|&k| t.name(k)).collect();
    let text = say!(
        b,
        "{}: pivot {} {{{}}} with pincers {}: one of them is {}, so {}",
        technique.title(),
        t.name(pivot),
        fmt_digits(b.cand[pivot]),
        names.join(" and "),
        z + 1,
        fmt_elims(&elims)
    );
    simple_step(technique, vec![], elims, pattern, text)
}

/// W-wing: two cells {a,b} that do not see each other, joined by a strong link on `a`
/// (each end of it sees one of the cells): `b` leaves the cells seeing both.
pub(crate) fn w_wing(b: &Board) -> Option<Step> {
    let t = &b.topo;
    let bivalue: Vec<usize> = (0..t.ncells)
        .filter(|&k| b.cand[k].count_ones() == 2)
        .collect();
    let mut conj: Vec<Option<Vec<(usize, usize, usize)>>> = vec![None; t.n];
    for i in 0..bivalue.len() {
        for j in i + 1..bivalue.len() {
            let (p, q) = (bivalue[i], bivalue[j]);
            if b.cand[p] != b.cand[q] || t.sees(p, q) {
                continue;
            }
            for (a, other) in [
                (
                    b.cand[p].trailing_zeros() as usize,
                    63 - b.cand[p].leading_zeros() as usize,
                ),
                (
                    63 - b.cand[p].leading_zeros() as usize,
                    b.cand[p].trailing_zeros() as usize,
                ),
            ] {
                let elims: Vec<Candidate> = common_peers(b, &[p, q], other)
                    .into_iter()
                    .map(|k| cand(b, k, other))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let links = conj[a].get_or_insert_with(|| conjugates(b, a));
                for &(x, y, h) in links.iter() {
                    if [x, y].contains(&p) || [x, y].contains(&q) {
                        continue;
                    }
                    let fits = (t.sees(x, p) && t.sees(y, q)) || (t.sees(x, q) && t.sees(y, p));
                    if !fits {
                        continue;
                    }
                    let (x, y) = if t.sees(x, p) && t.sees(y, q) {
                        (x, y)
                    } else {
                        (y, x)
                    };
                    let c = |k, d| cand(b, k, d);
                    let path = [c(p, other), c(p, a), c(x, a), c(y, a), c(q, a), c(q, other)];
                    let pattern = Pattern {
                        cells: [p, x, y, q].iter().map(|&k| rc(b, k)).collect(),
                        houses: vec![t.house(h).into()],
                        digits: digits_of(b.cand[p]),
                        candidates: vec![path[1], path[0], path[2], path[3], path[4], path[5]],
                        links: alternating_links(&path),
                        areas: Vec::new(),
                    };
                    let what = say!(
                        b,
                        "W-wing: {} and {} hold {{{}}} and {} in {} is in {} or {}, so one of them is {}",
                        t.name(p),
                        t.name(q),
                        fmt_digits(b.cand[p]),
                        a + 1,
                        t.house(h),
                        t.name(x),
                        t.name(y),
                        other + 1,
                    );
                    return Some(elimination(Technique::WWing, elims, pattern, &what));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    //! One hand-made position per technique: a 9x9 board with every candidate, then the
    //! candidates the pattern needs removed; each test asserts the exact step.
    use super::*;
    use dlx_sudoku::{Grid, Shape};
    use std::ops::RangeInclusive;

    fn open() -> Board {
        Board::new(&Grid::empty(Shape::new(3, 3).unwrap()))
    }

    #[test]
    fn combinations_within_are_the_combinations_under_the_limit_in_order() {
        let masks: Vec<u64> = vec![0b11, 0b110, 0b1, 0b1100, 0b101, 0b10000, 0b11, 0b1010];
        for k in 0..=4 {
            for limit in 0..=5u32 {
                let mut all = Vec::new();
                combinations(masks.len(), k, &mut |idx| {
                    let union = idx.iter().fold(0u64, |m, &i| m | masks[i]);
                    if union.count_ones() <= limit {
                        all.push((idx.to_vec(), union));
                    }
                    None
                });
                let mut within = Vec::new();
                combinations_within(&masks, k, limit, &mut |idx, union| {
                    within.push((idx.to_vec(), union));
                    None
                });
                assert_eq!(within, all, "k {k}, limit {limit}");
            }
        }
    }

    /// Cell index of `r1c1`-style 1-based coordinates.
    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    fn remove(b: &mut Board, cells: impl IntoIterator<Item = usize>, digit: usize) {
        for k in cells {
            b.cand[k] &= !(1 << (digit - 1));
        }
    }

    /// Removes `digit` from `cells` but for the cells of `keep`.
    fn leave(b: &mut Board, cells: Vec<usize>, keep: &[usize], digit: usize) {
        remove(b, cells.into_iter().filter(|k| !keep.contains(k)), digit);
    }

    /// An open board but for `cells`, each left with only the digits given.
    fn open_with(cells: &[(usize, &[usize])]) -> Board {
        let mut b = open();
        for &(k, digits) in cells {
            only(&mut b, k, digits);
        }
        b
    }

    fn only(b: &mut Board, k: usize, digits: &[usize]) {
        b.cand[k] = digits.iter().fold(0, |m, d| m | 1 << (d - 1));
    }

    /// The step a finder found, which must be of `technique`.
    fn found(step: Option<Step>, technique: Technique) -> Step {
        let s = step.unwrap_or_else(|| panic!("no {technique:?} found"));
        assert_eq!(s.technique, technique, "{}", s.text);
        s
    }

    fn names(cs: &[Candidate]) -> Vec<String> {
        let mut v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
        v.sort();
        v
    }

    fn row(r: usize) -> Vec<usize> {
        (1..=9).map(|c| at(r, c)).collect()
    }

    /// The cells of rows `rows` and columns `cols`.
    fn block(rows: RangeInclusive<usize>, cols: RangeInclusive<usize>) -> Vec<usize> {
        rows.flat_map(|r| cols.clone().map(move |c| at(r, c)))
            .collect()
    }

    #[test]
    fn full_house_fills_the_last_cell() {
        let mut g = Grid::empty(Shape::new(3, 3).unwrap());
        g.cells[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        let s = found(full_house(&Board::new(&g)), Technique::FullHouse);
        assert_eq!(names(&s.placements), ["r1c9=9"]);
    }

    #[test]
    fn hidden_singles_in_a_box_then_a_line() {
        let mut b = open();
        leave(&mut b, block(1..=3, 1..=3), &[at(2, 2)], 5);
        let s = found(
            hidden_single(&b, TechniqueSet::all()),
            Technique::HiddenSingleBox,
        );
        assert_eq!(names(&s.placements), ["r2c2=5"]);
        assert_eq!(s.text, "Hidden single: 5 in box 1 can only go in r2c2");

        let mut b = open();
        leave(&mut b, row(1), &[at(1, 5)], 5);
        let s = found(
            hidden_single(&b, TechniqueSet::all()),
            Technique::HiddenSingleLine,
        );
        assert_eq!(names(&s.placements), ["r1c5=5"]);
    }

    #[test]
    fn naked_single_is_the_last_candidate() {
        let b = open_with(&[(at(3, 3), &[4])]);
        let s = naked_single(&b).unwrap();
        assert_eq!(names(&s.placements), ["r3c3=4"]);
    }

    #[test]
    fn pointing_and_claiming() {
        let mut b = open();
        remove(&mut b, block(2..=3, 1..=3), 3);
        let s = found(locked_candidates(&b, true, u64::MAX), Technique::Pointing);
        assert_eq!(
            names(&s.eliminations),
            ["r1c4=3", "r1c5=3", "r1c6=3", "r1c7=3", "r1c8=3", "r1c9=3"]
        );
        assert!(
            locked_candidates(&b, false, u64::MAX).is_none(),
            "no line is confined to a box"
        );

        let mut b = open();
        remove(&mut b, (4..=9).map(|c| at(1, c)), 3);
        assert!(locked_candidates(&b, true, u64::MAX).is_none());
        let s = found(locked_candidates(&b, false, u64::MAX), Technique::Claiming);
        assert_eq!(s.eliminations.len(), 6);
        assert!(s.eliminations.iter().all(|c| c.row > 0 && c.col < 3));
    }

    #[test]
    fn direct_pointing_places_the_single_it_makes() {
        let mut b = open();
        // 3 in box 1 only in row 1; 3 in box 2 only in r1c5 and r2c5... and row 1 of box 3
        remove(&mut b, block(2..=3, 1..=3), 3);
        leave(&mut b, block(1..=3, 7..=9), &[at(1, 7), at(2, 8)], 3);
        let s = found(direct_locked(&b, true, u64::MAX), Technique::DirectPointing);
        assert_eq!(names(&s.placements), ["r2c8=3"]);
    }

    #[test]
    fn naked_and_hidden_pairs() {
        let b = open_with(&[(at(1, 1), &[1, 2]), (at(1, 2), &[1, 2])]);
        let s = found(naked_subset(&b, 2, None), Technique::NakedPair);
        // row 1 first: 1 and 2 leave r1c3..r1c9
        assert_eq!(s.eliminations.len(), 14);
        assert!(s.eliminations.iter().all(|c| c.row == 0 && c.col >= 2));

        let mut b = open();
        remove(&mut b, (3..=9).map(|c| at(1, c)), 1);
        remove(&mut b, (3..=9).map(|c| at(1, c)), 2);
        let s = found(hidden_subset(&b, 2, false, None), Technique::HiddenPair);
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.eliminations
                .iter()
                .all(|c| c.row == 0 && c.col < 2 && c.digit > 2)
        );
    }

    #[test]
    fn naked_and_hidden_triples() {
        let b = open_with(&[
            (at(5, 1), &[4, 5]),
            (at(5, 4), &[5, 6]),
            (at(5, 7), &[4, 6]),
        ]);
        let s = found(naked_subset(&b, 3, None), Technique::NakedTriple);
        assert_eq!(s.eliminations.len(), 18);
        assert!(s.eliminations.iter().all(|c| c.row == 4));

        let mut b = open();
        for d in 7..=9 {
            remove(
                &mut b,
                (1..=9).filter(|r| ![2, 5, 8].contains(r)).map(|r| at(r, 4)),
                d,
            );
        }
        let s = found(hidden_subset(&b, 3, false, None), Technique::HiddenTriple);
        assert_eq!(s.eliminations.len(), 18);
        assert!(s.eliminations.iter().all(|c| c.col == 3 && c.digit < 7));
    }

    #[test]
    fn x_wing_and_swordfish() {
        let mut b = open();
        for r in [2, 8] {
            leave(&mut b, row(r), &[at(r, 3), at(r, 6)], 7);
        }
        let s = found(fish(&b, 2, None), Technique::XWing);
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.eliminations
                .iter()
                .all(|c| (c.col == 2 || c.col == 5) && c.digit == 7)
        );
        assert!(
            s.text
                .starts_with("X-wing on 7 in row 2, row 8 and column 3, column 6")
        );

        let mut b = open();
        for r in [1, 5, 9] {
            leave(&mut b, row(r), &[at(r, 1), at(r, 4), at(r, 7)], 4);
        }
        remove(&mut b, [at(5, 4)], 4);
        assert!(fish(&b, 2, None).is_none());
        let s = found(fish(&b, 3, None), Technique::Swordfish);
        assert_eq!(s.eliminations.len(), 18);
    }

    #[test]
    fn xy_and_xyz_wings() {
        let b = open_with(&[
            (at(1, 1), &[1, 2]),
            (at(1, 5), &[1, 3]),
            (at(5, 1), &[2, 3]),
        ]);
        let s = found(wing(&b, false), Technique::XyWing);
        assert_eq!(names(&s.eliminations), ["r5c5=3"]);

        let b = open_with(&[
            (at(1, 1), &[1, 2, 3]),
            (at(1, 5), &[1, 3]),
            (at(2, 2), &[2, 3]),
        ]);
        let s = found(wing(&b, true), Technique::XyzWing);
        assert_eq!(names(&s.eliminations), ["r1c2=3", "r1c3=3"]);
    }

    #[test]
    fn w_wing_joins_two_equal_cells() {
        let mut b = open_with(&[(at(1, 1), &[4, 5]), (at(5, 9), &[4, 5])]);
        leave(&mut b, row(9), &[at(9, 1), at(9, 9)], 4);
        let s = found(super::w_wing(&b), Technique::WWing);
        assert_eq!(names(&s.eliminations), ["r1c9=5", "r5c1=5"]);
    }
}
