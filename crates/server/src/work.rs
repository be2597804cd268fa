//! Running a search without blocking the async runtime: every solve goes to
//! `spawn_blocking` behind a semaphore with [`Limits::concurrency`] permits, and carries a
//! [`Budget`] (node budget and deadline) so that no request can run for long.
//!
//! [`Limits::concurrency`]: crate::Limits::concurrency

use std::time::{Duration, Instant};

use dlx_engine::{Config, Heuristic};

use crate::AppState;
use crate::error::AppError;

/// The work one request may do: the smaller of the server's limits and what the request asked.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Search-tree nodes allowed.
    pub nodes: u64,
    /// When the search must stop.
    pub deadline: Instant,
}

impl Budget {
    /// An engine configuration with this budget; the deadline is checked often (every 256
    /// nodes) because sudoku nodes on large grids are expensive.
    pub fn engine_config(&self, heuristic: Heuristic) -> Config {
        Config {
            heuristic,
            node_budget: Some(self.nodes),
            deadline: Some(self.deadline),
            check_interval: 256,
        }
    }
}

/// What a request may ask to lower (never raise) the server's limits with.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked {
    /// A node budget, if the request gave one.
    pub nodes: Option<u64>,
    /// A time limit in milliseconds, if the request gave one.
    pub time_limit_ms: Option<u64>,
}

/// Runs `work` on the blocking pool once a permit is free, with the request's [`Budget`]
/// starting when the work starts (time spent queueing does not count against it).
///
/// Fails with [`AppError::Busy`] if no permit frees up within the queue timeout, and with
/// [`AppError::Internal`] if the work panics.
pub async fn run_blocking<T, F>(state: &AppState, asked: Asked, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(Budget) -> Result<T, AppError> + Send + 'static,
{
    let limits = &state.limits;
    let permit = tokio::time::timeout(limits.queue_timeout, state.permits.clone().acquire_owned())
        .await
        .map_err(|_| AppError::Busy)?
        .map_err(|_| AppError::Busy)?;
    let nodes = asked
        .nodes
        .map_or(limits.node_budget, |n| n.min(limits.node_budget));
    let time = asked.time_limit_ms.map_or(limits.time_limit, |ms| {
        Duration::from_millis(ms).min(limits.time_limit)
    });
    let handle = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let budget = Budget {
            nodes,
            deadline: Instant::now() + time,
        };
        work(budget)
    });
    match handle.await {
        Ok(result) => result,
        Err(e) => Err(AppError::Internal(format!("solver task failed: {e}"))),
    }
}
