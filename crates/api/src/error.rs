//! How an operation fails: [`ApiError`], a refusal that keeps the place at fault (the field,
//! the line and column of its text, the cells of its grid) apart from the sentence, and
//! [`ErrorBody`], the JSON every face sends for it (`{"error": "...", "field": ...}`).

use serde::Serialize;

/// A request an operation refused, with the place at fault kept apart from the sentence.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The whole sentence: `puzzle: unknown character 'x' at line 3, column 3 (...)`.
    pub message: String,
    /// The request field at fault.
    pub field: Option<&'static str>,
    /// The line of that field's text (1-based).
    pub line: Option<usize>,
    /// The column of that line (1-based, in characters).
    pub column: Option<usize>,
    /// The cells at fault, `(row, column)`, 0-based.
    pub cells: Vec<(usize, usize)>,
    /// The constraint at fault, when rules that read were refused (a variant's cage sum no
    /// digits make, contradictory rules...).
    pub constraint: Option<Box<ConstraintRef>>,
    /// Whether the request read but asks for something that cannot hold (rules refused): the
    /// server answers 422 instead of 400.
    pub unprocessable: bool,
}

/// A constraint as a refusal names it: its kind, its number among the constraints of that
/// kind, its cells.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConstraintRef {
    /// The kind in words: `killer cage`, `thermometer`, `white dot`, `diagonal-`...
    pub kind: String,
    /// Its number among the constraints of that kind, from 1 (0 for a rule of the whole grid).
    pub index: usize,
    /// Its cells, `[row, column]` 0-based (none for a rule of the whole grid).
    pub cells: Vec<[usize; 2]>,
    /// As a sentence names it: `killer cage 3 (r1c1 r1c2 r1c3)`.
    pub text: String,
}

impl ApiError {
    /// A refusal with this sentence and no place.
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError {
            message: message.into(),
            ..ApiError::default()
        }
    }

    /// A refusal of `field`: the sentence is `field: message`.
    pub fn field(field: &'static str, message: impl std::fmt::Display) -> Self {
        ApiError {
            message: format!("{field}: {message}"),
            field: Some(field),
            ..ApiError::default()
        }
    }

    /// The JSON body of this refusal.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.message.clone(),
            field: self.field.map(str::to_string),
            line: self.line,
            column: self.column,
            cells: self.cells.iter().map(|&(r, c)| [r, c]).collect(),
            constraint: self.constraint.clone(),
        }
    }
}

/// The body of every error answer.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ErrorBody {
    /// What went wrong, lowercase, naming the offending field or value.
    pub error: String,
    /// The request field at fault (`puzzle`, `progress`, `marks`, `shape`, `limit`, ...),
    /// when the server can tell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The line of that field's text (1-based), for text that does not read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The column of that line (1-based, in characters).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The cells at fault, `[row, column]` 0-based: givens that repeat a digit, a digit or a
    /// pencil mark that contradicts the solution, cells where two solutions differ.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<[usize; 2]>,
    /// The constraint at fault (a variant's rules refused): kind, number, cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraint: Option<Box<ConstraintRef>>,
}

impl ErrorBody {
    /// A body with this sentence only.
    pub fn message(error: impl Into<String>) -> Self {
        ErrorBody {
            error: error.into(),
            ..ErrorBody::default()
        }
    }
}

/// A refusal that knows its place (field, line, column, cells) keeps it in the body.
macro_rules! located {
    ($($error:ty),*) => {$(
        impl From<$error> for ApiError {
            fn from(e: $error) -> Self {
                ApiError {
                    message: e.to_string(),
                    field: Some(e.field()),
                    line: e.line(),
                    column: e.column(),
                    cells: e.cells(),
                    ..ApiError::default()
                }
            }
        }
    )*};
}

/// A refusal that names its field only.
macro_rules! named {
    ($($error:ty),*) => {$(
        impl From<$error> for ApiError {
            fn from(e: $error) -> Self {
                ApiError {
                    message: e.to_string(),
                    field: Some(e.field),
                    ..ApiError::default()
                }
            }
        }
    )*};
}

located!(dlx_sudoku::RequestError, dlx_logic::LogicRequestError);
named!(dlx_generate::GenerateRequestError, dlx_engine::RequestError);
