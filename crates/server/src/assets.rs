//! The single-page app: HTML, CSS and JavaScript compiled into the binary with `include_str!`
//! (no build step, no CDN, no external fonts), served with their content types and a strict
//! content-security policy (everything from this origin, nothing inline).

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

/// `index.html`.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// `app.js`.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// `style.css`.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");

const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
                   frame-ancestors 'none'";

fn asset(body: &'static str, content_type: &'static str) -> Response {
    (
        [
            (CONTENT_TYPE, content_type),
            (CACHE_CONTROL, "no-cache"),
            (CONTENT_SECURITY_POLICY, CSP),
        ],
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
