//! What every handler shares: the [`Limits`] requests are held to and the [`AppState`] that
//! carries them with the semaphores of solver slots, and where the engine's WebAssembly is
//! ([`web_dir`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use dlx_api::Caps;
use tokio::sync::Semaphore;

/// Every limit a request is held to. The defaults suit a laptop serving a few users.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest request body accepted, in bytes (default 1 MiB).
    pub body_limit: usize,
    /// Search-tree nodes one request may explore (default 5 million).
    pub node_budget: u64,
    /// Wall time one search may take (default 2 s).
    pub time_limit: Duration,
    /// Searches running at once (default: the number of cores).
    pub concurrency: usize,
    /// How long a request waits for a free solver before a 503 (default 10 s).
    pub queue_timeout: Duration,
    /// The most steps a trace records (default 5,000).
    pub max_trace_steps: usize,
    /// The most solutions one answer lists (default 100).
    pub max_listed: usize,
    /// A last-resort limit on a whole request, queueing included (default 30 s).
    pub request_timeout: Duration,
    /// How long a client may take to send a request's headers, counted from when the server
    /// starts waiting for them; also how long an idle keep-alive connection stays open
    /// (default 10 s; the connection is closed).
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body once its headers are in (default
    /// 10 s; 408).
    pub body_timeout: Duration,
    /// How long writing an answer may make no progress (a client that does not read) before
    /// the connection is closed (default 10 s).
    pub send_timeout: Duration,
    /// The largest answer sent, in bytes (default 8 MiB: a 64x64 trace of 762 steps is 6.5 MB; 422 above, naming the size).
    pub response_limit: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_limit: 1 << 20,
            node_budget: 5_000_000,
            time_limit: Duration::from_secs(2),
            concurrency: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_timeout: Duration::from_secs(10),
            max_trace_steps: 5_000,
            max_listed: 100,
            request_timeout: Duration::from_secs(30),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            send_timeout: Duration::from_secs(10),
            response_limit: 8 << 20,
        }
    }
}

impl Limits {
    /// These limits as the caps of the operations: `dlx-api`'s server caps with this node
    /// budget, time limit, trace length and listing.
    pub fn caps(&self) -> Caps {
        Caps {
            max_trace_steps: self.max_trace_steps,
            max_listed: self.max_listed,
            node_budget: Some(self.node_budget),
            time_limit_ms: Some(self.time_limit.as_millis() as u64),
            ..Caps::server()
        }
    }
}

/// What every handler shares: the limits, the caps the operations run under, and the
/// semaphores of solver slots.
///
/// Invariant: `permits` and `quick_permits` were each created with `limits.concurrency.max(1)`
/// permits.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The limits requests are held to.
    pub limits: Arc<Limits>,
    /// The same limits as the operations of `dlx-api` read them (and `GET /api/meta` reports).
    pub caps: Arc<Caps>,
    /// One permit per search allowed to run at once ([`Lane::Search`](crate::work::Lane::Search)).
    pub permits: Arc<Semaphore>,
    /// The permits of [`Lane::Quick`](crate::work::Lane::Quick): checks, unreadable inputs and small solves, so
    /// that they never wait behind long searches.
    pub quick_permits: Arc<Semaphore>,
    /// The folder `GET /dlx.wasm` reads the engine from (see [`web_dir`]).
    pub web_dir: Option<Arc<std::path::Path>>,
}

impl AppState {
    /// State for these limits.
    pub fn new(limits: Limits) -> Self {
        let permits = Arc::new(Semaphore::new(limits.concurrency.max(1)));
        let quick_permits = Arc::new(Semaphore::new(limits.concurrency.max(1)));
        AppState {
            caps: Arc::new(limits.caps()),
            limits: Arc::new(limits),
            permits,
            quick_permits,
            web_dir: web_dir().map(Arc::from),
        }
    }
}

/// The engine's file name in the web folder.
pub const WASM: &str = "dlx.wasm";

/// The web folder `dlx serve` takes `dlx.wasm` from: `$DLX_WEB_DIR` when set, else `web` beside
/// the folder of the running program when it holds `dlx.wasm` (`target/web` for
/// `target/release/dlx`, where the tests build it), else none.
pub fn web_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("DLX_WEB_DIR") {
        return Some(PathBuf::from(dir));
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("web");
    dir.join(WASM).is_file().then_some(dir)
}
