//! The OpenAPI schemas of the types of other crates (which know nothing of OpenAPI), written
//! from their `Serialize` output, for the handlers' `#[schema(schema_with = ...)]`:
//! [`sudoku_status`], [`solve_stats`], [`step_kind`], [`matrix`], [`written`], and plain
//! objects for the logic solver's steps and ratings.

use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{RefOr, SchemaFormat};

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
