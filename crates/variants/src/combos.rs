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
pub fn with_sum(allowed: u32, size: usize, target: u32) -> Vec<u32> {
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
