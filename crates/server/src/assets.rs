//! The page: HTML, CSS and JavaScript modules compiled into the binary with `include_str!`
//! (no build step, no CDN, no external fonts), served with their content types, and the
//! engine's WebAssembly (`dlx.wasm`, built by `cargo build -p dlx-wasm --target
//! wasm32-unknown-unknown --release`), served from the [web folder](crate::state::web_dir) when it is there.
//! The strict content-security policy [`CSP`] (everything from this origin, nothing inline)
//! goes on every response of the app, with the other
//! [`SECURITY_HEADERS`](crate::SECURITY_HEADERS).
//!
//! The page keeps to it: `index.html` loads `app.js` and `style.css` and has no inline
//! script, style element, `style` attribute or `on...` handler; its modules set custom
//! properties through the CSSOM (`style.setProperty`), which the policy allows. The only
//! exception to "no eval" is `'wasm-unsafe-eval'`, which lets the worker compile `dlx.wasm`.
//!
//! The same files, written to a folder by [`write_static`] with `dlx.wasm` beside them, are
//! the page with no server at all (any static file server; the page then never calls the API).
//! `sw.js`, a service worker, keeps them for offline use; `manifest.webmanifest` and `icon.svg`
//! let a phone install the page.

use std::path::{Path, PathBuf};

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

use crate::state::AppState;

/// `index.html`.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// `app.js`.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// `style.css`.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The page's files: name (its path under `/`), content type, contents.
pub const FILES: [(&str, &str, &str); 21] = [
    ("index.html", "text/html; charset=utf-8", INDEX_HTML),
    ("app.js", "text/javascript; charset=utf-8", APP_JS),
    (
        "engine.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/engine.js"),
    ),
    (
        "ui.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/ui.js"),
    ),
    (
        "links.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/links.js"),
    ),
    (
        "xcc.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/xcc.js"),
    ),
    (
        "variants.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/variants.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "timer.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/timer.js"),
    ),
    (
        "storage.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/storage.js"),
    ),
    (
        "input.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/input.js"),
    ),
    (
        "load.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/load.js"),
    ),
    (
        "solve.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/solve.js"),
    ),
    (
        "player.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/player.js"),
    ),
    (
        "logic.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/logic.js"),
    ),
    (
        "generate.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/generate.js"),
    ),
    (
        "worker.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/worker.js"),
    ),
    ("style.css", "text/css; charset=utf-8", STYLE_CSS),
    (
        "sw.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/sw.js"),
    ),
    (
        "manifest.webmanifest",
        "application/manifest+json",
        include_str!("../assets/manifest.webmanifest"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_str!("../assets/icon.svg"),
    ),
];

pub use crate::state::WASM;

/// The content-security policy of every response.
pub const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; worker-src 'self'; \
                   base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The answer of `GET /{name}` for one of the [`FILES`].
pub fn file(name: &str) -> Option<Response> {
    FILES.iter().find(|f| f.0 == name).map(|&(_, kind, body)| {
        ([(CONTENT_TYPE, kind), (CACHE_CONTROL, "no-cache")], body).into_response()
    })
}

/// The answer of `GET /{name}`: the file, or 404.
pub fn served(name: &str) -> Response {
    file(name).unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}

/// `GET /`: `index.html`.
pub async fn index() -> Response {
    served("index.html")
}

/// `GET /dlx.wasm`: the engine, read from the web folder at each request (so a rebuild is
/// served without a restart); 404 with a sentence saying how to build it when it is not there
/// (the page then uses the JSON API).
pub async fn wasm(State(state): State<AppState>) -> Response {
    let missing = || {
        (
            StatusCode::NOT_FOUND,
            [(CONTENT_TYPE, "text/plain; charset=utf-8")],
            "dlx.wasm is not built: `cargo test -p dlx-server --test web` builds it into \
             target/web (the page uses the JSON API meanwhile)",
        )
            .into_response()
    };
    let Some(dir) = state.web_dir.as_deref() else {
        return missing();
    };
    let path = dir.join(WASM);
    match tokio::task::spawn_blocking(move || std::fs::read(path)).await {
        Ok(Ok(bytes)) => (
            [
                (CONTENT_TYPE, "application/wasm"),
                (CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        _ => missing(),
    }
}

/// Writes the page's [`FILES`] into `dir` (created if needed), each replaced whole (written
/// beside, then renamed), so a server reading the folder never sees half a file.
pub fn write_static(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, _, body) in FILES {
        replace(&dir.join(name), body.as_bytes())?;
    }
    Ok(())
}

/// Writes `bytes` to `path` through a temporary file beside it and a rename.
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}
