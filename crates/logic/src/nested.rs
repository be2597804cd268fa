//! What a dynamic run looks for inside itself at each fixpoint (Sudoku Explainer's "advanced
//! potentials"): on the board as the run has changed it, the eliminations of a rule that the
//! run made possible, each with the run's `off`s that made it possible as parents.
//!
//! The rules, tried in order until one gives something: pointing and claiming, hidden pairs,
//! naked pairs, X-wings (level 1 and up); then static forcing chains and cycles (level 2),
//! static cell and region forcing chains (level 3), or dynamic forcing chains of a lower
//! level (level 4 and up: 4 has dynamic forcing chains inside, 5 those of level 2, Sudoku
//! Explainer 1.2.1's last level). A nested chain adds its own complexity to the chains that
//! use it, once.

use crate::basic::bits;
use crate::board::Topology;
use crate::dynamic::{self, Chainer, Config, Kind, Run};

/// Scratch space for the rules inside a run.
pub(crate) struct Inside {
    chainer: Chainer,
    level: dynamic::Level,
    cycles: crate::cycles::Scratch,
}

impl Inside {
    fn new(n: usize) -> Inside {
        Inside {
            chainer: Chainer::new(n),
            level: dynamic::Level::new(n),
            cycles: crate::cycles::Scratch::new(n),
        }
    }
}

/// An elimination of a rule inside: the potential and its parents (`off` potentials of the
/// outer run), with the nested chain's complexity if a chain found it.
struct Found {
    pot: usize,
    parents: Vec<usize>,
    nested: Option<u32>,
}

/// The eliminations the first rule that has any gives on the run's board now, as new
/// `off` events of `run` (not yet recorded); their indices.
pub(crate) fn advanced(
    ch: &mut Chainer,
    topo: &Topology,
    cfg: Config,
    run: &mut Run,
) -> Vec<(u32, ())> {
    let n = topo.n;
    let mut found: Vec<Found> = Vec::new();
    for rule in 0..5 {
        let (grid, orig) = (&ch.grid[..], &ch.orig[..]);
        match rule {
            0 => locking(topo, grid, orig, &mut found),
            1 => hidden_pairs(topo, grid, orig, &mut found),
            2 => naked_pairs(topo, grid, orig, &mut found),
            3 => x_wings(topo, grid, orig, &mut found),
            _ => {
                if cfg.level >= 2 {
                    let (grid, orig) = (ch.grid.clone(), ch.orig.clone());
                    chains_inside(ch, topo, &grid, &orig, cfg.level, &mut found);
                }
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    let mut out = Vec::with_capacity(found.len());
    for f in found {
        let parents: Vec<u32> = f
            .parents
            .iter()
            .filter_map(|&p| run.event(p, false))
            .collect();
        if parents.len() != f.parents.len() {
            continue;
        }
        let e = Chainer::advanced_off(run, f.pot, &parents, f.nested);
        out.push((e, ()));
    }
    let _ = n;
    out
}

/// Whether cell `k` held `d` when the run started but not now.
#[inline]
fn removed(grid: &[u64], orig: &[u64], k: usize, d: usize) -> bool {
    orig[k] >> d & 1 != 0 && grid[k] >> d & 1 == 0
}

/// Pointing and claiming, in Sudoku Explainer's order: box to column, box to row, column to
/// box, row to box, each pair of crossing houses in index order, then the digits.
fn locking(topo: &Topology, grid: &[u64], orig: &[u64], out: &mut Vec<Found>) {
    let n = topo.n;
    // kinds as indices into cell_houses: 0 row, 1 column, 2 box
    for (k1, k2) in [(2usize, 1usize), (2, 0), (1, 2), (0, 2)] {
        for i1 in 0..n {
            let r1 = k1_house(topo, k1, i1);
            for i2 in 0..n {
                let r2 = k1_house(topo, k2, i2);
                if !topo.houses[r1]
                    .iter()
                    .any(|&k| topo.cell_houses[k as usize][k2] as usize == r2)
                {
                    continue;
                }
                for d in 0..n {
                    let mut places = 0;
                    let mut inside = true;
                    for &k in &topo.houses[r1] {
                        let k = k as usize;
                        if grid[k] >> d & 1 != 0 {
                            places += 1;
                            inside &= topo.cell_houses[k][k2] as usize == r2;
                        }
                    }
                    if places < 2 || !inside {
                        continue;
                    }
                    let in1 = |k: usize| topo.cell_houses[k][k1] as usize == r1;
                    let victims: Vec<usize> = topo.houses[r2]
                        .iter()
                        .map(|&k| k as usize)
                        .filter(|&k| !in1(k) && grid[k] >> d & 1 != 0)
                        .collect();
                    if victims.is_empty() {
                        continue;
                    }
                    let parents: Vec<usize> = topo.houses[r1]
                        .iter()
                        .map(|&k| k as usize)
                        .filter(|&k| {
                            removed(grid, orig, k, d) && topo.cell_houses[k][k2] as usize != r2
                        })
                        .map(|k| k * n + d)
                        .collect();
                    if parents.is_empty() {
                        continue;
                    }
                    for k in victims {
                        out.push(Found {
                            pot: k * n + d,
                            parents: parents.clone(),
                            nested: None,
                        });
                    }
                }
            }
        }
    }
}

/// The house of kind `kind` (0 row, 1 column, 2 box) and index `i`.
fn k1_house(topo: &Topology, kind: usize, i: usize) -> usize {
    kind * topo.n + i
}

/// Houses in Sudoku Explainer's order for subsets: boxes, columns, rows.
fn subset_houses(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

fn empties(topo: &Topology, grid: &[u64], h: usize) -> usize {
    // cells without a value: in a run no value is set, a cell with candidates is empty
    topo.houses[h]
        .iter()
        .filter(|&&k| grid[k as usize] != 0)
        .count()
}

fn hidden_pairs(topo: &Topology, grid: &[u64], orig: &[u64], out: &mut Vec<Found>) {
    let n = topo.n;
    for h in subset_houses(n) {
        if empties(topo, orig, h) <= 4 {
            continue;
        }
        let house = &topo.houses[h];
        let pos: Vec<u64> = (0..n)
            .map(|d| {
                house
                    .iter()
                    .enumerate()
                    .filter(|&(_, &k)| grid[k as usize] >> d & 1 != 0)
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .collect();
        for (a, b) in colex_pairs(n) {
            let (pa, pb) = (pos[a], pos[b]);
            if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                continue;
            }
            let set = pa | pb;
            let values = 1u64 << a | 1 << b;
            let mut victims = Vec::new();
            for i in bits(set) {
                let k = house[i] as usize;
                for d in bits(grid[k] & !values) {
                    victims.push(k * n + d);
                }
            }
            if victims.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for (i, &k) in house.iter().enumerate() {
                if set >> i & 1 != 0 {
                    continue;
                }
                for d in [a, b] {
                    if orig[k as usize] >> d & 1 != 0 {
                        parents.push(k as usize * n + d);
                    }
                }
            }
            if parents.is_empty() {
                continue;
            }
            for v in victims {
                out.push(Found {
                    pot: v,
                    parents: parents.clone(),
                    nested: None,
                });
            }
        }
    }
}

fn naked_pairs(topo: &Topology, grid: &[u64], orig: &[u64], out: &mut Vec<Found>) {
    let n = topo.n;
    for h in subset_houses(n) {
        if empties(topo, orig, h) < 4 {
            continue;
        }
        let house = &topo.houses[h];
        for (i, j) in colex_pairs(n) {
            let (a, b) = (house[i] as usize, house[j] as usize);
            let (ma, mb) = (grid[a], grid[b]);
            if ma.count_ones() < 2 || mb.count_ones() < 2 || (ma | mb).count_ones() != 2 {
                continue;
            }
            let values = ma | mb;
            let mut victims = Vec::new();
            for &k in house {
                let k = k as usize;
                if k == a || k == b {
                    continue;
                }
                for d in bits(grid[k] & values) {
                    victims.push(k * n + d);
                }
            }
            if victims.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for k in [a, b] {
                for d in bits(orig[k] & !values) {
                    parents.push(k * n + d);
                }
            }
            if parents.is_empty() {
                continue;
            }
            for v in victims {
                out.push(Found {
                    pot: v,
                    parents: parents.clone(),
                    nested: None,
                });
            }
        }
    }
}

fn x_wings(topo: &Topology, grid: &[u64], orig: &[u64], out: &mut Vec<Found>) {
    let n = topo.n;
    // columns as base first, then rows
    for base_kind in [1usize, 0] {
        let cover_kind = 1 - base_kind;
        for (l1, l2) in colex_pairs(n) {
            for d in 0..n {
                // Sudoku Explainer: the digit placed n - 4 times at most (a row without the
                // digit among its candidates holds it)
                let placed = (0..n)
                    .filter(|&r| {
                        !topo.houses[r]
                            .iter()
                            .any(|&k| orig[k as usize] >> d & 1 != 0)
                    })
                    .count();
                if placed + 4 > n {
                    continue;
                }
                let lines = [base_kind * n + l1, base_kind * n + l2];
                let pos: Vec<u64> = lines
                    .iter()
                    .map(|&h| {
                        topo.houses[h]
                            .iter()
                            .enumerate()
                            .filter(|&(_, &k)| grid[k as usize] >> d & 1 != 0)
                            .fold(0u64, |m, (i, _)| m | 1 << i)
                    })
                    .collect();
                if pos[0].count_ones() < 2 || pos[1].count_ones() < 2 {
                    continue;
                }
                let covers = pos[0] | pos[1];
                if covers.count_ones() != 2 {
                    continue;
                }
                let mut victims = Vec::new();
                for c in bits(covers) {
                    let h = cover_kind * n + c;
                    for &k in &topo.houses[h] {
                        let k = k as usize;
                        if lines.contains(&(topo.cell_houses[k][base_kind] as usize)) {
                            continue;
                        }
                        if grid[k] >> d & 1 != 0 {
                            victims.push(k * n + d);
                        }
                    }
                }
                if victims.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for &h in &lines {
                    for (i, &k) in topo.houses[h].iter().enumerate() {
                        let k = k as usize;
                        if covers >> i & 1 == 0 && removed(grid, orig, k, d) {
                            parents.push(k * n + d);
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                for v in victims {
                    out.push(Found {
                        pot: v,
                        parents: parents.clone(),
                        nested: None,
                    });
                }
            }
        }
    }
}

/// Pairs `(i, j)`, `i < j < n`, in Sudoku Explainer's order (by the highest, then the lowest).
fn colex_pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|j| (0..j).map(move |i| (i, j)))
}

/// Chains inside (levels 2 and up): all the hints of the chain search below, with their
/// rule parents and complexities.
fn chains_inside(
    ch: &mut Chainer,
    topo: &Topology,
    grid: &[u64],
    orig: &[u64],
    level: u8,
    out: &mut Vec<Found>,
) {
    let n = topo.n;
    let inside = ch.inside.get_or_insert_with(|| Box::new(Inside::new(n)));
    inside.chainer.deadline = ch.deadline;
    match level {
        2 => {
            let hints = crate::cycles::all_hints(topo, grid, &mut inside.cycles);
            for h in hints {
                let parents = crate::cycles::rule_parents(topo, grid, orig, &h);
                if parents.is_empty() {
                    continue;
                }
                for &pot in &h.removals {
                    out.push(Found {
                        pot,
                        parents: parents.clone(),
                        nested: Some(h.complexity as u32),
                    });
                }
            }
        }
        _ => {
            let (kind, cfg) = match level {
                3 => (Kind::Multiple, Config::STATIC),
                4 => (Kind::Dynamic, Config::dynamic(0)),
                _ => (Kind::Dynamic, Config::dynamic(level - 3)),
            };
            let hints = dynamic::hints(
                &mut inside.chainer,
                &mut inside.level,
                topo,
                grid,
                kind,
                cfg,
                dynamic::Kinds::ALL,
                false,
            );
            if inside.chainer.expired {
                ch.expired = true;
                return;
            }
            for h in hints {
                let parents = dynamic::rule_parents(&mut inside.level, topo, grid, orig, &h);
                if parents.is_empty() {
                    continue;
                }
                for pot in dynamic::removals(topo, grid, &h) {
                    out.push(Found {
                        pot,
                        parents: parents.clone(),
                        nested: Some(h.complexity as u32),
                    });
                }
            }
        }
    }
    let _ = bits(0);
}
