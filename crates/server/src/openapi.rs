//! The API's contract: an OpenAPI 3.1 document derived from the code, served at
//! `GET /api/openapi.json`.
//!
//! Each handler carries its `#[utoipa::path]` (method, path, body, answers) and each type it
//! reads or writes derives `utoipa::ToSchema`; [`router`] registers the handlers through
//! utoipa-axum's `OpenApiRouter`, which takes a route's path and method from that same
//! annotation, so a route is in the router if and only if it is in the document. The types
//! of other crates derive their schemas with their `openapi` feature (`dlx-api`'s answers
//! included, with the schemas it writes for types that derive none).

use std::sync::OnceLock;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ErrorBody;
use crate::state::AppState;
use crate::{logic, meta, queens, sudoku, variants, xcc};

/// The document's fixed parts: title, description, the shared error body.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "dlx",
        description = "The JSON API of `dlx serve`: Sudoku (check, solve, trace, explain, hint, rate, generate), variant Sudoku (check, solve, trace, view, generate, explain, hint, rate) and exact cover (solve, trace, N queens). Every failure is `{\"error\": \"...\"}` naming what is wrong; see docs/api.md."
    ),
    components(schemas(ErrorBody))
)]
pub struct ApiDoc;

/// Every API route with its part of the document.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(meta::health))
        .routes(routes!(meta::limits))
        .routes(routes!(meta::meta))
        .routes(routes!(openapi_json))
        .routes(routes!(sudoku::check))
        .routes(routes!(sudoku::solve))
        .routes(routes!(sudoku::trace))
        .routes(routes!(logic::explain))
        .routes(routes!(logic::hint))
        .routes(routes!(logic::rate))
        .routes(routes!(logic::generate))
        .routes(routes!(xcc::solve))
        .routes(routes!(xcc::trace))
        .routes(routes!(queens::get))
        .routes(routes!(variants::check))
        .routes(routes!(variants::solve))
        .routes(routes!(variants::trace))
        .routes(routes!(variants::view))
        .routes(routes!(variants::generate))
        .routes(routes!(variants::explain))
        .routes(routes!(variants::hint))
        .routes(routes!(variants::rate))
}

static DOCUMENT: OnceLock<utoipa::openapi::OpenApi> = OnceLock::new();

/// The whole document, built once: kept by the first [`app`](crate::app), which builds it
/// with the routes, or built here when asked for without an app.
pub fn document() -> &'static utoipa::openapi::OpenApi {
    DOCUMENT.get_or_init(|| router().into_openapi())
}

/// Keeps the document [`router`] built with the routes (the first one kept stays).
pub(crate) fn keep(document: utoipa::openapi::OpenApi) {
    let _ = DOCUMENT.set(document);
}

/// `GET /api/openapi.json`: this document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 document of this API", body = Object))
)]
pub(crate) async fn openapi_json() -> axum::Json<&'static utoipa::openapi::OpenApi> {
    axum::Json(document())
}
