//! The clock every deadline of the workspace reads: [`Instant`] and [`unix_nanos`].
//!
//! On every target with a clock this is `std::time::Instant` itself (a re-export, so the
//! libraries' public types do not change), and `unix_nanos` reads `SystemTime`. On
//! `wasm32-unknown-unknown`, where `std::time::Instant::now()` panics for want of a clock, it
//! is a type of the same shape that reads the host's clocks, two plain imports of the module
//! `dlx` (no bindings generator) that the host fills with the globals every browser window,
//! Web Worker and Node.js has:
//!
//! - `performance.now()`: a monotonic clock in milliseconds, read by [`Instant::now`];
//! - `Date.now()`: the wall clock in milliseconds since 1970, read by [`unix_nanos`].
//!
//! So deadlines (node budgets and time limits of searches, logic and the generator) work in
//! a browser's Web Worker as they do natively.
//!
//! ```
//! use std::time::Duration;
//! use dlx_time::Instant;
//!
//! let start = Instant::now();
//! let deadline = start + Duration::from_secs(1);
//! assert!(Instant::now() < deadline);
//! assert!(start.elapsed() < Duration::from_secs(1));
//! assert!(dlx_time::unix_nanos() > 0);
//! ```
#![deny(missing_docs)]

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod wasm;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use wasm::Instant;

/// Nanoseconds since 1970-01-01 on the wall clock (0 if the clock is set before then): for
/// seeds, never for deadlines.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn unix_nanos() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Nanoseconds since 1970-01-01 on the host's wall clock (`Date.now()` in WebAssembly).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub fn unix_nanos() -> u64 {
    wasm::wall_ms().max(0.0) as u64 * 1_000_000
}
