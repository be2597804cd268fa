//! Killer puzzles with no givens: cages cut from a solution, split until the search proves
//! one solution, then merged while it still does.
//!
//! 1. **Cut.** Cells in a random order each start a cage (if not yet in one) that grows by
//!    random orthogonal neighbours whose digits it lacks, to a random size from 2 to the
//!    largest allowed; a lone cell left over joins a neighbouring cage that lacks its digit.
//! 2. **Split.** While the search finds a second solution `t`, a cage where `t` differs from
//!    the solution `s` is cut in two along an edge of a random spanning tree of its cells,
//!    chosen so that the two parts' sums differ between `s` and `t` (such an edge exists:
//!    if every edge cut had equal sums, every cell would hold the same digit in both), the
//!    most even such cut first. Both parts stay connected, and `t` is no longer a solution.
//!    Each split adds a cage, so this ends (at worst with every cell a cage of one). A proof
//!    that runs out of its node budget (large grids) splits a largest cage the same way, at
//!    its most even cut: more information, smaller proofs.
//! 3. **Merge.** Rounds over the pairs of neighbouring cages whose union has different digits
//!    and at most the largest size, in a random order: a merge is kept if the search still
//!    proves one solution. A round without a merge ends it; then no two neighbouring cages
//!    can be merged (`minimal`). After 3 merge proofs cut short by the node budget, merging
//!    stops (not minimal): each costs the whole budget.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::grids::{connected, neighbours};
use super::worker::{Check, Timeout, Worker};
use crate::cell::Cell;
use crate::constraint::Constraint;
use crate::puzzle::Puzzle;
use crate::rules::Regions;
use crate::rules::Rules;

/// Cages as lists of row-major cell indices.
pub(super) type Cages = Vec<Vec<usize>>;

/// The cages of `solution` with their sums, as constraints.
pub(super) fn constraints(cages: &Cages, solution: &[u8], n: usize) -> Vec<Constraint> {
    let mut sorted: Vec<Vec<usize>> = cages
        .iter()
        .map(|c| {
            let mut c = c.clone();
            c.sort_unstable();
            c
        })
        .collect();
    // In reading order of their first cells, as people list them.
    sorted.sort_unstable();
    sorted
        .iter()
        .map(|cage| {
            let mut cells: Vec<usize> = cage.clone();
            cells.sort_unstable();
            Constraint::Killer {
                sum: Some(cells.iter().map(|&i| u32::from(solution[i])).sum()),
                cells: cells.into_iter().map(|i| Cell::at(i, n)).collect(),
            }
        })
        .collect()
}

/// Step 1: random cages of different digits, of 2 to `max` cells where the digits allow.
pub(super) fn cut(solution: &[u8], n: usize, max: usize, rng: &mut ChaCha8Rng) -> Cages {
    let mut cage_of = vec![usize::MAX; n * n];
    let mut cages: Cages = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = rng.random_range(2..=max.max(2));
        let id = cages.len();
        let mut cage = vec![start];
        let mut digits = 1u32 << solution[start];
        cage_of[start] = id;
        while cage.len() < target {
            let frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&i| neighbours(i, n))
                .filter(|&j| cage_of[j] == usize::MAX && digits & (1 << solution[j]) == 0)
                .collect();
            let Some(&j) = frontier.choose(rng) else {
                break;
            };
            cage_of[j] = id;
            digits |= 1 << solution[j];
            cage.push(j);
        }
        cages.push(cage);
    }
    // Lone cells join a neighbouring cage without their digit that has room (else they stay
    // a cage of one cell, which the merges of step 3 may grow).
    for id in 0..cages.len() {
        if cages[id].len() != 1 {
            continue;
        }
        let i = cages[id][0];
        let mut options: Vec<usize> = neighbours(i, n)
            .map(|j| cage_of[j])
            .filter(|&k| {
                k != id
                    && cages[k].len() > 1
                    && cages[k].len() < max
                    && cages[k].iter().all(|&j| solution[j] != solution[i])
            })
            .collect();
        options.sort_unstable();
        options.dedup();
        if let Some(&k) = options.choose(rng) {
            cages[k].push(i);
            cages[id].clear();
            cage_of[i] = k;
        }
    }
    cages.retain(|c| !c.is_empty());
    cages
}

/// Step 2: splits a cage that tells `solution` from `other` (see the module's doc). `false`
/// when no cage does (then `other` equals `solution`).
pub(super) fn split(
    cages: &mut Cages,
    solution: &[u8],
    other: &[u8],
    n: usize,
    rng: &mut ChaCha8Rng,
) -> bool {
    let mut ids: Vec<usize> = (0..cages.len())
        .filter(|&k| cages[k].iter().any(|&i| solution[i] != other[i]))
        .collect();
    ids.shuffle(rng);
    for id in ids {
        let cage = cages[id].clone();
        let k = cage.len();
        // A random spanning tree: each cell after the first hangs from an earlier neighbour.
        let mut order = vec![cage[rng.random_range(0..k)]];
        let mut parent = vec![usize::MAX];
        let mut frontier: Vec<(usize, usize)> = Vec::new();
        while order.len() < k {
            frontier.clear();
            for (p, &i) in order.iter().enumerate() {
                for j in neighbours(i, n) {
                    if cage.contains(&j) && !order.contains(&j) {
                        frontier.push((j, p));
                    }
                }
            }
            let Some(&(j, p)) = frontier.choose(rng) else {
                break;
            };
            order.push(j);
            parent.push(p);
        }
        if order.len() < k {
            continue; // not connected (cannot happen for cages cut here)
        }
        // Cutting the edge above node `v` leaves the subtree of `v` on one side.
        let mut best: Option<(usize, Vec<usize>)> = None;
        for v in 1..k {
            let mut inside = vec![false; k];
            inside[v] = true;
            for w in v + 1..k {
                if inside[parent[w]] {
                    inside[w] = true;
                }
            }
            let part: Vec<usize> = (0..k).filter(|&w| inside[w]).map(|w| order[w]).collect();
            let s: u32 = part.iter().map(|&i| u32::from(solution[i])).sum();
            let t: u32 = part.iter().map(|&i| u32::from(other[i])).sum();
            if s == t {
                continue;
            }
            let even = part.len().min(k - part.len());
            if best.as_ref().is_none_or(|(e, _)| even > *e) {
                best = Some((even, part));
            }
        }
        if let Some((_, part)) = best {
            let rest: Vec<usize> = cage.iter().copied().filter(|i| !part.contains(i)).collect();
            cages[id] = rest;
            cages.push(part);
            return true;
        }
    }
    false
}

/// Splits the largest cage (of two cells or more; a random one among the largest) along the
/// most even edge of a random spanning tree: more information when a proof runs out of its
/// budget. `false` when every cage is a single cell.
pub(super) fn split_largest(cages: &mut Cages, n: usize, rng: &mut ChaCha8Rng) -> bool {
    let Some(largest) = cages.iter().map(Vec::len).max().filter(|&k| k >= 2) else {
        return false;
    };
    let ids: Vec<usize> = (0..cages.len())
        .filter(|&k| cages[k].len() == largest)
        .collect();
    let Some(&id) = ids.choose(rng) else {
        return false;
    };
    // `split` with every cell of the cage changed by one in the "other" grid: every cut's
    // sums differ, so it takes the most even one.
    let solution: Vec<u8> = vec![1; n * n];
    let mut other = solution.clone();
    for &i in &cages[id] {
        other[i] = 2;
    }
    let mut one = vec![std::mem::take(&mut cages[id])];
    let done = split(&mut one, &solution, &other, n, rng);
    cages[id] = one.swap_remove(0);
    if done {
        cages.push(one.pop().unwrap_or_default());
    }
    done
}

/// Whether cages `a` and `b` touch and may be one cage: different digits, at most `max`.
fn mergeable(a: &[usize], b: &[usize], solution: &[u8], n: usize, max: usize) -> bool {
    if a.len() + b.len() > max {
        return false;
    }
    let digits = a.iter().fold(0u32, |m, &i| m | 1 << solution[i]);
    b.iter().all(|&i| digits & (1 << solution[i]) == 0)
        && a.iter().any(|&i| neighbours(i, n).any(|j| b.contains(&j)))
}

/// Merge proofs cut short by the node budget before merging stops (the puzzle is then not
/// minimal): each costs the whole budget.
const MAX_CUT_SHORT: usize = 3;

/// Step 3: merges neighbouring cages while the puzzle stays unique; whether the last round
/// tried every pair and merged none (the cages are then minimal).
pub(super) fn merge(
    w: &mut Worker<'_>,
    regions: Option<&Regions>,
    cages: &mut Cages,
    solution: &[u8],
    max: usize,
    rng: &mut ChaCha8Rng,
) -> Result<bool, Timeout> {
    let n = w.n;
    // Proofs cut short by the budget are the dear ones: after a few, stop merging.
    let mut cut_short = 0;
    loop {
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for a in 0..cages.len() {
            for b in a + 1..cages.len() {
                if mergeable(&cages[a], &cages[b], solution, n, max) {
                    pairs.push((a, b));
                }
            }
        }
        pairs.shuffle(rng);
        let mut gone = vec![false; cages.len()];
        let mut merged = false;
        let mut all_decided = true;
        for (a, b) in pairs {
            if gone[a] || gone[b] {
                all_decided = false;
                continue;
            }
            let mut trial: Cages = cages.clone();
            let moved = std::mem::take(&mut trial[b]);
            trial[a].extend(moved);
            trial.retain(|c| !c.is_empty());
            match check(w, regions, &trial, solution, 0)? {
                Check::Unique => {
                    let moved = std::mem::take(&mut cages[b]);
                    cages[a].extend(moved);
                    gone[b] = true;
                    gone[a] = true; // its cells changed: its pairs wait for the next round
                    merged = true;
                }
                Check::Multiple(_) => {}
                Check::Unknown => {
                    cut_short += 1;
                    if cut_short >= MAX_CUT_SHORT {
                        cages.retain(|c| !c.is_empty());
                        return Ok(false);
                    }
                    all_decided = false;
                }
            }
        }
        cages.retain(|c| !c.is_empty());
        if !merged {
            return Ok(all_decided);
        }
    }
}

/// Whether every cage is connected, of different digits (for tests and debug checks).
pub(super) fn well_formed(cages: &Cages, solution: &[u8], n: usize) -> bool {
    let mut covered = vec![0u8; n * n];
    for cage in cages {
        let mut digits = 0u32;
        for &i in cage {
            covered[i] += 1;
            if digits & (1 << solution[i]) != 0 {
                return false;
            }
            digits |= 1 << solution[i];
        }
        if !connected(n, cage[0], cage.len(), |j| cage.contains(&j)) {
            return false;
        }
    }
    covered.iter().all(|&k| k == 1)
}

/// The killer puzzle of `cages` on `solution`, with the run's other rules.
pub(super) fn puzzle(
    globals: &[Constraint],
    n: usize,
    regions: Option<Regions>,
    cages: &Cages,
    solution: &[u8],
) -> Option<Puzzle> {
    let mut all = globals.to_vec();
    all.extend(constraints(cages, solution, n));
    let rules = Rules::new(n, regions, all).ok()?;
    Puzzle::new(rules, vec![0; n * n]).ok()
}

/// Decides the uniqueness of the killer puzzle of `cages`, keeping up to `keep` solutions.
pub(super) fn check(
    w: &mut Worker<'_>,
    regions: Option<&Regions>,
    cages: &Cages,
    solution: &[u8],
    keep: usize,
) -> Result<Check, Timeout> {
    match puzzle(w.globals, w.n, regions.cloned(), cages, solution) {
        Some(p) => w.check(&p, keep),
        None => Ok(Check::Unknown),
    }
}
