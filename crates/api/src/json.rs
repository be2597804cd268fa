//! Every operation by name over JSON text: [`call`] reads a request, runs the operation under
//! the face's caps and answers JSON, or the [`ErrorBody`] of a refusal. The browser build
//! calls this and nothing else, so its answers are the API's, byte for byte in shape.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, ErrorBody};
use crate::run::{Asked, Budget, Caps, Progress, Run};
use crate::{logic, meta, sudoku, variants, vlogic, vpage, xcc};

/// The operations [`call`] knows, by name.
pub const OPERATIONS: [&str; 19] = [
    "meta",
    "check",
    "solve",
    "trace",
    "explain",
    "hint",
    "rate",
    "generate",
    "xcc_solve",
    "xcc_trace",
    "queens",
    "variant_check",
    "variant_solve",
    "variant_trace",
    "variant_view",
    "variant_generate",
    "variant_explain",
    "variant_hint",
    "variant_rate",
];

fn read<T: DeserializeOwned>(body: &str) -> Result<T, ErrorBody> {
    serde_json::from_str(body).map_err(|e| ErrorBody::message(format!("invalid JSON body: {e}")))
}

fn answer<T: Serialize>(result: Result<T, ApiError>) -> Result<String, ErrorBody> {
    let value = result.map_err(|e| e.body())?;
    serde_json::to_string(&value)
        .map_err(|e| ErrorBody::message(format!("internal error: cannot write the answer: {e}")))
}

/// Runs operation `op` on the JSON request `body` under `caps`, passing progress (at most
/// every [`PROGRESS_EVERY`](crate::run::PROGRESS_EVERY)) to `progress`; the budget is the
/// smaller of the caps' and the request's `node_budget` and `time_limit_ms`.
///
/// ```
/// let caps = dlx_api::Caps::browser();
/// let answer = dlx_api::json::call("solve", r#"{"puzzle": "1...\n..3.\n.4..\n...2"}"#, &caps, None).unwrap();
/// assert!(answer.contains(r#""status":"unique""#));
/// let refused = dlx_api::json::call("solve", r#"{"puzzle": "11.."}"#, &caps, None).unwrap_err();
/// assert_eq!(refused.field.as_deref(), Some("puzzle"));
/// ```
pub fn call(
    op: &str,
    body: &str,
    caps: &Caps,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<String, ErrorBody> {
    let budget = |asked: Asked| Budget::within(caps.limits(), asked);
    let run = |budget: Budget| {
        let run = Run::new(budget, caps);
        match progress {
            Some(hook) => run.with_progress(hook),
            None => run,
        }
    };
    match op {
        "meta" => answer(Ok(meta::meta(caps))),
        "check" => answer(sudoku::check(&read(body)?)),
        "solve" => {
            let req: dlx_sudoku::SolveRequest = read(body)?;
            let b = budget(Asked::new(req.node_budget, req.time_limit_ms));
            answer(sudoku::solve(&req, &mut run(b)))
        }
        "trace" => answer(sudoku::trace(
            &read(body)?,
            &mut run(budget(Asked::default())),
        )),
        "explain" => {
            let req: dlx_logic::ExplainRequest = read(body)?;
            let b = budget(Asked::new(None, req.time_limit_ms));
            answer(logic::explain(&req, &mut run(b)))
        }
        "hint" => answer(logic::hint(
            &read(body)?,
            &mut run(budget(Asked::default())),
        )),
        "rate" => answer(logic::rate(
            &read(body)?,
            &mut run(budget(Asked::default())),
        )),
        "generate" => {
            let req: dlx_generate::GenerateRequest = read(body)?;
            let b = budget(Asked::new(None, req.time_limit_ms));
            answer(logic::generate(&req, &mut run(b)))
        }
        "xcc_solve" => {
            let req: xcc::XccSolveRequest = read(body)?;
            let b = budget(Asked::new(req.node_budget, req.time_limit_ms));
            answer(xcc::solve(&req, &mut run(b)))
        }
        "xcc_trace" => answer(xcc::trace(&read(body)?, &mut run(budget(Asked::default())))),
        "queens" => answer(xcc::queens(
            &read(body)?,
            &mut run(budget(Asked::default())),
        )),
        "variant_check" => answer(variants::check(&read(body)?)),
        "variant_solve" => {
            let req: dlx_variants::request::SolveRequest = read(body)?;
            let b = budget(Asked::new(req.node_budget, req.time_limit_ms));
            answer(variants::solve(&req, &mut run(b)))
        }
        "variant_trace" => {
            let req: dlx_variants::request::TraceRequest = read(body)?;
            let b = budget(Asked::new(req.node_budget, req.time_limit_ms));
            answer(variants::trace(&req, &mut run(b)))
        }
        "variant_view" => answer(vpage::view(&read(body)?)),
        "variant_generate" => {
            let req: dlx_variants::generate::GenerateRequest = read(body)?;
            let b = budget(Asked::new(None, req.time_limit_ms));
            answer(vpage::generate(&req, &mut run(b)))
        }
        "variant_explain" => {
            let req: vlogic::VariantExplainRequest = read(body)?;
            let b = budget(Asked::new(None, req.time_limit_ms));
            answer(vlogic::explain(&req, &mut run(b)))
        }
        "variant_hint" => answer(vlogic::hint(
            &read(body)?,
            &mut run(budget(Asked::default())),
        )),
        "variant_rate" => answer(vlogic::rate(
            &read(body)?,
            &mut run(budget(Asked::default())),
        )),
        _ => Err(ErrorBody::message(format!(
            "no operation `{op}` (the operations: {})",
            OPERATIONS.join(", ")
        ))),
    }
}
