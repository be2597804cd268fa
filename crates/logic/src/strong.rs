//! Strong links on one digit, joined by weak links (SukakuExplainer's "N strong links"):
//! skyscraper, 2-string kite, turbot fish, their grouped forms and the empty rectangle
//! (two links), 3 and 4 strong links, and the X-loops they close.
//!
//! # Links
//!
//! A *strong link* of digit `d` is a house whose places for `d` split into two *nodes*, one
//! of which holds `d`: two single cells (a conjugate pair), or, with three to six places,
//! two groups, each inside one intersection of a box and a line (a *grouped* link):
//!
//! - in a line, places in exactly two of its three boxes;
//! - in a box, places on one row and one column of it, the cell where they cross (the
//!   *heart*) excepted or, when it holds `d`, counted in both nodes (an *empty rectangle*);
//!   or, with four places or more, places in exactly two of its rows (or columns).
//!
//! Each house gives one link at most (its first configuration, as SukakuExplainer takes it).
//!
//! # Patterns
//!
//! `N` links in distinct houses whose places are disjoint, in a row, each link's exit node
//! sharing a house (column, row or box, looked for in that order) with the next link's entry
//! node: one of the chain's two end nodes holds `d`, so `d` leaves every cell that sees both
//! ends and lies in none of the links' houses and none of the houses joining them. When the
//! two ends share a house too, the chain is an X-loop: every joining house and the ends'
//! house lose `d` outside the pattern's houses as well.
//!
//! The rating is SukakuExplainer's: 4.0, 5.4 or 5.8 for two, three or four links, plus 0.3
//! when a link is grouped, else 0.2 with a box and lines of both directions among the links,
//! 0.1 with a box or both directions, nothing for parallel lines (skyscrapers). The easiest
//! pattern is taken, the one with the most eliminations among equals.

use dlx_sudoku::House;

use crate::basic::{bits, cand, elimination};
use crate::board::Board;
use crate::board::Since;
use crate::step::{Candidate, Link, Pattern, Step, Technique};
use crate::technique::TechniqueSet;

/// A strong link: `house` (its kind 0 box, 1 row, 2 column), its two nodes, every place of
/// the digit in it (`base`, a cell bitset), whether it is grouped and an empty rectangle.
struct StrongLink {
    house: usize,
    kind: usize,
    nodes: [Vec<usize>; 2],
    base: Vec<u64>,
    grouped: bool,
    box_cross: bool,
}

/// The kind of a house in Sudoku Explainer's numbering: 0 box, 1 row, 2 column.
fn se_kind(b: &Board, h: usize) -> usize {
    match b.topo.kind(h) {
        0 => 1,
        1 => 2,
        _ => 0,
    }
}

fn bitset(words: usize, cells: impl IntoIterator<Item = usize>) -> Vec<u64> {
    let mut v = vec![0u64; words];
    for k in cells {
        v[k / 64] |= 1 << (k % 64);
    }
    v
}

fn disjoint(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

/// The link house `h` makes for digit `d`, if any.
fn link_of(b: &Board, h: usize, d: usize) -> Option<StrongLink> {
    let t = &b.topo;
    let cells: Vec<usize> = t.houses[h]
        .iter()
        .map(|&k| k as usize)
        .filter(|&k| b.cand[k] >> d & 1 != 0)
        .collect();
    if cells.len() < 2 || cells.len() > 6 {
        return None;
    }
    let kind = se_kind(b, h);
    let row = |k: usize| t.cell_houses[k][0];
    let col = |k: usize| t.cell_houses[k][1];
    let bx = |k: usize| t.cell_houses[k][2];
    let make = |a: Vec<usize>, c: Vec<usize>, box_cross: bool| StrongLink {
        house: h,
        kind,
        grouped: a.len() > 1 || c.len() > 1,
        box_cross,
        base: bitset(t.words, cells.iter().copied()),
        nodes: [a, c],
    };
    if cells.len() == 2 {
        // two places of a box in one line are a line's business (pointing)
        if kind == 0 && (row(cells[0]) == row(cells[1]) || col(cells[0]) == col(cells[1])) {
            return None;
        }
        return Some(make(vec![cells[0]], vec![cells[1]], false));
    }
    if kind != 0 {
        // a line: places in exactly two of its boxes
        let mut boxes: Vec<u16> = cells.iter().map(|&k| bx(k)).collect();
        boxes.sort_unstable();
        boxes.dedup();
        if boxes.len() != 2 {
            return None;
        }
        let a: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&k| bx(k) == boxes[0])
            .collect();
        let c: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&k| bx(k) == boxes[1])
            .collect();
        return Some(make(a, c, false));
    }
    // a box: an empty rectangle around a heart, in the box's cell order
    let house = &t.houses[h];
    for &heart in house {
        let heart = heart as usize;
        if !cells
            .iter()
            .all(|&k| row(k) == row(heart) || col(k) == col(heart))
        {
            continue;
        }
        let in_row: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&k| k != heart && row(k) == row(heart))
            .collect();
        let in_col: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&k| k != heart && col(k) == col(heart))
            .collect();
        if in_row.is_empty() || in_col.is_empty() {
            return None;
        }
        let (mut a, mut c) = (in_col, in_row);
        if b.cand[heart] >> d & 1 != 0 {
            // the heart may hold the digit: it belongs to both nodes
            a.push(heart);
            c.push(heart);
            a.sort_unstable();
            c.sort_unstable();
        }
        return Some(make(a, c, true));
    }
    // or places in two rows (columns) of the box, four places at least
    if cells.len() < 4 {
        return None;
    }
    for line in [0usize, 1] {
        let key = |k: usize| t.cell_houses[k][line];
        let mut keys: Vec<u16> = cells.iter().map(|&k| key(k)).collect();
        keys.sort_unstable();
        keys.dedup();
        if keys.len() == 2 {
            let a: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&k| key(k) == keys[0])
                .collect();
            let c: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&k| key(k) == keys[1])
                .collect();
            return Some(make(a, c, false));
        }
    }
    None
}

/// The house all cells of `x` and `y` share: a column, then a row, then a box.
fn share(b: &Board, x: &[usize], y: &[usize]) -> Option<usize> {
    let t = &b.topo;
    let first = x[0];
    for kind in [1usize, 0, 2] {
        let h = t.cell_houses[first][kind];
        if x.iter().chain(y).all(|&k| t.cell_houses[k][kind] == h) {
            return Some(h as usize);
        }
    }
    None
}

/// One pattern found: its rating, eliminations and how to show it.
struct Found {
    tenths: u16,
    technique: Technique,
    elims: Vec<usize>,
    chain: Vec<(usize, usize)>,
    joins: Vec<usize>,
    ring: Option<usize>,
}

/// The rating of a chain of links and the technique it is.
fn rating<'a>(links: impl Iterator<Item = &'a StrongLink> + Clone) -> (u16, Technique) {
    let n = links.clone().count();
    let base = match n {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    let grouped = links.clone().any(|l| l.grouped);
    let has_box = links.clone().any(|l| l.kind == 0);
    let rows = links.clone().any(|l| l.kind == 1);
    let cols = links.clone().any(|l| l.kind == 2);
    let mixed = rows && cols;
    let bonus = if grouped {
        3
    } else if has_box && mixed {
        2
    } else if has_box || mixed {
        1
    } else {
        0
    };
    let technique = match n {
        2 if grouped && links.clone().any(|l| l.box_cross) => Technique::EmptyRectangle,
        2 if grouped => Technique::GroupedStrongLinks,
        2 if has_box => Technique::TurbotFish,
        2 if mixed => Technique::TwoStringKite,
        2 => Technique::Skyscraper,
        3 => Technique::ThreeStrongLinks,
        _ => Technique::FourStrongLinks,
    };
    (base + bonus, technique)
}

/// The rating bonus and technique flags of a chain's links: (grouped, box, rows, columns).
fn flags(l: &StrongLink) -> [bool; 4] {
    [l.grouped, l.kind == 0, l.kind == 1, l.kind == 2]
}

fn bonus(f: [bool; 4]) -> u16 {
    let [grouped, has_box, rows, cols] = f;
    let mixed = rows && cols;
    if grouped {
        3
    } else if has_box && mixed {
        2
    } else if has_box || mixed {
        1
    } else {
        0
    }
}

/// The tables of one digit's links: the links, which pairs are apart (disjoint places) and
/// how they join, and for each node the cells holding the digit that see all of it. They
/// read the places of the digit only (`places`, a cell bitset), so they hold as long as
/// those do: [`Links`] keeps them across steps and across the searches for 2, 3 and 4 links.
struct Tables {
    places: Vec<u64>,
    links: Vec<StrongLink>,
    apart: Vec<bool>,
    /// The links each exit node joins: (link, its entry side, joining house + 1), those of
    /// exit node `x` at `succ[succ_at[x]..succ_at[x + 1]]`.
    succ: Vec<(usize, usize, u16)>,
    succ_at: Vec<usize>,
    /// `seen[x * words..]`: node `x`'s cells seeing all of it; `house_bits[l * words..]`:
    /// link `l`'s house (PERF: one allocation each, not one a node).
    seen: Vec<u64>,
    house_bits: Vec<u64>,
}

/// Each digit's link tables, made when first needed and made again when the digit's places
/// change (kept by the solver between steps).
#[derive(Default)]
pub(crate) struct Links {
    digits: Vec<Option<Tables>>,
}

impl Links {
    /// The tables of digit `d` on board `b`, made again if its places changed.
    fn of(&mut self, b: &Board, d: usize) -> &Tables {
        let t = &b.topo;
        if self.digits.len() < t.n {
            self.digits.resize_with(t.n, || None);
        }
        let same = self.digits[d].as_ref().is_some_and(|tab| {
            (0..t.ncells)
                .all(|k| (tab.places[k / 64] >> (k % 64) & 1 != 0) == (b.cand[k] >> d & 1 != 0))
        });
        if !same {
            self.digits[d] = Some(tables(b, d));
        }
        self.digits[d].as_ref().expect("made above")
    }
}

/// The link tables of digit `d` (see [`Tables`]).
fn tables(b: &Board, d: usize) -> Tables {
    let t = &b.topo;
    let words = t.words;
    let links: Vec<StrongLink> = (0..3 * t.n).filter_map(|h| link_of(b, h, d)).collect();
    let nl = links.len();
    let dcells = bitset(words, (0..t.ncells).filter(|&k| b.cand[k] >> d & 1 != 0));
    // each node's house of each kind holding all its cells (`u16::MAX`: none), for `share`
    // on two nodes in a few comparisons
    let common: Vec<[u16; 3]> = links
        .iter()
        .flat_map(|l| l.nodes.iter())
        .map(|node| {
            let mut c = t.cell_houses[node[0]];
            for &k in &node[1..] {
                for (h, &hk) in c.iter_mut().zip(&t.cell_houses[k]) {
                    if hk != *h {
                        *h = u16::MAX;
                    }
                }
            }
            c
        })
        .collect();
    // `share` of nodes `x` and `y` (indices into `common`): a column, then a row, then a box
    let share_nodes = |x: usize, y: usize| {
        [1usize, 0, 2]
            .into_iter()
            .find(|&kind| common[x][kind] != u16::MAX && common[x][kind] == common[y][kind])
            .map(|kind| common[x][kind])
    };
    let mut apart = vec![false; nl * nl];
    for i in 0..nl {
        for j in 0..nl {
            apart[i * nl + j] = i != j && disjoint(&links[i].base, &links[j].base);
        }
    }
    // the links each exit node joins, in the order of exit nodes, then links, then entry
    // sides (PERF: pushed as found, without the table of every pair of nodes)
    let mut succ: Vec<(usize, usize, u16)> = Vec::new();
    let mut succ_at = vec![0usize; 2 * nl + 1];
    for exit in 0..2 * nl {
        let i = exit / 2;
        for j in 0..nl {
            if !apart[i * nl + j] {
                continue;
            }
            for e in 0..2 {
                if let Some(h) = share_nodes(exit, j * 2 + e) {
                    debug_assert_eq!(
                        share(b, &links[i].nodes[exit % 2], &links[j].nodes[e]),
                        Some(h as usize)
                    );
                    succ.push((j, e, h + 1));
                }
            }
        }
        succ_at[exit + 1] = succ.len();
    }
    let mut seen: Vec<u64> = Vec::with_capacity(2 * nl * words);
    for node in links.iter().flat_map(|l| l.nodes.iter()) {
        let at = seen.len();
        seen.extend_from_slice(&dcells);
        for &c in node {
            for (w, x) in seen[at..].iter_mut().enumerate() {
                *x &= t.peer_bits[c * words + w];
            }
        }
    }
    let mut house_bits = vec![0u64; nl * words];
    for (l, link) in links.iter().enumerate() {
        for &k in &t.houses[link.house] {
            let k = k as usize;
            house_bits[l * words + k / 64] |= 1 << (k % 64);
        }
    }
    Tables {
        places: dcells,
        links,
        apart,
        succ,
        succ_at,
        seen,
        house_bits,
    }
}

/// Strong-link patterns of `n` links (2, 3 or 4) of the techniques of `wanted`: the easiest,
/// with the most eliminations among the easiest; with `since`, only on the digits changed
/// since this finder last found nothing (a pattern reads the places of its digit only).
#[cfg(test)]
pub(crate) fn strong_links(
    b: &Board,
    n: usize,
    wanted: TechniqueSet,
    since: Option<&Since>,
) -> Option<Step> {
    strong_links_with(b, n, wanted, since, &mut Links::default())
}

/// `strong_links` with the link tables of `cache` (made again for the digits whose places
/// changed).
pub(crate) fn strong_links_with(
    b: &Board,
    n: usize,
    wanted: TechniqueSet,
    since: Option<&Since>,
    cache: &mut Links,
) -> Option<Step> {
    let t = &b.topo;
    let words = t.words;
    let base = match n {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    let mut best: Option<(usize, Found)> = None;
    // (made once for all digits: `victims` is written before it is read)
    let mut chain: Vec<(usize, usize)> = Vec::with_capacity(n);
    let mut joins: Vec<usize> = Vec::with_capacity(n);
    let mut victims = vec![0u64; words];
    let mut stack: Vec<(usize, usize, usize, u16)> = Vec::new(); // (depth, link, entry, join + 1)
    // PERF: per digit, every pairwise relation is computed once (and kept while the digit's
    // places stay); the depth-first search over chains then only reads tables (no
    // allocation until a pattern is found).
    for d in 0..t.n {
        if since.is_some_and(|s| s.digits >> d & 1 == 0) {
            continue;
        }
        let tab = cache.of(b, d);
        let links = &tab.links;
        let nl = links.len();
        if nl < n {
            continue;
        }
        let (apart, succ, succ_at) = (&tab.apart, &tab.succ, &tab.succ_at);
        let (seen, house_bits) = (&tab.seen, &tab.house_bits);
        chain.clear();
        joins.clear();
        stack.clear();
        for i in 0..nl {
            for e in 0..2 {
                stack.push((0, i, e, 0));
            }
        }
        while let Some((depth, i, e, jh)) = stack.pop() {
            chain.truncate(depth);
            joins.truncate(depth.saturating_sub(1));
            if depth > 0 {
                joins.push(jh as usize - 1);
            }
            chain.push((i, e));
            let mut f = [false; 4];
            for &(c, _) in &chain {
                let g = flags(&links[c]);
                for k in 0..4 {
                    f[k] |= g[k];
                }
            }
            let tenths = base + bonus(f);
            if best.as_ref().is_some_and(|(_, b)| b.tenths < tenths) {
                continue; // more links only raise the rating
            }
            if chain.len() < n {
                let exit = i * 2 + (1 - e);
                for &(j, f2, h) in &succ[succ_at[exit]..succ_at[exit + 1]] {
                    if chain.iter().any(|&(c, _)| c == j || !apart[c * nl + j]) {
                        continue;
                    }
                    stack.push((chain.len(), j, f2, h));
                }
                continue;
            }
            // a chain of n links; each reversed chain once
            if chain[0].0 > chain[n - 1].0 {
                continue;
            }
            let (tenths, technique) = rating(chain.iter().map(|&(c, _)| &links[c]));
            if !wanted.contains(technique) {
                continue;
            }
            let start = chain[0].0 * 2 + chain[0].1;
            let end = chain[n - 1].0 * 2 + (1 - chain[n - 1].1);
            let ring = share(
                b,
                &links[start / 2].nodes[start % 2],
                &links[end / 2].nodes[end % 2],
            );
            for (w, v) in victims.iter_mut().enumerate() {
                *v = seen[start * words + w] & seen[end * words + w];
                for &(c, _) in &chain {
                    *v &= !house_bits[c * words + w];
                }
            }
            if ring.is_none() {
                for &h in &joins {
                    for &k in &t.houses[h] {
                        let k = k as usize;
                        victims[k / 64] &= !(1 << (k % 64));
                    }
                }
            } else {
                for w in 0..n - 1 {
                    let exit = chain[w].0 * 2 + (1 - chain[w].1);
                    let entry = chain[w + 1].0 * 2 + chain[w + 1].1;
                    for (x, v) in victims.iter_mut().enumerate() {
                        let mut extra = seen[exit * words + x] & seen[entry * words + x];
                        for &(c, _) in &chain {
                            extra &= !house_bits[c * words + x];
                        }
                        *v |= extra;
                    }
                }
            }
            let count: usize = victims.iter().map(|v| v.count_ones() as usize).sum();
            if count == 0 {
                continue;
            }
            let better = match &best {
                None => true,
                Some((_, f)) => tenths < f.tenths || count > f.elims.len(),
            };
            if better {
                let elims: Vec<usize> = victims
                    .iter()
                    .enumerate()
                    .flat_map(|(w, &m)| bits(m).map(move |i| w * 64 + i))
                    .collect();
                best = Some((
                    d,
                    Found {
                        tenths,
                        technique,
                        elims,
                        chain: chain.clone(),
                        joins: joins.clone(),
                        ring,
                    },
                ));
            }
        }
    }
    // the best digit's links (its tables are those of this board)
    let (d, f) = best?;
    Some(make_step(b, &cache.of(b, d).links, d, &f))
}

fn make_step(b: &Board, links: &[StrongLink], d: usize, f: &Found) -> Step {
    let t = &b.topo;
    if b.silent {
        let elims = f.elims.iter().map(|&k| cand(b, k, d)).collect();
        return crate::basic::bare(f.technique, f.tenths, vec![], elims);
    }
    let n = f.chain.len();
    let ls: Vec<&StrongLink> = f.chain.iter().map(|&(c, _)| &links[c]).collect();
    let name_of = |v: &[usize]| {
        let names: Vec<String> = v.iter().map(|&k| t.name(k)).collect();
        if v.len() == 1 {
            names[0].clone()
        } else {
            format!("{{{}}}", names.join(","))
        }
    };
    let grouped = ls.iter().any(|l| l.grouped);
    let has_box = ls.iter().any(|l| l.kind == 0);
    let mixed = ls.iter().any(|l| l.kind == 1) && ls.iter().any(|l| l.kind == 2);
    let name = if f.ring.is_some() {
        format!(
            "({n} strong links) {}X-loop",
            if grouped { "grouped " } else { "" }
        )
    } else {
        let base = if !has_box && !mixed {
            if n == 2 {
                "Skyscraper".to_string()
            } else {
                format!("{n} skyscrapers")
            }
        } else if !has_box && n < 4 {
            format!("{n}-string kite")
        } else {
            format!("{n} strong links")
        };
        if grouped {
            format!("Grouped {}", base.to_lowercase())
        } else {
            base
        }
    };
    let name = match f.technique {
        Technique::EmptyRectangle => "Empty rectangle".to_string(),
        _ => name,
    };
    let mut path: Vec<Candidate> = Vec::new();
    let mut cells: Vec<(usize, usize)> = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    for (w, l) in ls.iter().enumerate() {
        let e = f.chain[w].1;
        let (a, z) = (&l.nodes[e], &l.nodes[1 - e]);
        path.push(cand(b, a[0], d));
        path.push(cand(b, z[0], d));
        for &k in a.iter().chain(z.iter()) {
            let c = (k / t.n, k % t.n);
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        parts.push(format!("{}={}", name_of(a), name_of(z)));
    }
    let links: Vec<Link> = path
        .windows(2)
        .enumerate()
        .map(|(i, w)| Link {
            from: w[0],
            to: w[1],
            strong: i % 2 == 0,
        })
        .collect();
    let houses: Vec<House> = ls.iter().map(|l| t.house(l.house).into()).collect();
    let start = &ls[0].nodes[f.chain[0].1];
    let end = &ls[n - 1].nodes[1 - f.chain[n - 1].1];
    let elims: Vec<Candidate> = f.elims.iter().map(|&k| cand(b, k, d)).collect();
    let pattern = Pattern {
        cells,
        houses: houses.clone(),
        digits: vec![d as u8 + 1],
        candidates: path.clone(),
        links,
        areas: Vec::new(),
    };
    let joined: Vec<String> = f.joins.iter().map(|&h| t.house(h).to_string()).collect();
    let hs: Vec<String> = houses.iter().map(|h| h.to_string()).collect();
    let what = format!(
        "{name}: {} in {} or {} (strong links {} in {}{}{})",
        d + 1,
        name_of(start),
        name_of(end),
        parts.join(", "),
        hs.join(", "),
        if joined.is_empty() {
            String::new()
        } else {
            format!(", joined in {}", joined.join(", "))
        },
        f.ring
            .map(|h| format!("; the ends share {}, a loop", t.house(h)))
            .unwrap_or_default(),
    );
    let mut s = elimination(f.technique, elims, pattern, &what);
    s.rating = f64::from(f.tenths) / 10.0;
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_sudoku::{Grid, Shape};

    fn open() -> Board {
        Board::new(&Grid::empty(Shape::new(3, 3).unwrap()))
    }

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    /// Leaves digit `d` in `house` (0-based house index) only at `keep`.
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

    const COL: usize = 9;

    #[test]
    fn skyscraper_kite_and_turbot() {
        let mut b = open();
        leave(&mut b, COL, &[at(2, 1), at(7, 1)], 1);
        leave(&mut b, COL + 4, &[at(3, 5), at(7, 5)], 1);
        let s = strong_links(&b, 2, TechniqueSet::all(), None).unwrap();
        assert_eq!(s.technique, Technique::Skyscraper, "{}", s.text);
        assert_eq!(s.rating, 4.0);
        assert_eq!(
            names(&s.eliminations),
            ["r2c4=1", "r2c6=1", "r3c2=1", "r3c3=1"]
        );

        let mut b = open();
        leave(&mut b, 0, &[at(1, 2), at(1, 8)], 2);
        leave(&mut b, COL + 2, &[at(2, 3), at(8, 3)], 2);
        let s = strong_links(&b, 2, TechniqueSet::all(), None).unwrap();
        assert_eq!(s.technique, Technique::TwoStringKite, "{}", s.text);
        assert_eq!(s.rating, 4.1);
        assert_eq!(names(&s.eliminations), ["r8c8=2"]);
        // only skyscrapers asked for: nothing
        let only = TechniqueSet::EMPTY.with(Technique::Skyscraper);
        assert!(strong_links(&b, 2, only, None).is_none());
    }

    #[test]
    fn empty_rectangle() {
        // 1 in box 5 on row 5 and column 5 only, the heart r5c5 empty; row 2 a pair
        let mut b = open();
        let keep = [at(4, 5), at(6, 5), at(5, 4), at(5, 6)];
        leave(&mut b, 18 + 4, &keep, 1);
        leave(&mut b, 1, &[at(2, 5), at(2, 8)], 1);
        let s = strong_links(&b, 2, TechniqueSet::all(), None).unwrap();
        assert_eq!(s.technique, Technique::EmptyRectangle, "{}", s.text);
        assert_eq!(s.rating, 4.3);
        assert_eq!(names(&s.eliminations), ["r5c8=1"]);
    }

    #[test]
    fn three_skyscrapers() {
        // 5 in columns 1, 4 and 7, each a conjugate pair, joined in rows 3 and 6:
        // r1c1=r3c1 - r3c4=r6c4 - r6c7=r2c7, so r1c1 or r2c7 holds 5
        let mut b = open();
        leave(&mut b, COL, &[at(1, 1), at(3, 1)], 5);
        leave(&mut b, COL + 3, &[at(3, 4), at(6, 4)], 5);
        leave(&mut b, COL + 6, &[at(2, 7), at(6, 7)], 5);
        let s = strong_links(&b, 3, TechniqueSet::all(), None).unwrap();
        assert_eq!(s.technique, Technique::ThreeStrongLinks, "{}", s.text);
        assert_eq!(s.rating, 5.4, "{}", s.text);
        assert!(s.text.starts_with("3 skyscrapers"), "{}", s.text);
        assert_eq!(
            names(&s.eliminations),
            ["r1c8=5", "r1c9=5", "r2c2=5", "r2c3=5"]
        );
    }
}
