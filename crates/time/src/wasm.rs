//! `Instant` on `wasm32-unknown-unknown`, on the host's clock (see the crate's documentation).

use std::ops::{Add, AddAssign, Sub, SubAssign};
use std::time::Duration;

// The host's clocks, imported from the module `dlx` that the page's worker (`worker.js`)
// passes to `WebAssembly.instantiate`: `performance.now()` and `Date.now()`, which every
// browser window, Web Worker and Node.js has. Plain imports: no bindings generator.
#[link(wasm_import_module = "dlx")]
unsafe extern "C" {
    /// `performance.now()`: the monotonic clock, in milliseconds.
    #[link_name = "performance_now"]
    safe fn performance_now() -> f64;
    /// `Date.now()`: the wall clock, in milliseconds since 1970.
    #[link_name = "date_now"]
    safe fn date_now() -> f64;
}

/// The wall clock in milliseconds since 1970.
pub(crate) fn wall_ms() -> f64 {
    date_now()
}

/// A point of the host's monotonic clock: the time since the clock's origin (a page's time
/// origin), with the same methods and operators as `std::time::Instant` has where the
/// libraries use them.
///
/// Invariant: `since_origin` never decreases from one [`Instant::now`] to the next (the host's
/// clock is monotonic, and a reading below zero or not a number counts as zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant {
    since_origin: Duration,
}

impl Instant {
    /// Now, on the host's monotonic clock.
    pub fn now() -> Instant {
        let ms = performance_now();
        let ms = if ms.is_finite() && ms > 0.0 { ms } else { 0.0 };
        Instant {
            since_origin: Duration::from_secs_f64(ms / 1000.0),
        }
    }

    /// The time since `earlier` (zero if `earlier` is later).
    pub fn duration_since(&self, earlier: Instant) -> Duration {
        self.saturating_duration_since(earlier)
    }

    /// The time since `earlier`, or `None` if `earlier` is later.
    pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
        self.since_origin.checked_sub(earlier.since_origin)
    }

    /// The time since `earlier` (zero if `earlier` is later).
    pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
        self.since_origin.saturating_sub(earlier.since_origin)
    }

    /// The time since this instant.
    pub fn elapsed(&self) -> Duration {
        Instant::now().saturating_duration_since(*self)
    }

    /// This instant moved `d` later, if that can be held.
    pub fn checked_add(&self, d: Duration) -> Option<Instant> {
        self.since_origin
            .checked_add(d)
            .map(|since_origin| Instant { since_origin })
    }

    /// This instant moved `d` earlier, if that is not before the origin.
    pub fn checked_sub(&self, d: Duration) -> Option<Instant> {
        self.since_origin
            .checked_sub(d)
            .map(|since_origin| Instant { since_origin })
    }
}

impl Add<Duration> for Instant {
    type Output = Instant;
    fn add(self, d: Duration) -> Instant {
        self.checked_add(d)
            .expect("overflow when adding a duration to an instant")
    }
}

impl AddAssign<Duration> for Instant {
    fn add_assign(&mut self, d: Duration) {
        *self = *self + d;
    }
}

impl Sub<Duration> for Instant {
    type Output = Instant;
    fn sub(self, d: Duration) -> Instant {
        self.checked_sub(d)
            .expect("overflow when subtracting a duration from an instant")
    }
}

impl SubAssign<Duration> for Instant {
    fn sub_assign(&mut self, d: Duration) {
        *self = *self - d;
    }
}

impl Sub<Instant> for Instant {
    type Output = Duration;
    fn sub(self, earlier: Instant) -> Duration {
        self.saturating_duration_since(earlier)
    }
}
