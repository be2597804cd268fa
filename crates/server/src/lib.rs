//! The `dlx serve` web app: a single-page Sudoku and exact-cover workbench over a JSON API,
//! on axum and tokio.
//!
//! The principal items:
//! - [`app`] builds the [`axum::Router`] from an [`AppState`] (tests call it directly with
//!   `tower::ServiceExt::oneshot`, no socket needed);
//! - [`Limits`] holds every limit a request is held to: body size, node budget, deadline,
//!   concurrency, trace length; [`AppState`] carries them with the semaphore of solver slots;
//! - [`Server`] binds a socket and serves the app until a shutdown signal; [`serve`] does both;
//! - [`AppError`] is how every handler fails: a 4xx with `{"error": "..."}` naming what is
//!   wrong, or a 500 that says nothing and is logged.
//!
//! Every search runs on the blocking thread pool behind the semaphore, with a node budget and
//! a deadline, so a hard request comes back incomplete instead of hanging the server.
//!
//! ```
//! use axum::body::Body;
//! use axum::http::{Request, StatusCode};
//! use tower::ServiceExt;
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let app = dlx_server::app(dlx_server::AppState::new(dlx_server::Limits::default()));
//! let response = app
//!     .oneshot(Request::get("/api/queens/8?limit=0").body(Body::empty()).unwrap())
//!     .await
//!     .unwrap();
//! assert_eq!(response.status(), StatusCode::OK);
//! # });
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod assets;
pub mod error;
pub mod logic;
pub mod params;
pub mod queens;
pub mod sudoku;
pub mod trace;
pub mod work;
pub mod xcc;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Uri;
use axum::routing::{get, post};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

pub use error::AppError;

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
        }
    }
}

/// What every handler shares: the limits and the semaphore of solver slots.
///
/// Invariant: `permits` was created with `limits.concurrency.max(1)` permits.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The limits requests are held to.
    pub limits: Arc<Limits>,
    /// One permit per search allowed to run at once.
    pub permits: Arc<Semaphore>,
}

impl AppState {
    /// State for these limits.
    pub fn new(limits: Limits) -> Self {
        let permits = Arc::new(Semaphore::new(limits.concurrency.max(1)));
        AppState {
            limits: Arc::new(limits),
            permits,
        }
    }
}

/// The whole app: the page, its assets and the JSON API.
pub fn app(state: AppState) -> Router {
    let body_limit = state.limits.body_limit;
    let request_timeout = state.limits.request_timeout;
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/limits", get(limits))
        .route("/api/sudoku/check", post(sudoku::check))
        .route("/api/sudoku/solve", post(sudoku::solve))
        .route("/api/sudoku/trace", post(sudoku::trace))
        .route("/api/sudoku/explain", post(logic::explain))
        .route("/api/sudoku/hint", post(logic::hint))
        .route("/api/sudoku/rate", post(logic::rate))
        .route("/api/sudoku/generate", post(logic::generate))
        .route("/api/xcc/solve", post(xcc::solve))
        .route("/api/xcc/trace", post(xcc::trace))
        .route("/api/queens/{n}", get(queens::get));
    Router::new()
        .route("/", get(assets::index))
        .route("/index.html", get(assets::index))
        .route("/app.js", get(assets::app_js))
        .route("/style.css", get(assets::style_css))
        .merge(api)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(CatchPanicLayer::custom(on_panic))
        .layer(axum::middleware::from_fn_with_state(
            request_timeout,
            log_and_limit,
        ))
        .with_state(state)
}

/// `GET /api/health`: `{"ok": true}`.
async fn health() -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({ "ok": true }))
}

/// `GET /api/limits`: the limits requests are held to.
async fn limits(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> axum::Json<serde_json::Value> {
    let l = &state.limits;
    axum::Json(serde_json::json!({
        "body_limit": l.body_limit,
        "node_budget": l.node_budget,
        "time_limit_ms": l.time_limit.as_millis() as u64,
        "concurrency": l.concurrency,
        "max_trace_steps": l.max_trace_steps,
        "max_listed": l.max_listed,
    }))
}

async fn not_found(uri: Uri) -> AppError {
    AppError::NotFound(format!("no such page or endpoint: {}", uri.path()))
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}

fn on_panic(cause: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    let text = cause
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| cause.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    axum::response::IntoResponse::into_response(AppError::Internal(format!("panic: {text}")))
}

/// A bound socket and the app to serve on it.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    state: AppState,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port).
    pub async fn bind(addr: SocketAddr, limits: Limits) -> std::io::Result<Server> {
        let listener = TcpListener::bind(addr).await?;
        Ok(Server {
            listener,
            state: AppState::new(limits),
        })
    }

    /// The address actually bound.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` completes, then finishes the requests in flight.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        tracing::info!(addr = ?self.listener.local_addr().ok(), "serving");
        axum::serve(self.listener, app(self.state))
            .with_graceful_shutdown(shutdown)
            .await
    }

    /// Serves until Ctrl-C.
    pub async fn run(self) -> std::io::Result<()> {
        self.run_until(async {
            // If the signal handler cannot be installed, serve until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
    }
}

/// Logs to stderr for a binary that serves the app: `RUST_LOG` if set, else info for this
/// crate (each request and every internal error) and warnings for the rest. Does nothing if a
/// subscriber is already installed.
pub fn install_log_subscriber() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,dlx_server=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// Logs each request (method, path, status, time taken) and cuts off any request that takes
/// longer than the request timeout, queueing included, with a JSON 503.
async fn log_and_limit(
    axum::extract::State(limit): axum::extract::State<Duration>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let start = std::time::Instant::now();
    let response = match tokio::time::timeout(limit, next.run(req)).await {
        Ok(response) => response,
        Err(_) => axum::response::IntoResponse::into_response(AppError::TimedOut(limit)),
    };
    let status = response.status().as_u16();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if path.starts_with("/api/") {
        tracing::info!(%method, %path, status, ms = format!("{ms:.1}"), "request");
    } else {
        tracing::debug!(%method, %path, status, ms = format!("{ms:.1}"), "request");
    }
    response
}

/// Binds `addr` and serves the app until Ctrl-C.
pub async fn serve(addr: SocketAddr, limits: Limits) -> std::io::Result<()> {
    Server::bind(addr, limits).await?.run().await
}
