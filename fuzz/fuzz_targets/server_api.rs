//! Every POST route of the API, through the router as a client would reach it
//! (`tower::ServiceExt::oneshot`, no socket): whatever the body, the answer is never a 5xx.
//! The limits are small so that one run is quick.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use dlx_server::{AppState, Limits, app};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

const ROUTES: [&str; 9] = [
    "/api/sudoku/check",
    "/api/sudoku/solve",
    "/api/sudoku/trace",
    "/api/sudoku/explain",
    "/api/sudoku/hint",
    "/api/sudoku/rate",
    "/api/sudoku/generate",
    "/api/xcc/solve",
    "/api/xcc/trace",
];

fn setup() -> &'static (tokio::runtime::Runtime, Router) {
    static SETUP: OnceLock<(tokio::runtime::Runtime, Router)> = OnceLock::new();
    SETUP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let limits = Limits {
            body_limit: 64 << 10,
            node_budget: 20_000,
            time_limit: Duration::from_millis(100),
            concurrency: 1,
            queue_timeout: Duration::from_secs(5),
            max_trace_steps: 200,
            max_listed: 10,
            request_timeout: Duration::from_secs(10),
            ..Limits::default()
        };
        (runtime, app(AppState::new(limits)))
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    let route = ROUTES[first as usize % ROUTES.len()];
    let (runtime, router) = setup();
    let request = Request::post(route)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .unwrap();
    let response = runtime.block_on(router.clone().oneshot(request)).unwrap();
    let status = response.status();
    if status.is_server_error() {
        let bytes = runtime
            .block_on(axum::body::to_bytes(response.into_body(), 1 << 20))
            .unwrap_or_default();
        panic!(
            "{route} answered {status} to {:?}: {}",
            String::from_utf8_lossy(body),
            String::from_utf8_lossy(&bytes)
        );
    }
});
