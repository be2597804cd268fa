//! Errors of the API and how they become HTTP responses, plus [`ApiJson`], the JSON extractor
//! whose rejections use the same `{"error": "..."}` shape as every other failure. An
//! operation's refusal ([`ApiError`], from `dlx-api`) keeps its field, line, column and cells
//! in the body ([`ErrorBody`]).
//!
//! A 4xx response carries a message naming what is wrong with the request; a 500 says only
//! "internal error" and the cause goes to the log (`tracing::error!`), never to the client.
//! [`Refusals`] and [`SearchRefusals`] are the same failures as the OpenAPI document lists
//! them.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use dlx_api::ApiError;
pub use dlx_api::ErrorBody;

/// Everything a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The request is malformed or asks for something impossible (400).
    #[error("{0}")]
    BadRequest(String),
    /// An operation refused the request (400), naming the field, line, column or cells.
    #[error("{}", .0.message)]
    Refused(ApiError),
    /// No such route or resource (404).
    #[error("{0}")]
    NotFound(String),
    /// The route exists but not for this method (405).
    #[error("method not allowed")]
    MethodNotAllowed,
    /// The request body exceeds the configured limit (413).
    #[error("request body is too large (the limit is {0} bytes)")]
    TooLarge(usize),
    /// The body is not JSON of the expected shape (400, 415 or 422, as the extractor decided).
    #[error("{message}")]
    Rejected {
        /// The status the extractor chose.
        status: StatusCode,
        /// What is wrong, in our words.
        message: String,
    },
    /// Every solver slot stayed busy for the whole queue timeout (503).
    #[error("server busy: every solver is in use; try again shortly")]
    Busy,
    /// The whole request took longer than the request timeout (503).
    #[error("request timed out after {} ms", .0.as_millis())]
    TimedOut(std::time::Duration),
    /// The request body did not arrive in full within the body timeout (408).
    #[error("the request body did not arrive within {} s", .0.as_secs_f64())]
    BodyTimedOut(std::time::Duration),
    /// The answer would be larger than the response limit (422).
    #[error(
        "the answer would take {} bytes, more than the {limit} bytes an answer may; \
         ask for less (fewer steps with `max_steps`, fewer solutions with `list`) or a smaller problem",
        .bytes
    )]
    AnswerTooLarge {
        /// The size of the answer, in bytes.
        bytes: u64,
        /// The largest answer sent, in bytes.
        limit: usize,
    },
    /// A bug or a failed task: logged, and reported to the client without details (500).
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// A 400 with this message.
    pub fn bad(message: impl Into<String>) -> Self {
        AppError::BadRequest(message.into())
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            // Rules that read but cannot hold (a variant's constraint refused): 422.
            AppError::Refused(e) if e.unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::BadRequest(_) | AppError::Refused(_) => StatusCode::BAD_REQUEST,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Rejected { status, .. } => *status,
            AppError::Busy | AppError::TimedOut(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::BodyTimedOut(_) => StatusCode::REQUEST_TIMEOUT,
            AppError::AnswerTooLarge { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<ApiError> for AppError {
    fn from(e: ApiError) -> Self {
        AppError::Refused(e)
    }
}

/// The libraries' refusals, through [`ApiError`].
macro_rules! refused {
    ($($t:ty),*) => {$(
        impl From<$t> for AppError {
            fn from(e: $t) -> Self {
                AppError::Refused(e.into())
            }
        }
    )*};
}

refused!(
    dlx_sudoku::RequestError,
    dlx_logic::LogicRequestError,
    dlx_generate::GenerateRequestError,
    dlx_engine::RequestError,
    dlx_variants::request::RequestError
);

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = match self {
            AppError::Internal(cause) => {
                tracing::error!(%cause, "internal error");
                ErrorBody::message("internal error")
            }
            AppError::Refused(r) => r.body(),
            other => ErrorBody::message(other.to_string()),
        };
        (status, axum::Json(body)).into_response()
    }
}

/// The failures every `POST` endpoint may answer with, for the OpenAPI document: each a
/// status and an [`ErrorBody`].
pub struct Refusals;

/// What [`Refusals`] lists: status and when.
const REFUSALS: [(u16, &str); 6] = [
    (
        400,
        "a value is wrong (a puzzle that does not read, a limit out of range); the message names it",
    ),
    (
        408,
        "the request body did not arrive within the body timeout",
    ),
    (413, "the request body is larger than the body limit"),
    (415, "the body is not sent as `application/json`"),
    (
        422,
        "the body is JSON of the wrong shape (a missing or unknown field, a value of the wrong type), a variant's rules read but cannot hold (the body's `constraint` names it: kind, number, cells), or the answer would be larger than the response limit",
    ),
    (
        503,
        "every solver slot stayed busy for the whole queue timeout, or the request took longer than the request timeout",
    ),
];

fn error_responses(
    statuses: &[(u16, &str)],
) -> std::collections::BTreeMap<String, utoipa::openapi::RefOr<utoipa::openapi::Response>> {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    statuses
        .iter()
        .map(|&(status, when)| {
            let content = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build();
            let response = ResponseBuilder::new()
                .description(when)
                .content("application/json", content)
                .build();
            (status.to_string(), response.into())
        })
        .collect()
}

impl utoipa::IntoResponses for Refusals {
    fn responses()
    -> std::collections::BTreeMap<String, utoipa::openapi::RefOr<utoipa::openapi::Response>> {
        error_responses(&REFUSALS)
    }
}

/// The failures of a `GET` that searches (`/api/queens/{n}`): a bad value (400), an answer
/// too large (422), no free slot (503).
pub struct SearchRefusals;

impl utoipa::IntoResponses for SearchRefusals {
    fn responses()
    -> std::collections::BTreeMap<String, utoipa::openapi::RefOr<utoipa::openapi::Response>> {
        let kept: Vec<_> = REFUSALS
            .into_iter()
            .filter(|(status, _)| matches!(status, 400 | 422 | 503))
            .collect();
        error_responses(&kept)
    }
}

/// Rewords an extractor's rejection: serde's messages are kept (they name the field and the
/// position), the framework's capitalised prefixes are dropped.
fn from_rejection(rejection: JsonRejection) -> AppError {
    let status = rejection.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return AppError::Rejected {
            status,
            message: "request body is too large".into(),
        };
    }
    let message = match &rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "expected a JSON body with `content-type: application/json`".to_string()
        }
        JsonRejection::JsonSyntaxError(_) | JsonRejection::JsonDataError(_) => {
            let text = rejection.body_text();
            let detail = text
                .split_once(": ")
                .map_or(text.as_str(), |(_, rest)| rest)
                .to_string();
            format!("invalid JSON body: {detail}")
        }
        _ => format!("could not read the request body: {}", rejection.body_text()),
    };
    AppError::Rejected { status, message }
}

/// `axum::Json`, with rejections turned into [`AppError`]s.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(from_rejection(rejection)),
        }
    }
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}
