//! The API's contract: an OpenAPI 3.1 document derived from the code, served at
//! `GET /api/openapi.json`.
//!
//! Each handler carries its `#[utoipa::path]` (method, path, body, answers) and each type it
//! reads or writes derives `utoipa::ToSchema`; [`router`] registers the handlers through
//! utoipa-axum's `OpenApiRouter`, which takes a route's path and method from that same
//! annotation, so a route is in the router if and only if it is in the document. The types
//! of other crates (which know nothing of OpenAPI) get their schemas here, written from
//! their `Serialize` output: [`sudoku_status`], [`solve_stats`], [`step_kind`],
//! [`matrix`], [`written`], and plain objects for the logic solver's steps and ratings.

use std::sync::OnceLock;

use utoipa::OpenApi;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{RefOr, SchemaFormat};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ErrorBody;
use crate::{AppState, logic, queens, sudoku, xcc};

/// The document's fixed parts: title, description, the shared error body.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "dlx",
        description = "The JSON API of `dlx serve`: Sudoku (check, solve, trace, explain, hint, rate, generate) and exact cover (solve, trace, N queens). Every failure is `{\"error\": \"...\"}` naming what is wrong; see docs/api.md."
    ),
    components(schemas(ErrorBody))
)]
pub struct ApiDoc;

/// Every API route with its part of the document.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(crate::health))
        .routes(routes!(crate::limits))
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

fn string_enum(description: &str, values: &[&str]) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(Some(values.iter().copied()))
        .into()
}

fn integer(description: &str) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(
            utoipa::openapi::KnownFormat::Int64,
        )))
        .minimum(Some(0))
        .description(Some(description))
        .into()
}

fn number(description: &str) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .description(Some(description))
        .into()
}

fn typed(t: Type, description: &str) -> Schema {
    ObjectBuilder::new()
        .schema_type(t)
        .description(Some(description))
        .into()
}

fn array_of(items: impl Into<Schema>, description: &str) -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(items.into()))
        .description(Some(description))
        .into()
}

fn object(description: &str, fields: Vec<(&str, Schema)>) -> Schema {
    let mut b = ObjectBuilder::new().description(Some(description));
    for (name, schema) in fields {
        b = b.property(name, schema).required(name);
    }
    b.into()
}

/// `dlx_sudoku::Status`: the verdict on a puzzle.
pub fn sudoku_status() -> Schema {
    string_enum(
        "unique, multiple, solved (found; uniqueness not decided), none (no solution) or incomplete (nothing found before a budget ran out)",
        &["solved", "unique", "multiple", "none", "incomplete"],
    )
}

/// `dlx_sudoku::SolveStats`: the work a Sudoku search did.
pub fn solve_stats() -> Schema {
    object(
        "Work done by a Sudoku search",
        vec![
            ("nodes", integer("search-tree nodes")),
            (
                "updates",
                integer("updates (dlx: list removals; backtracking: digits placed)"),
            ),
            ("guesses", integer("choices made among two or more options")),
            ("backtracks", integer("times the search backed up")),
            (
                "seconds",
                number("wall time, including building the problem"),
            ),
        ],
    )
}

/// Why an engine search returned, as [`crate::params::status_code`] spells it.
pub fn engine_status() -> Schema {
    string_enum(
        "Why the search returned",
        &["complete", "limit_reached", "node_budget", "deadline"],
    )
}

/// `Option<dlx_engine::Matrix>`: the [`matrix`] or `null`.
pub fn optional_matrix() -> Schema {
    utoipa::openapi::schema::OneOfBuilder::new()
        .item(typed(
            Type::Null,
            "no matrix (a grid too large to draw, or another solver)",
        ))
        .item(matrix())
        .into()
}

/// `dlx_engine::StepKind`: what happened at a step of a search.
pub fn step_kind() -> Schema {
    string_enum(
        "What happened at this step",
        &["choose", "try", "dead_end", "backtrack", "solution"],
    )
}

/// `dlx_engine::Matrix`: a problem as the dancing-links view draws it.
pub fn matrix() -> Schema {
    let item = ObjectBuilder::new()
        .property("name", typed(Type::String, "the item's name"))
        .required("name")
        .property(
            "primary",
            typed(Type::Boolean, "primary (covered once) or secondary"),
        )
        .required("primary")
        .property(
            "label",
            typed(Type::String, "the item in words, for a puzzle's items"),
        )
        .build();
    let color = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .build();
    ObjectBuilder::new()
        .description(Some("The problem: items, and options as item indexes"))
        .property("items", array_of(item, "primary items first"))
        .required("items")
        .property(
            "options",
            array_of(
                array_of(integer("an item index"), "one option"),
                "each option as the indexes of its items",
            ),
        )
        .required("options")
        .property(
            "labels",
            array_of(typed(Type::String, ""), "each option in words"),
        )
        .required("labels")
        .property(
            "colors",
            array_of(
                array_of(color, "one option's entries"),
                "the color of each entry, when the problem has colors",
            ),
        )
        .into()
}

/// `dlx_generate::Written`: a generated puzzle as the faces write it (flattened into the
/// answer of `POST /api/sudoku/generate`).
pub fn written() -> Schema {
    let rating = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Number, Type::Null]))
        .description(Some("its ER rating, when a band or range was asked"))
        .build();
    let mut schema = object(
        "A generated puzzle",
        vec![
            ("puzzle", typed(Type::String, "the puzzle on one line")),
            ("solution", typed(Type::String, "its one solution")),
            ("givens", integer("its givens")),
            (
                "symmetry",
                typed(Type::String, "the symmetry of its givens"),
            ),
            (
                "minimal",
                typed(Type::Boolean, "whether every given is needed"),
            ),
        ],
    );
    if let Schema::Object(o) = &mut schema {
        o.properties
            .insert("rating".into(), Schema::from(rating).into());
    }
    schema
}

/// A JSON object described in words only (the logic solver's steps, explanations and
/// ratings, whose fields docs/api.md lists).
pub fn described_object(description: &str) -> Schema {
    typed(Type::Object, description)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_is_openapi_3_1_with_every_route() {
        let doc = serde_json::to_value(document()).unwrap();
        assert!(
            doc["openapi"].as_str().unwrap().starts_with("3.1."),
            "{doc}"
        );
        let paths = doc["paths"].as_object().unwrap();
        assert_eq!(paths.len(), 13, "{:?}", paths.keys());
        assert!(paths["/api/queens/{n}"]["get"].is_object());
    }
}
