//! The single-page app: HTML, CSS and JavaScript compiled into the binary with `include_str!`
//! (no build step, no CDN, no external fonts), served with their content types. The strict
//! content-security policy [`CSP`] (everything from this origin, nothing inline) goes on every
//! response of the app, with the other [`SECURITY_HEADERS`](crate::SECURITY_HEADERS).
//!
//! The page keeps to it: `index.html` loads `/app.js` and `/style.css` and has no inline
//! script, style element, `style` attribute or `on...` handler; `app.js` sets custom
//! properties through the CSSOM (`style.setProperty`), which the policy allows.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

/// `index.html`.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// `app.js`.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// `style.css`.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The content-security policy of every response.
pub const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
                   frame-ancestors 'none'";

fn asset(body: &'static str, content_type: &'static str) -> Response {
    (
        [(CONTENT_TYPE, content_type), (CACHE_CONTROL, "no-cache")],
        body,
    )
        .into_response()
}

/// `GET /` and `GET /index.html`.
pub async fn index() -> Response {
    asset(INDEX_HTML, "text/html; charset=utf-8")
}

/// `GET /app.js`.
pub async fn app_js() -> Response {
    asset(APP_JS, "text/javascript; charset=utf-8")
}

/// `GET /style.css`.
pub async fn style_css() -> Response {
    asset(STYLE_CSS, "text/css; charset=utf-8")
}
