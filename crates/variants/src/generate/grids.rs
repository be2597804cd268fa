//! Random grids for the generator: jigsaw layouts (connected regions of `n` cells, by random
//! swaps of border cells between neighbouring regions) and full solutions of any rules (a few
//! random digits that break no rule, completed by the dancing-cells search under a budget).

use dlx_time::Instant;
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use crate::puzzle::Puzzle;
use crate::rules::{Regions, Rules};
use crate::solve::{Limits, Verdict, solve};

/// The orthogonal neighbours of cell `i` of an `n x n` grid.
pub(super) fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    let mut out = [usize::MAX; 4];
    if r > 0 {
        out[0] = i - n;
    }
    if r + 1 < n {
        out[1] = i + n;
    }
    if c > 0 {
        out[2] = i - 1;
    }
    if c + 1 < n {
        out[3] = i + 1;
    }
    out.into_iter().filter(|&j| j != usize::MAX)
}

/// Whether the cells `inside` (a predicate on row-major indices) that are `count` in all form
/// one orthogonally connected piece, starting from `start` (one of them).
pub(super) fn connected(
    n: usize,
    start: usize,
    count: usize,
    inside: impl Fn(usize) -> bool,
) -> bool {
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for j in neighbours(i, n) {
            if !seen[j] && inside(j) {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == count
}

/// A random jigsaw layout: the usual boxes (rows for a prime size), then `40 n^2` tries to
/// swap a border cell of one region with a cell of a neighbouring region, each kept when
/// both regions stay connected.
pub(super) fn jigsaw_layout(n: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut layout: Vec<u8> = match Regions::default_for(n) {
        Some(Regions::Boxes { rows, cols }) => (0..n * n)
            .map(|i| ((i / n) / rows * rows + (i % n) / cols) as u8)
            .collect(),
        _ => (0..n * n).map(|i| (i / n) as u8).collect(),
    };
    let cells = n * n;
    for _ in 0..40 * cells {
        let a = rng.random_range(0..cells);
        let ra = layout[a];
        let others: Vec<usize> = neighbours(a, n).filter(|&j| layout[j] != ra).collect();
        let Some(&b) = others.choose(rng) else {
            continue;
        };
        let rb = layout[b];
        // A cell of region B that touches region A (other than through `a` alone) goes to A.
        let back: Vec<usize> = (0..cells)
            .filter(|&c| layout[c] == rb && neighbours(c, n).any(|j| layout[j] == ra && j != a))
            .collect();
        let Some(&c) = back.choose(rng) else {
            continue;
        };
        layout[a] = rb;
        layout[c] = ra;
        let ok = connected(n, c, n, |j| layout[j] == ra) && connected(n, a, n, |j| layout[j] == rb);
        if !ok {
            layout[a] = ra;
            layout[c] = rb;
        }
    }
    layout
}

/// A full grid of `rules`: `n` random cells (3 under the nonconsecutive rule, whose grids are
/// so few that `n` random digits rarely have a completion) get random digits that break no
/// rule, the dancing-cells search completes them (at most `budget` nodes). `None` when the
/// seeds have no completion, the budget or the deadline ran out.
pub(super) fn random_solution(
    rules: &Rules,
    rng: &mut ChaCha8Rng,
    budget: u64,
    deadline: Option<Instant>,
) -> Option<Vec<u8>> {
    let n = rules.size();
    let mut grid = vec![0u8; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    cells.shuffle(rng);
    let seeds = if rules.has(&crate::constraint::Constraint::NonConsecutive) {
        3
    } else {
        n
    };
    for &i in cells.iter().take(seeds) {
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        for d in digits {
            grid[i] = d;
            if rules.violations(&grid).is_empty() {
                break;
            }
            grid[i] = 0;
        }
    }
    let puzzle = Puzzle::new(rules.clone(), grid).ok()?;
    let limits = Limits {
        solutions: 1,
        keep: 1,
        node_budget: Some(budget),
        deadline,
        ..Limits::default()
    };
    let answer = solve(&puzzle, &limits).ok()?;
    match answer.verdict {
        Verdict::Solved | Verdict::Unique => answer.solutions.into_iter().next(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn jigsaw_regions_are_connected_and_full() {
        for n in [4, 5, 6, 7, 9] {
            let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
            let layout = jigsaw_layout(n, &mut rng);
            for g in 0..n as u8 {
                let cells: Vec<usize> = (0..n * n).filter(|&i| layout[i] == g).collect();
                assert_eq!(cells.len(), n);
                assert!(connected(n, cells[0], n, |j| layout[j] == g));
            }
            // Moved away from the start: some region is no longer a box or a row.
            let start = jigsaw_layout_start(n);
            assert_ne!(layout, start, "{n}");
        }
    }

    fn jigsaw_layout_start(n: usize) -> Vec<u8> {
        match Regions::default_for(n) {
            Some(Regions::Boxes { rows, cols }) => (0..n * n)
                .map(|i| ((i / n) / rows * rows + (i % n) / cols) as u8)
                .collect(),
            _ => (0..n * n).map(|i| (i / n) as u8).collect(),
        }
    }
}
