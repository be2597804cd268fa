//! Running a search without blocking the async runtime: every solve runs off the async
//! threads behind a semaphore with [`Limits::concurrency`] permits, and carries a [`Budget`]
//! (node budget and deadline) so that no request can run for long.
//!
//! Requests go in one of three [`Lane`]s, so that a malformed puzzle or an easy solve never
//! waits behind two-second searches: [`Lane::Rejected`] (the input does not read: the work
//! is a parse that fails, done at once on the async thread), [`Lane::Quick`] (checks and
//! 9x9 solves: microseconds to milliseconds, on the blocking pool with permits of their own)
//! and [`Lane::Search`] (everything else, each search on a thread of its own at a lower OS
//! priority, [`SEARCH_NICE`], so that the threads answering requests always get a core
//! first). The server's middleware reads the body, picks the lane with [`lane_of`] and runs
//! the handler inside [`in_lane`]; [`run_blocking`] does the rest, and [`answer`] is the
//! shape every handler ends with.
//!
//! [`Limits::concurrency`]: crate::Limits::concurrency

use std::future::Future;

use axum::http::Method;
pub use dlx_api::{Asked, Budget};
use serde::Deserialize;

use crate::error::{ApiJson, AppError};
use crate::state::AppState;

/// Where a request's work runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The request's puzzle or problem does not read: the handler's work stops at a parse
    /// error, so it runs at once, without a permit or a thread hop.
    Rejected,
    /// Work that is over in microseconds or a few milliseconds (checks, 9x9 solves of one
    /// solution or uniqueness by `fast`, `dlx` or `mrv`): the blocking pool, with
    /// [`AppState::quick_permits`](crate::AppState::quick_permits).
    Quick,
    /// Searches that may run up to the time limit: the blocking pool, with
    /// [`AppState::permits`](crate::AppState::permits).
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
    puzzle: Option<String>,
    shape: Option<PeekShape>,
    solver: Option<String>,
    mode: Option<String>,
    limit: Option<serde_json::Value>,
    problem: Option<String>,
}

#[derive(Debug, Deserialize)]
struct PeekShape {
    rows: usize,
    cols: usize,
}

/// The lane of a request with this method, path and body (already read in full).
///
/// Rejected: a Sudoku request (`check`, `solve`, `trace`, `explain`, `hint`, `rate`) whose
/// puzzle or shape does not read, an exact-cover request whose problem does not. Quick:
/// `POST /api/sudoku/check`, and `POST /api/sudoku/solve` of a grid up to 9x9 in mode `one`
/// or `unique` (no `limit`) with the `fast` (default), `dlx` or `mrv` solver. Everything else
/// (bodies that are not JSON of the expected shape included: their handler rejects them
/// before any work): Search.
pub fn lane_of(method: &Method, path: &str, body: &[u8]) -> Lane {
    if method != Method::POST || body.len() > PEEK_LIMIT {
        return Lane::Search;
    }
    let Ok(peek) = serde_json::from_slice::<Peek>(body) else {
        return Lane::Search;
    };
    if path.starts_with("/api/xcc/") {
        return match &peek.problem {
            Some(text) if dlx_engine::format::parse(text).is_err() => Lane::Rejected,
            _ => Lane::Search,
        };
    }
    let endpoint = match path.strip_prefix("/api/sudoku/") {
        Some(e @ ("check" | "solve" | "trace" | "explain" | "hint" | "rate")) => e,
        _ => return Lane::Search,
    };
    let Some(text) = &peek.puzzle else {
        return Lane::Search;
    };
    let shape = match peek.shape {
        None => None,
        Some(s) => match dlx_sudoku::Shape::new(s.rows, s.cols) {
            Ok(shape) => Some(shape),
            Err(_) => return Lane::Rejected,
        },
    };
    let Ok(grid) = dlx_sudoku::parse_with_shape(text, shape) else {
        return Lane::Rejected;
    };
    let small_solve = endpoint == "solve"
        && grid.n() <= 9
        && matches!(peek.solver.as_deref(), None | Some("fast" | "dlx" | "mrv"))
        && matches!(peek.mode.as_deref(), None | Some("one" | "unique"))
        && peek.limit.is_none();
    if endpoint == "check" || small_solve {
        Lane::Quick
    } else {
        Lane::Search
    }
}

/// The nice value of the threads searches run on (Linux counts 0 for ordinary threads, 19
/// for the least favoured): at 19 a search gets about 1.5% of the share of a core that the
/// async threads get when both want it (weights 15 and 1024), so a request that needs no
/// search is answered at once even while every search slot is busy, and the searches still
/// have the cores to themselves whenever nothing else is waiting. (At 10 the bad requests'
/// p99 of the load run in `docs/api.md` was 3.7 to 6.7 ms on a quiet machine; at 19, 3.3 to
/// 4.0 ms.)
pub const SEARCH_NICE: i32 = 19;

/// Sets the calling thread's nice value to [`SEARCH_NICE`] (only that thread's: on Linux the
/// nice value is per thread). The server is meant to run at nice 0; one started at a nice
/// value of [`SEARCH_NICE`] or more keeps it for its searches where the OS refuses to raise
/// their priority (and the refusal is logged at debug level); the search runs all the same.
fn lower_priority() {
    use thread_priority::{ThreadPriority, ThreadPriorityValue, set_current_thread_priority};
    // `Crossplatform(p)` maps 0..=99 onto the nice values 19..=-20.
    let p = ThreadPriorityValue::try_from(((19 - SEARCH_NICE) * 99 / 39) as u8)
        .map_or(ThreadPriority::Min, ThreadPriority::Crossplatform);
    if let Err(e) = set_current_thread_priority(p) {
        tracing::debug!(error = ?e, "cannot lower a search thread's priority");
    }
}

/// Runs `work` off the async threads once a permit of the request's [`Lane`] is free
/// ([`Lane::Search`] outside [`in_lane`]), with the request's [`Budget`] starting when the
/// work starts (time spent queueing does not count against it): [`Lane::Quick`] work on the
/// blocking pool, [`Lane::Search`] work on a thread of its own at [`SEARCH_NICE`].
///
/// Fails with [`AppError::Busy`] if no permit frees up within the queue timeout, and with
/// [`AppError::Internal`] if the work panics.
pub async fn run_blocking<T, F>(state: &AppState, asked: Asked, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(Budget) -> Result<T, AppError> + Send + 'static,
{
    let limits = &state.limits;
    let lane = LANE.try_with(|lane| *lane).unwrap_or(Lane::Search);
    let permits = match lane {
        Lane::Rejected => {
            // The work is a parse that fails (see `lane_of`), so it runs here, under the
            // server's budget all the same.
            return work(Budget::within(state.caps.limits(), Asked::default()));
        }
        Lane::Quick => &state.quick_permits,
        Lane::Search => &state.permits,
    };
    let permit = tokio::time::timeout(limits.queue_timeout, permits.clone().acquire_owned())
        .await
        .map_err(|_| AppError::Busy)?
        .map_err(|_| AppError::Busy)?;
    let face = state.caps.limits();
    let job = move || {
        let _permit = permit;
        work(Budget::within(face, asked))
    };
    if lane == Lane::Quick {
        return match tokio::task::spawn_blocking(job).await {
            Ok(result) => result,
            Err(e) => Err(AppError::Internal(format!("solver task failed: {e}"))),
        };
    }
    // A thread a search: one costs tens of microseconds against searches of milliseconds to
    // seconds, and its lowered priority dies with it (a process cannot raise it back).
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("dlx-search".into())
        .spawn(move || {
            lower_priority();
            // The receiver is gone only if the request was dropped (timed out): nobody to tell.
            let _ = tx.send(job());
        })
        .map_err(|e| AppError::Internal(format!("cannot start a search thread: {e}")))?;
    rx.await
        .unwrap_or_else(|_| Err(AppError::Internal("solver thread panicked".into())))
}

/// Runs `work` as [`run_blocking`] does and answers with its value as JSON: the last step of
/// every handler (read the request, check what needs no search, then this).
pub async fn answer<T, F>(state: &AppState, asked: Asked, work: F) -> Result<ApiJson<T>, AppError>
where
    T: Send + 'static,
    F: FnOnce(Budget) -> Result<T, AppError> + Send + 'static,
{
    run_blocking(state, asked, work).await.map(ApiJson)
}
