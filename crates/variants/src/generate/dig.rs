//! Variant puzzles with givens: the solution's digits blanked orbit by orbit, in a random
//! order, while the search proves one solution.
//!
//! A removal is decided by a certificate when it can be: if every cell of the orbit is a
//! naked single (its peers' givens, and under the nonconsecutive rule its neighbours', leave
//! one digit) or a hidden single (every other open cell of one of its houses is barred from
//! the digit by a given it sees) on the remaining givens, every solution puts the same digits
//! back, so the puzzle is still unique with no search. Otherwise the dancing-cells search
//! decides (limit 2, a node budget). A removal that gave a second solution gives one from any
//! smaller puzzle, so one pass that tries every orbit leaves a minimal puzzle.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::worker::{Check, Timeout, Worker};
use crate::cell::Cell;
use crate::rules::Rules;

/// The digits cell `i` may hold given only the givens (bit `d` for digit `d`).
fn candidates(rules: &Rules, givens: &[u8], i: usize, nonconsecutive: bool) -> u32 {
    let n = rules.size();
    let mut barred = 0u32;
    for j in rules.peers(Cell::at(i, n)).iter() {
        barred |= 1 << givens[j];
    }
    if nonconsecutive {
        for j in super::grids::neighbours(i, n) {
            let d = u32::from(givens[j]);
            if d != 0 {
                barred |= (1 << (d + 1)) | (1 << (d - 1));
            }
        }
    }
    let all = ((1u32 << (n + 1)) - 1) & !1;
    all & !barred
}

/// Whether cell `i`, blank in `givens`, must hold `digit` in any solution: a naked or hidden
/// single on the givens.
fn forced(rules: &Rules, givens: &[u8], i: usize, digit: u8, nonconsecutive: bool) -> bool {
    let n = rules.size();
    if candidates(rules, givens, i, nonconsecutive) == 1 << digit {
        return true;
    }
    let cell = Cell::at(i, n);
    rules.houses().iter().any(|h| {
        h.cells.len() == n
            && h.cells.contains(&cell)
            && h.cells.iter().all(|&c| {
                let j = c.index(n);
                j == i
                    || (givens[j] != 0 && givens[j] != digit)
                    || (givens[j] == 0
                        && candidates(rules, givens, j, nonconsecutive) & (1 << digit) == 0)
            })
    })
}

/// Digs `solution` orbit by orbit: the givens left, and whether every orbit was decided
/// (then no orbit of givens can go without a second solution).
pub(super) fn dig(
    w: &mut Worker<'_>,
    rules: &Rules,
    solution: &[u8],
    orbits: &[Vec<usize>],
    rng: &mut ChaCha8Rng,
) -> Result<(Vec<u8>, bool), Timeout> {
    dig_from(w, rules, solution, solution, orbits, rng)
}

/// Digs `start` (a puzzle of `solution` with one solution) orbit by orbit, as [`dig`].
pub(super) fn dig_from(
    w: &mut Worker<'_>,
    rules: &Rules,
    solution: &[u8],
    start: &[u8],
    orbits: &[Vec<usize>],
    rng: &mut ChaCha8Rng,
) -> Result<(Vec<u8>, bool), Timeout> {
    let nonconsecutive = rules.has(&crate::constraint::Constraint::NonConsecutive);
    let mut givens = start.to_vec();
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    order.shuffle(rng);
    let mut minimal = true;
    for orbit in order {
        if givens[orbit[0]] == 0 {
            continue;
        }
        w.tick()?;
        for &i in orbit {
            givens[i] = 0;
        }
        let certain = orbit
            .iter()
            .all(|&i| forced(rules, &givens, i, solution[i], nonconsecutive));
        if certain {
            w.certified += 1;
            continue;
        }
        match w.check_givens(rules, &givens)? {
            Check::Unique => {}
            Check::Multiple(_) => {
                for &i in orbit {
                    givens[i] = solution[i];
                }
            }
            Check::Unknown => {
                minimal = false;
                for &i in orbit {
                    givens[i] = solution[i];
                }
            }
        }
    }
    Ok((givens, minimal))
}
