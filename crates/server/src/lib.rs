//! The `dlx serve` web app: a single-page Sudoku and exact-cover workbench over a JSON API,
//! on axum and tokio.
//!
//! The principal items:
//! - [`app`] builds the [`axum::Router`] from an [`AppState`] (tests call it directly with
//!   `tower::ServiceExt::oneshot`, no socket needed);
//! - [`Limits`] holds every limit a request is held to: body size, node budget, deadline,
//!   concurrency, trace length; [`AppState`] carries them with the semaphore of solver slots;
//! - [`Server`] binds a socket and serves the app (HTTP/1.1 with header, body and send
//!   timeouts) until a shutdown signal (Ctrl-C or SIGTERM), then finishes the requests in
//!   flight; [`serve`] does both;
//! - [`AppError`] is how every handler fails: a 4xx with `{"error": "..."}` naming what is
//!   wrong, or a 500 that says nothing and is logged;
//! - [`openapi`] builds the API's routes together with their OpenAPI 3.1 document, served at
//!   `GET /api/openapi.json`.
//!
//! Every search runs off the async threads behind a semaphore, on a thread of lower OS
//! priority, with a node budget and a deadline, so a hard request comes back incomplete
//! instead of hanging the server; cheap requests have their own permits ([`work::Lane`]). Every answer carries the
//! [`SECURITY_HEADERS`] and is at most [`Limits::response_limit`] bytes.
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
pub mod meta;
pub mod openapi;
pub mod queens;
pub mod state;
pub mod sudoku;
pub mod variants;
pub mod work;
pub mod xcc;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, HttpBody};
use axum::extract::DefaultBodyLimit;
use axum::http::header::{CONNECTION, CONTENT_LENGTH};
use axum::http::{HeaderName, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http_body_util::BodyExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;

pub use error::AppError;
pub use state::{AppState, Limits};

/// The headers every response carries: a content-security policy that allows scripts,
/// styles and requests to this origin only and no framing, no MIME sniffing, no referrer, and
/// a cross-origin resource policy that keeps other sites from embedding the API's answers. No
/// `Access-Control-Allow-Origin` is sent: the API is for the page on the same origin.
pub const SECURITY_HEADERS: [(&str, &str); 5] = [
    ("content-security-policy", assets::CSP),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("cross-origin-resource-policy", "same-origin"),
];

/// The whole app: the page, its assets and the JSON API, with the [`SECURITY_HEADERS`] on
/// every answer and a guard around every request (body limit, lanes, response cap).
pub fn app(state: AppState) -> Router {
    let body_limit = state.limits.body_limit;
    let shared_limits = state.limits.clone();
    let (api, document) = openapi::router().split_for_parts();
    openapi::keep(document);
    let page = assets::FILES.iter().fold(
        Router::new()
            .route("/", get(assets::index))
            .route(&format!("/{}", assets::WASM), get(assets::wasm)),
        |page, &(name, _, _)| {
            page.route(
                &format!("/{name}"),
                get(move || async move { assets::served(name) }),
            )
        },
    );
    let app = page
        .merge(api)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(CatchPanicLayer::custom(on_panic))
        .layer(axum::middleware::from_fn_with_state(shared_limits, guard));
    let app = SECURITY_HEADERS.iter().fold(app, |app, &(name, value)| {
        app.layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        ))
    });
    app.with_state(state)
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

    /// Serves `dlx.wasm` from `dir` (`None`: never; the page then uses the JSON API) instead
    /// of the folder [`state::web_dir`] found.
    pub fn with_web_dir(mut self, dir: Option<std::path::PathBuf>) -> Server {
        self.state.web_dir = dir.map(std::sync::Arc::from);
        self
    }

    /// The address actually bound.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` completes, then stops accepting, lets the requests in flight
    /// finish (each is bounded by the request timeout; idle connections close at once) and
    /// returns.
    ///
    /// Each connection speaks HTTP/1.1 with a header read timeout ([`Limits::header_timeout`])
    /// and a send timeout ([`Limits::send_timeout`]); the body timeout is the app's.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let limits = self.state.limits.clone();
        tracing::info!(addr = ?self.listener.local_addr().ok(), "serving");
        let app = app(self.state);
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(limits.header_timeout);
        let connections = hyper_util::server::graceful::GracefulShutdown::new();
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            let (stream, peer) = tokio::select! {
                accepted = self.listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of file descriptors and the like: wait instead of spinning.
                        tracing::warn!(error = %e, "cannot accept a connection");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                },
                () = &mut shutdown => break,
            };
            let io = hyper_util::rt::TokioIo::new(SendTimeout::new(stream, limits.send_timeout));
            let service = hyper_util::service::TowerToHyperService::new(app.clone());
            let conn = connections.watch(http.serve_connection(io, service));
            tokio::spawn(async move {
                if let Err(e) = conn.await {
                    tracing::debug!(%peer, error = %e, "connection ended");
                }
            });
        }
        drop(self.listener);
        tracing::info!(
            connections = connections.count(),
            "shutting down: finishing the requests in flight"
        );
        // Every request ends within the request timeout and every stalled write within the
        // send timeout; past both, give up on the stragglers.
        let grace = limits.request_timeout + limits.send_timeout;
        if tokio::time::timeout(grace, connections.shutdown())
            .await
            .is_err()
        {
            tracing::warn!(
                "connections still open after {} s; closing",
                grace.as_secs()
            );
        }
        Ok(())
    }

    /// Serves until Ctrl-C or SIGTERM ([`shutdown_signal`]).
    pub async fn run(self) -> std::io::Result<()> {
        self.run_until(shutdown_signal()).await
    }
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM. If no handler can be installed, never
/// completes (the server then runs until killed).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("interrupted (Ctrl-C)"),
        () = term => tracing::info!("terminated (SIGTERM)"),
    }
}

/// A connection whose writes fail with `TimedOut` once they have made no progress for
/// `limit`: a client that stops reading its answer is cut off, and the answer's memory freed,
/// instead of holding both for ever.
///
/// Invariant: `stalled_since` is `Some` iff the last write, flush or shutdown returned
/// `Pending`, and `timer` then fires `limit` after it.
struct SendTimeout<S> {
    inner: S,
    limit: Duration,
    timer: std::pin::Pin<Box<tokio::time::Sleep>>,
    stalled_since: Option<tokio::time::Instant>,
}

impl<S> SendTimeout<S> {
    fn new(inner: S, limit: Duration) -> Self {
        SendTimeout {
            inner,
            limit,
            timer: Box::pin(tokio::time::sleep(limit)),
            stalled_since: None,
        }
    }

    /// Passes on a write's outcome, arming the timer when it stalls and failing once the
    /// timer has fired.
    fn watch<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        poll: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::task::Poll;
        if poll.is_ready() {
            self.stalled_since = None;
            return poll;
        }
        if self.stalled_since.is_none() {
            let now = tokio::time::Instant::now();
            self.stalled_since = Some(now);
            self.timer.as_mut().reset(now + self.limit);
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("the client read nothing for {} s", self.limit.as_secs_f64()),
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for SendTimeout<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for SendTimeout<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_shutdown(cx);
        self.watch(cx, poll)
    }
}

/// Logs to stderr for a binary that serves the app: `RUST_LOG` if set, else info for this
/// crate (each request and every internal error) and warnings for the rest; colours only
/// when stderr is a terminal. Does nothing if a subscriber is already installed.
pub fn install_log_subscriber() {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,dlx_server=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}

/// What every request goes through, in order:
///
/// 1. its body is read in full within [`Limits::body_timeout`] (408 after, and the connection
///    is closed) and up to [`Limits::body_limit`] (413);
/// 2. its [`work::Lane`] is picked from the body ([`work::lane_of`]);
/// 3. it is handled within [`Limits::request_timeout`], queueing included (503 after);
/// 4. an answer above [`Limits::response_limit`] is replaced by a 422 that names its size;
/// 5. it is logged (method, path, status, time taken).
async fn guard(
    axum::extract::State(limits): axum::extract::State<Arc<Limits>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let start = std::time::Instant::now();
    let mut response = match read_body(req, &limits).await {
        Err(e) => e.into_response(),
        Ok((req, lane)) => {
            let handled = work::in_lane(lane, next.run(req));
            match tokio::time::timeout(limits.request_timeout, handled).await {
                Ok(response) => cap_response(response, limits.response_limit),
                Err(_) => AppError::TimedOut(limits.request_timeout).into_response(),
            }
        }
    };
    if response.status() == StatusCode::REQUEST_TIMEOUT {
        // The rest of the body may still come: this connection cannot carry another request.
        response
            .headers_mut()
            .insert(CONNECTION, HeaderValue::from_static("close"));
    }
    let status = response.status().as_u16();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if path.starts_with("/api/") {
        tracing::info!(%method, %path, status, ms = format!("{ms:.1}"), "request");
    } else {
        tracing::debug!(%method, %path, status, ms = format!("{ms:.1}"), "request");
    }
    response
}

/// Reads the body of `req` within the body timeout and size limit, and picks its lane.
async fn read_body(
    req: axum::extract::Request,
    limits: &Limits,
) -> Result<(axum::extract::Request, work::Lane), AppError> {
    let (parts, body) = req.into_parts();
    let declared = parts
        .headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.body_limit as u64) {
        return Err(AppError::TooLarge(limits.body_limit));
    }
    let limited = http_body_util::Limited::new(body, limits.body_limit);
    let bytes = match tokio::time::timeout(limits.body_timeout, limited.collect()).await {
        Err(_) => return Err(AppError::BodyTimedOut(limits.body_timeout)),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => {
            return Err(AppError::TooLarge(limits.body_limit));
        }
        Ok(Err(e)) => {
            return Err(AppError::bad(format!(
                "could not read the request body: {e}"
            )));
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    let lane = work::lane_of(&parts.method, parts.uri.path(), &bytes);
    Ok((
        axum::extract::Request::from_parts(parts, Body::from(bytes)),
        lane,
    ))
}

/// `response`, or a 422 if its body is larger than `limit` bytes. Every answer of this app
/// has a body of known length (JSON and the embedded assets), so the check is exact.
fn cap_response(response: Response, limit: usize) -> Response {
    match response.body().size_hint().exact() {
        Some(bytes) if bytes > limit as u64 => {
            AppError::AnswerTooLarge { bytes, limit }.into_response()
        }
        _ => response,
    }
}

/// Binds `addr` and serves the app until Ctrl-C or SIGTERM.
pub async fn serve(addr: SocketAddr, limits: Limits) -> std::io::Result<()> {
    Server::bind(addr, limits).await?.run().await
}
