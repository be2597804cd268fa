//! Local search towards a rating range: hard (or easy) puzzles on demand.
//!
//! Random minimal puzzles are almost all easy; the hard ones are rare. From a puzzle dug from
//! a solution grid `S`, each step makes a neighbour: blank one random given orbit, give three
//! or four random blank orbits (with `S`'s digits, so `S` still solves it), check that it has
//! one solution, dig it to minimal again in a random order, and rate it. The neighbour
//! replaces the current puzzle when its rating is at least as close to the wanted range
//! (equal moves let the search drift across plateaus). It stops when a rating falls in the
//! range or the steps run out.

use std::time::Instant;

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

use crate::dig::{Dig, Verdict};
use crate::options::{Givens, RatingFilter};

/// The state of one climb: the puzzle now and its distance to the range.
pub(crate) struct Climb {
    /// The puzzle's cells.
    pub cells: Vec<u8>,
    /// Its rating.
    pub rating: f64,
    /// Whether it was dug to minimal with every removal decided.
    pub minimal: bool,
    /// Steps taken.
    pub steps: u64,
    /// Whether a move was accepted.
    pub moved: bool,
}

/// How far `rating` is from the filter's range: 0 inside, infinite for NaN.
pub(crate) fn distance(filter: &RatingFilter, rating: f64) -> f64 {
    if rating.is_nan() {
        f64::INFINITY
    } else if rating < filter.min {
        filter.min - rating
    } else if rating > filter.max {
        rating - filter.max
    } else {
        0.0
    }
}

/// Digs the current puzzle of `dig` along `orbits` in a random order, down to `givens`.
/// Returns whether the result is minimal (every orbit tried, every removal decided); false
/// also when an exact target was not met.
///
/// Two passes: the first removes the orbits the certificates allow (singles) and keeps
/// those an unavoidable set needs, deferring the rest; the second decides the deferred
/// ones, searching when the certificates still cannot. PERF: while the puzzle is dense,
/// singles certify more removals; deferring the undecided orbits cut the searches of a 9x9
/// generation by a quarter (28 to 21 a puzzle) and its time by a tenth.
pub(crate) fn dig_down<R: Rng + ?Sized>(
    dig: &mut Dig,
    orbits: &[Vec<usize>],
    givens: Givens,
    rng: &mut R,
    deadline: Option<Instant>,
) -> Result<bool, Timeout> {
    let mut order: Vec<usize> = (0..orbits.len())
        .filter(|&o| dig.grid.cells[orbits[o][0]] != 0)
        .collect();
    order.shuffle(rng);
    let floor = match givens {
        Givens::Exactly(k) => k,
        _ => 0,
    };
    let mut count = dig.grid.givens();
    let mut decided = true;
    let mut deferred = Vec::with_capacity(order.len());
    for search in [false, true] {
        let list = if search {
            std::mem::take(&mut deferred)
        } else {
            std::mem::take(&mut order)
        };
        for (i, &o) in list.iter().enumerate() {
            if count == floor {
                // An exact target reached: the rest is not tried.
                return Ok(false);
            }
            let orbit = &orbits[o];
            if count < floor + orbit.len() {
                decided = false;
                continue;
            }
            if search && i % 8 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Timeout);
            }
            match dig.try_remove(orbit, search) {
                Verdict::Removed => count -= orbit.len(),
                Verdict::Needed => {}
                Verdict::Undecided => deferred.push(o),
                Verdict::Inconclusive => decided = false,
            }
        }
    }
    Ok(decided)
}

/// The time limit passed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timeout;

/// Whether a puzzle with `count` givens meets the target.
pub(crate) fn meets(givens: Givens, count: usize) -> bool {
    match givens {
        Givens::Minimal => true,
        Givens::Exactly(k) => count == k,
        Givens::AtMost(k) => count <= k,
    }
}

/// Climbs from the current puzzle of `dig` (rated `rating`) towards the filter's range.
/// Returns the last accepted puzzle; it is in range iff its distance is 0. With
/// `must_move` (a climb from a caller's seed puzzle), a start already in range still moves
/// once, so that the seed itself is not handed back.
#[allow(clippy::too_many_arguments)]
pub(crate) fn climb<R: Rng + ?Sized>(
    dig: &mut Dig,
    orbits: &[Vec<usize>],
    givens: Givens,
    filter: &RatingFilter,
    start: Climb,
    must_move: bool,
    rng: &mut R,
    deadline: Option<Instant>,
) -> Result<Climb, Timeout> {
    let mut now = start;
    let mut dist = distance(filter, now.rating);
    while (dist > 0.0 || (must_move && !now.moved)) && now.steps < u64::from(filter.climb_steps) {
        now.steps += 1;
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Timeout);
        }
        let mut cells = now.cells.clone();
        let given: Vec<usize> = (0..orbits.len())
            .filter(|&o| cells[orbits[o][0]] != 0)
            .collect();
        let mut blank: Vec<usize> = (0..orbits.len())
            .filter(|&o| cells[orbits[o][0]] == 0)
            .collect();
        let (Some(&out), false) = (given.choose(rng), blank.is_empty()) else {
            break;
        };
        let solution = dig.solution();
        for &k in &orbits[out] {
            cells[k] = 0;
        }
        // PERF: bigger moves climbed faster (stand-in target "dancing-links nodes >= 600",
        // 9x9, puzzles a CPU second: 1-2 orbits given 7, 2-3 12, 3-4 18, 4-6 18, 6-9 14;
        // filtering alone 5).
        let adds = rng.random_range(3..=4usize).min(blank.len());
        let (picked, _) = blank.partial_shuffle(rng, adds);
        for &o in picked.iter() {
            for &k in &orbits[o] {
                cells[k] = solution.cells[k];
            }
        }
        dig.reset(&cells);
        if dig.is_unique() != Some(true) {
            continue;
        }
        let minimal = dig_down(dig, orbits, givens, rng, deadline)?;
        if !meets(givens, dig.grid.givens()) {
            continue;
        }
        let Some(rating) = (filter.rater)(&dig.grid) else {
            continue;
        };
        let d = distance(filter, rating);
        if d <= dist {
            dist = d;
            now.moved = true;
            now.cells.copy_from_slice(&dig.grid.cells);
            now.rating = rating;
            now.minimal = minimal;
        }
    }
    Ok(now)
}
