//! Sets of digits as bit masks (bit `d - 1` for digit `d`) and the sets with a given size and
//! sum: what killer cages, sandwiches and thermometers are lowered to.

/// The digits of a mask, smallest first.
pub fn digits(mask: u32) -> impl Iterator<Item = u32> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let d = m.trailing_zeros() + 1;
            m &= m - 1;
            Some(d)
        }
    })
}

/// The sum of the digits of a mask.
pub fn sum(mask: u32) -> u32 {
    digits(mask).sum()
}

/// The mask of all digits `1..=n`.
pub fn full(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// The bit of digit `d` (from 1).
#[inline]
pub fn bit(d: u32) -> u32 {
    1 << (d - 1)
}

/// Every set of `size` different digits from `allowed` adding up to `target`, as masks in
/// increasing order of their smallest digits (lexicographic).
///
/// PERF: read from a table of every set of the digits `1..=m` by size and sum, built once per
/// process for each `m` (the highest digit of `allowed`, up to 16): a sandwich puzzle asks for
/// a few hundred of these while it is lowered, and walking the sets each time was about 5% of
/// reading, lowering and solving it (2026-11-27).
pub fn with_sum(allowed: u32, size: usize, target: u32) -> Vec<u32> {
    let m = (32 - allowed.leading_zeros()) as usize;
    if m > TABLED {
        return with_sum_walk(allowed, size, target);
    }
    let table = TABLES[m].get_or_init(|| Table::new(m));
    table
        .sets(size, target)
        .iter()
        .copied()
        .filter(|&s| s & !allowed == 0)
        .collect()
}

/// The highest digit [`with_sum`] keeps a table for.
const TABLED: usize = 16;

static TABLES: [std::sync::OnceLock<Table>; TABLED + 1] =
    [const { std::sync::OnceLock::new() }; TABLED + 1];

/// Every set of the digits `1..=m`, grouped by size and sum, each group in lexicographic
/// order: the sets of size `k` and sum `s` are `sets[starts[i]..starts[i + 1]]` for
/// `i = k * (top + 1) + s`.
struct Table {
    m: usize,
    top: u32,
    starts: Vec<u32>,
    sets: Vec<u32>,
}

impl Table {
    fn new(m: usize) -> Table {
        let top = (m * (m + 1) / 2) as u32;
        let key = |s: u32| s.count_ones() as usize * (top as usize + 1) + sum(s) as usize;
        // Every set in lexicographic order, then a stable counting sort by (size, sum).
        let mut all = Vec::with_capacity(1 << m);
        fn walk(from: u32, m: u32, mask: u32, out: &mut Vec<u32>) {
            out.push(mask);
            for d in from..=m {
                walk(d + 1, m, mask | bit(d), out);
            }
        }
        walk(1, m as u32, 0, &mut all);
        let mut starts = vec![0u32; (m + 1) * (top as usize + 1) + 1];
        for &s in &all {
            starts[key(s) + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut fill = starts.clone();
        let mut sets = vec![0u32; all.len()];
        for &s in &all {
            let k = key(s);
            sets[fill[k] as usize] = s;
            fill[k] += 1;
        }
        Table {
            m,
            top,
            starts,
            sets,
        }
    }

    fn sets(&self, size: usize, target: u32) -> &[u32] {
        if size > self.m || target > self.top {
            return &[];
        }
        let i = size * (self.top as usize + 1) + target as usize;
        &self.sets[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// [`with_sum`] by walking the digits (for masks beyond the tables).
fn with_sum_walk(allowed: u32, size: usize, target: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let ds: Vec<u32> = digits(allowed).collect();
    fn go(ds: &[u32], size: usize, target: u32, mask: u32, out: &mut Vec<u32>) {
        if size == 0 {
            if target == 0 {
                out.push(mask);
            }
            return;
        }
        if ds.len() < size {
            return;
        }
        // The smallest and largest sums of `size` digits from `ds` bound the target.
        let min: u32 = ds[..size].iter().sum();
        let max: u32 = ds[ds.len() - size..].iter().sum();
        if target < min || target > max {
            return;
        }
        for (k, &d) in ds.iter().enumerate() {
            if d > target {
                break;
            }
            go(&ds[k + 1..], size - 1, target - d, mask | bit(d), out);
        }
    }
    go(&ds, size, target, 0, &mut out);
    out
}

/// Whether some set of different digits from `allowed` (of any size, the empty set included)
/// adds up to `target`.
pub fn some_subset_sums_to(allowed: u32, target: u32) -> bool {
    let total = sum(allowed);
    if target > total {
        return false;
    }
    let mut reach = vec![false; total as usize + 1];
    reach[0] = true;
    for d in digits(allowed) {
        for s in (d as usize..=total as usize).rev() {
            reach[s] |= reach[s - d as usize];
        }
    }
    reach[target as usize]
}

/// The smallest and largest sums of `size` different digits from `1..=n`.
pub fn sum_range(n: usize, size: usize) -> (u32, u32) {
    let (n, k) = (n as u32, size as u32);
    (k * (k + 1) / 2, k * n - k * k.saturating_sub(1) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killer_combinations() {
        // The classic table: 3 cells adding to 6 is {1,2,3}; 2 cells adding to 10 have four.
        assert_eq!(with_sum(full(9), 3, 6), vec![0b111]);
        assert_eq!(with_sum(full(9), 2, 10).len(), 4);
        assert_eq!(with_sum(full(9), 9, 45), vec![full(9)]);
        assert!(with_sum(full(9), 2, 18).is_empty());
        assert_eq!(with_sum(full(9), 0, 0), vec![0]);
        // Every set has the size and the sum asked for.
        for size in 0..=9 {
            for target in 0..=50 {
                for m in with_sum(full(9), size, target) {
                    assert_eq!(m.count_ones() as usize, size);
                    assert_eq!(sum(m), target);
                }
            }
        }
        assert_eq!(sum_range(9, 3), (6, 24));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(16, 0), (0, 0));
    }

    #[test]
    fn the_tables_give_the_walks_sets_in_its_order() {
        // Every mask of up to 10 digits (and a few of 16), every size and sum: the table's
        // answer is the walk's, order included.
        let mut masks: Vec<u32> = (0..1 << 10).collect();
        masks.extend([
            full(16),
            full(16) & !bit(1) & !bit(16),
            0b1010_0110_0101_1001,
        ]);
        for allowed in masks {
            let m = 32 - allowed.leading_zeros();
            for size in 0..=m as usize + 1 {
                for target in 0..=m * (m + 1) / 2 + 1 {
                    assert_eq!(
                        with_sum(allowed, size, target),
                        with_sum_walk(allowed, size, target),
                        "{allowed:b} {size} {target}"
                    );
                }
            }
        }
        assert_eq!(with_sum(1 << 20 | 1, 2, 22), vec![1 << 20 | 1]);
    }

    #[test]
    fn subset_sums() {
        let inner = full(9) & !bit(1) & !bit(9);
        assert!(some_subset_sums_to(inner, 0));
        assert!(!some_subset_sums_to(inner, 1));
        assert!(some_subset_sums_to(inner, 2));
        assert!(some_subset_sums_to(inner, 35));
        assert!(!some_subset_sums_to(inner, 34));
        assert!(!some_subset_sums_to(inner, 36));
        assert_eq!(digits(0b1010).collect::<Vec<_>>(), vec![2, 4]);
    }
}
