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

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn ok(op: &str, body: serde_json::Value) -> serde_json::Value {
        let text = call(op, &body.to_string(), &Caps::browser(), None)
            .unwrap_or_else(|e| panic!("{op} {body}: {e:?}"));
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn every_operation_answers_by_name() {
        use serde_json::json;
        let meta = ok("meta", json!({}));
        assert_eq!(meta["caps"]["face"], "browser");
        let formats = meta["variant_formats"].as_array().unwrap();
        assert!(formats.iter().any(|f| f["name"] == "link"), "{formats:?}");
        assert_eq!(ok("check", json!({ "puzzle": EASY }))["givens"], 32);
        let solved = ok("solve", json!({ "puzzle": EASY }));
        assert_eq!(solved["status"], "unique");
        let shape = dlx_testkit::Shape::new(3, 3);
        let solution = dlx_testkit::parse_line(solved["solution"].as_str().unwrap(), 9);
        dlx_testkit::validate(shape, &dlx_testkit::parse_line(EASY, 9), &solution).unwrap();
        assert!(
            ok("trace", json!({ "puzzle": EASY }))["steps"]
                .as_array()
                .unwrap()
                .len()
                > 40
        );
        assert_eq!(ok("explain", json!({ "puzzle": EASY }))["stop"], "solved");
        let hint = ok("hint", json!({ "puzzle": EASY, "level": 1 }));
        assert_eq!(hint["levels"].as_array().unwrap().len(), 3);
        assert_eq!(hint["text"], hint["levels"][0]);
        assert_eq!(ok("rate", json!({ "puzzle": EASY }))["band"], "easy");
        let made = ok("generate", json!({ "size": 4, "seed": 3 }));
        assert_eq!(made["seed"], 3);
        let xcc = ok(
            "xcc_solve",
            json!({ "problem": "a b\na\nb\na b\n", "limit": 0 }),
        );
        assert_eq!(xcc["solutions"], 2);
        assert_eq!(ok("xcc_trace", json!({ "queens": 4 }))["queens"]["n"], 4);
        assert_eq!(ok("queens", json!({ "n": 8, "limit": 0 }))["solutions"], 92);
        let killer = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals";
        let v = ok("variant_solve", json!({ "puzzle": killer }));
        assert_eq!(v["status"], "unique");
        assert_eq!(v["format"], "text");
        let checked = ok(
            "variant_check",
            json!({ "puzzle": killer, "grid": v["solution"] }),
        );
        assert_eq!(checked["solved"], true);
        let open = killer.replace("givens 1...............\n", "");
        let t = ok("variant_trace", json!({ "puzzle": open, "max_steps": 2 }));
        assert_eq!(t["steps"].as_array().unwrap().len(), 2);
        assert_eq!(t["truncated"], true);
        let view = ok("variant_view", json!({ "puzzle": killer }));
        assert_eq!(view["constraints"].as_array().unwrap().len(), 5);
        assert_eq!(view["regions"].as_array().unwrap().len(), 16);
        let made = ok(
            "variant_generate",
            json!({ "variant": "killer", "size": 4, "seed": 2 }),
        );
        assert_eq!(made["seed"], 2);
        assert!(made["cages"].as_u64().unwrap() > 0, "{made}");
        let again = ok(
            "variant_solve",
            json!({ "puzzle": made["view"]["puzzle"], "format": "json" }),
        );
        assert_eq!(again["status"], "unique");
        assert_eq!(again["solution"], made["solution"]);
        let e = ok("variant_explain", json!({ "puzzle": killer }));
        assert_eq!(e["stop"], "solved");
        assert_eq!(e["peers"].as_array().unwrap().len(), 16);
        let h = ok("variant_hint", json!({ "puzzle": killer, "level": 2 }));
        assert_eq!(h["text"], h["levels"][1]);
        assert_eq!(h["candidates"].as_array().unwrap().len(), 16);
        let r = ok("variant_rate", json!({ "puzzle": killer }));
        assert_eq!(
            (&r["er"], &r["stop"]),
            (&e["rating"]["er"], &json!("solved"))
        );
        assert!(
            ok("meta", json!({}))["variant_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["name"] == "jigsaw")
        );
        // An empty body is refused by every operation that needs a field, with serde's
        // words for the field missing.
        for op in OPERATIONS
            .iter()
            .filter(|&&op| !["meta", "xcc_trace", "generate"].contains(&op))
        {
            let e = call(op, "{}", &Caps::browser(), None).unwrap_err();
            assert!(e.error.contains("missing field"), "{op}: {e:?}");
        }
    }

    #[test]
    fn refusals_keep_the_place_at_fault() {
        let caps = Caps::browser();
        let e = call("solve", r#"{"puzzle": "12"}"#, &caps, None).unwrap_err();
        assert_eq!((e.field.as_deref(), e.line), (Some("puzzle"), Some(1)));
        let e = call("solve", r#"{"puzzle": 7}"#, &caps, None).unwrap_err();
        assert!(e.error.starts_with("invalid JSON body: "), "{e:?}");
        let e = call(
            "variant_solve",
            r#"{"puzzle": "size 4\ncage 3 r1c1 r1c2 r1c3"}"#,
            &caps,
            None,
        )
        .unwrap_err();
        assert_eq!(e.constraint.as_ref().map(|c| c.index), Some(1));
        assert_eq!((e.field.as_deref(), e.line), (Some("puzzle"), Some(2)));
        let e = call("nothing", "{}", &caps, None).unwrap_err();
        assert!(e.error.contains("xcc_solve"), "{e:?}");
    }

    #[test]
    fn a_long_count_reports_progress_and_keeps_to_a_budget_asked() {
        let caps = Caps::browser();
        let mut seen = Vec::new();
        let mut hook = |p: &Progress| seen.push(p.nodes);
        let blank = ".".repeat(81);
        let body = format!(
            r#"{{"puzzle": "{blank}", "solver": "dlx", "mode": "count", "time_limit_ms": 300}}"#
        );
        let text = call("solve", &body, &caps, Some(&mut hook)).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["complete"], false);
        assert_eq!(v["stopped"], "deadline");
        assert!(!seen.is_empty(), "progress while counting");
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    }
}
