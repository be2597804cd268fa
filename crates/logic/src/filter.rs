//! Rating filters that stop early, as setters batch-rate: ranges on ER, EP and ED, diamonds
//! (ER = ED) and pearls (ER = EP). The path is abandoned as soon as the puzzle is proven
//! outside the filter (or inside it, when nothing later can change the verdict).
//!
//! What each condition needs of the path (the path takes the easiest step each time, so the
//! running maximum of the ratings only grows):
//!
//! - ED is the first step's rating: known after one step;
//! - EP is the running maximum at the first placement: known then, and bounded below by the
//!   running maximum before it;
//! - ER is the running maximum at the end: a step above the upper bound fails it at once; the
//!   lower bound is passed as soon as the running maximum reaches it;
//! - a diamond fails at the first step rated above ED, a pearl at the first step rated above
//!   EP once EP is known; both pass only at the end.

use dlx_sudoku::Grid;

use crate::solver::{Explanation, Ladder, LogicError, Options, Rating, Solver, Stop};

/// A range of ratings, both ends included (`hi` may be `f64::INFINITY`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRange {
    /// The lowest rating accepted.
    pub lo: f64,
    /// The highest rating accepted.
    pub hi: f64,
}

impl RatingRange {
    /// The range `lo..=hi`.
    pub fn new(lo: f64, hi: f64) -> RatingRange {
        RatingRange { lo, hi }
    }

    /// Whether `x` is in the range (ratings compared in tenths).
    pub fn contains(self, x: f64) -> bool {
        tenths(x) >= tenths(self.lo) && (self.hi.is_infinite() || tenths(x) <= tenths(self.hi))
    }

    /// Whether `x` is above the range.
    fn above(self, x: f64) -> bool {
        !self.hi.is_infinite() && tenths(x) > tenths(self.hi)
    }
}

impl std::str::FromStr for RatingRange {
    type Err = String;
    /// `7.2`, `6.0..8.9`, `9..` (no upper end) or `..3.5`.
    fn from_str(s: &str) -> Result<RatingRange, String> {
        let num = |t: &str, default: f64| -> Result<f64, String> {
            let t = t.trim();
            if t.is_empty() {
                return Ok(default);
            }
            let x: f64 = t
                .parse()
                .map_err(|_| format!("`{t}` is not a rating (a number such as 7.2)"))?;
            if !(0.0..=100.0).contains(&x) {
                return Err(format!("rating {x} is out of range (0 to 100)"));
            }
            Ok(x)
        };
        let r = match s.split_once("..") {
            Some((a, b)) => {
                RatingRange::new(num(a, 0.0)?, num(b.trim_start_matches('='), f64::INFINITY)?)
            }
            None => {
                let x = num(s, f64::NAN)?;
                if x.is_nan() {
                    return Err("an empty rating range".into());
                }
                RatingRange::new(x, x)
            }
        };
        if r.lo > r.hi {
            return Err(format!("the range {s} is empty"));
        }
        Ok(r)
    }
}

fn tenths(x: f64) -> i64 {
    (x * 10.0).round() as i64
}

/// Which ratings pass.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RateFilter {
    /// ER in this range.
    pub er: Option<RatingRange>,
    /// EP in this range.
    pub ep: Option<RatingRange>,
    /// ED in this range.
    pub ed: Option<RatingRange>,
    /// ER = ED (a diamond: the hardest step is the first).
    pub diamond: bool,
    /// ER = EP (a pearl: the hardest step comes before the first placement).
    pub pearl: bool,
}

impl RateFilter {
    /// Whether the filter asks for nothing.
    pub fn is_empty(&self) -> bool {
        *self == RateFilter::default()
    }

    /// Whether a complete rating passes.
    pub fn accepts(&self, r: &Rating) -> bool {
        self.er.is_none_or(|x| x.contains(r.er))
            && self.ep.is_none_or(|x| x.contains(r.ep))
            && self.ed.is_none_or(|x| x.contains(r.ed))
            && (!self.diamond || tenths(r.er) == tenths(r.ed))
            && (!self.pearl || tenths(r.er) == tenths(r.ep))
    }
}

/// The verdict of a filter on one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Filtered {
    /// Whether the puzzle passes.
    pub pass: bool,
    /// Whether the path stopped before the end, the verdict being known.
    pub early: bool,
    /// The rating of the path as far as it went (complete only if it went to the end).
    pub rating: Rating,
    /// Steps taken.
    pub steps: usize,
    /// Why the path ended when it went on until it could go no further: `Solved`, or
    /// `Stuck`, `Budget` or `Deadline` (the puzzle then fails, its rating incomplete);
    /// `None` when it stopped early, the verdict known.
    pub stop: Option<Stop>,
}

/// Rates `grid` on `ladder` only as far as `filter` needs: the verdict and the rating so far.
/// A path that stops without solving (budget, deadline) fails, with `early` false.
pub fn rate_filtered(
    grid: &Grid,
    ladder: &Ladder,
    filter: &RateFilter,
    options: &Options,
) -> Result<Filtered, LogicError> {
    let mut solver = Solver::with_ladder(grid, options, ladder)?.silent();
    let mut steps = Vec::new();
    let mut run = 0i64; // running maximum, tenths
    let mut ep: Option<i64> = None;
    let mut ed: Option<i64> = None;
    let verdict = |steps: &[crate::step::Step], pass: bool, stop: Option<Stop>| Filtered {
        pass,
        early: stop.is_none(),
        rating: Rating::of(steps, false),
        steps: steps.len(),
        stop,
    };
    loop {
        if solver.board().is_solved() {
            break;
        }
        if steps.len() >= options.max_steps {
            return Ok(verdict(&steps, false, Some(Stop::Budget)));
        }
        let Some(step) = solver.next_step() else {
            let why = if solver.expired() {
                Stop::Deadline
            } else {
                Stop::Stuck
            };
            return Ok(verdict(&steps, false, Some(why)));
        };
        solver.apply(&step);
        let t = tenths(step.rating);
        run = run.max(t);
        let placed = !step.placements.is_empty();
        steps.push(step);
        if ed.is_none() {
            ed = Some(run);
            if filter.ed.is_some_and(|r| !r.contains(run as f64 / 10.0)) {
                return Ok(verdict(&steps, false, None));
            }
        }
        if ep.is_none() && placed {
            ep = Some(run);
            if filter.ep.is_some_and(|r| !r.contains(run as f64 / 10.0)) {
                return Ok(verdict(&steps, false, None));
            }
        }
        let r = run as f64 / 10.0;
        // proven outside
        let fails = filter.er.is_some_and(|x| x.above(r))
            || (ep.is_none() && filter.ep.is_some_and(|x| x.above(r)))
            || (filter.diamond && ed.is_some_and(|d| run > d))
            || (filter.pearl && ep.is_some_and(|p| run > p));
        if fails {
            return Ok(verdict(&steps, false, None));
        }
        // proven inside: nothing later can change the verdict
        let settled = !filter.is_empty()
            && !filter.diamond
            && !filter.pearl
            && filter
                .er
                .is_none_or(|x| x.hi.is_infinite() && tenths(x.lo) <= run)
            && (filter.ep.is_none() || ep.is_some())
            && (filter.ed.is_none() || ed.is_some());
        if settled && !solver.board().is_solved() {
            return Ok(verdict(&steps, true, None));
        }
    }
    let rating = Rating::of(&steps, true);
    let x = Explanation {
        grid: solver.board().grid(),
        stop: Stop::Solved,
        steps,
        rating,
    };
    Ok(Filtered {
        pass: filter.accepts(&x.rating),
        early: false,
        rating: x.rating,
        steps: x.steps.len(),
        stop: Some(Stop::Solved),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_and_compare_in_tenths() {
        assert_eq!("7.2".parse::<RatingRange>(), Ok(RatingRange::new(7.2, 7.2)));
        assert_eq!(
            "6..8.9".parse::<RatingRange>(),
            Ok(RatingRange::new(6.0, 8.9))
        );
        assert_eq!(
            "9..".parse::<RatingRange>(),
            Ok(RatingRange::new(9.0, f64::INFINITY))
        );
        assert_eq!(
            "..3.5".parse::<RatingRange>(),
            Ok(RatingRange::new(0.0, 3.5))
        );
        assert!("8..6".parse::<RatingRange>().is_err());
        assert!("x".parse::<RatingRange>().is_err());
        let r = RatingRange::new(6.0, 8.9);
        assert!(r.contains(6.0) && r.contains(8.9) && !r.contains(9.0) && !r.contains(5.9));
        assert!(RatingRange::new(7.2, 7.2).contains(7.2));
    }
}
