//! Running a search without blocking the async runtime: every solve goes to
//! `spawn_blocking` behind a semaphore with [`Limits::concurrency`] permits, and carries a
//! [`Budget`] (node budget and deadline) so that no request can run for long.
//!
//! Two [`Lane`]s share the blocking pool, each with its own permits: [`Lane::Quick`] for work
//! that needs no search or only a tiny one (a check, a puzzle or problem that does not even
//! read, a 9x9 solve by a solver that takes microseconds to milliseconds there), and
//! [`Lane::Search`] for everything else. So a malformed puzzle or an easy solve never waits
//! behind two-second searches. The server's middleware reads the body, picks the lane with
//! [`lane_of`] and runs the handler inside [`in_lane`]; [`run_blocking`] takes a permit of
//! that lane.
//!
//! [`Limits::concurrency`]: crate::Limits::concurrency

use std::future::Future;
use std::time::{Duration, Instant};

use axum::http::Method;
use dlx_engine::{Config, Heuristic};
use serde::Deserialize;

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

/// Which permits a request's work takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Work that is over in microseconds or a few milliseconds: checks, requests whose input
    /// does not read, 9x9 solves (one solution or uniqueness) by `fast`, `dlx` or `mrv`.
    Quick,
    /// Searches that may run up to the time limit.
    Search,
}

tokio::task_local! {
    /// The lane of the request being handled on this task.
    static LANE: Lane;
}

/// Runs `f` (a request's handling) with `lane` as the lane [`run_blocking`] takes its permit
/// from.
pub async fn in_lane<F: Future>(lane: Lane, f: F) -> F::Output {
    LANE.scope(lane, f).await
}

/// The largest body [`lane_of`] reads to pick a lane; larger bodies take [`Lane::Search`]
/// without a look (reading them twice would cost more than it saves).
pub const PEEK_LIMIT: usize = 64 << 10;

/// The fields of a request body that decide its lane; the rest is ignored here (the handler
/// reads the body again with its own strict type).
#[derive(Debug, Default, Deserialize)]
struct Peek {
    #[serde(default)]
    puzzle: Option<String>,
    #[serde(default)]
    shape: Option<PeekShape>,
    #[serde(default)]
    solver: Option<String>,
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    limit: Option<serde_json::Value>,
    #[serde(default)]
    problem: Option<String>,
}

#[derive(Debug, Deserialize)]
struct PeekShape {
    rows: usize,
    cols: usize,
}

/// The lane of a request with this method, path and body (already read in full).
///
/// Quick: `POST /api/sudoku/check`; any Sudoku or exact-cover request whose body is not JSON
/// of the expected shape, or whose puzzle or problem does not read (its handler answers 4xx
/// at once); `POST /api/sudoku/solve` of a grid up to 9x9 in mode `one` or `unique` (no
/// `limit`) with the `fast` (default), `dlx` or `mrv` solver. Everything else: Search.
pub fn lane_of(method: &Method, path: &str, body: &[u8]) -> Lane {
    if method != Method::POST || body.len() > PEEK_LIMIT {
        return Lane::Search;
    }
    let sudoku = path.strip_prefix("/api/sudoku/");
    let xcc = path.strip_prefix("/api/xcc/");
    if sudoku == Some("check") {
        return Lane::Quick;
    }
    if sudoku.is_none() && xcc.is_none() {
        return Lane::Search;
    }
    let Ok(peek) = serde_json::from_slice::<Peek>(body) else {
        return Lane::Quick;
    };
    if xcc.is_some() {
        return match &peek.problem {
            Some(text) if dlx_engine::format::parse(text).is_err() => Lane::Quick,
            _ => Lane::Search,
        };
    }
    let Some(text) = &peek.puzzle else {
        return Lane::Quick;
    };
    let shape = match peek.shape {
        None => None,
        Some(s) => match dlx_sudoku::Shape::new(s.rows, s.cols) {
            Ok(shape) => Some(shape),
            Err(_) => return Lane::Quick,
        },
    };
    let Ok(grid) = dlx_sudoku::parse_with_shape(text, shape) else {
        return Lane::Quick;
    };
    let small_solve = sudoku == Some("solve")
        && grid.n() <= 9
        && matches!(peek.solver.as_deref(), None | Some("fast" | "dlx" | "mrv"))
        && matches!(peek.mode.as_deref(), None | Some("one" | "unique"))
        && peek.limit.is_none();
    if small_solve {
        Lane::Quick
    } else {
        Lane::Search
    }
}

/// Runs `work` on the blocking pool once a permit of the request's [`Lane`] is free
/// ([`Lane::Search`] outside [`in_lane`]), with the request's [`Budget`]
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
    let permits = match LANE.try_with(|lane| *lane).unwrap_or(Lane::Search) {
        Lane::Quick => &state.quick_permits,
        Lane::Search => &state.permits,
    };
    let permit = tokio::time::timeout(limits.queue_timeout, permits.clone().acquire_owned())
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
