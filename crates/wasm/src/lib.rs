//! The engine in a browser: [`call`] runs any operation of `dlx-api` by name on a JSON
//! request under the browser's caps (`dlx_api::Caps::browser`: no node or time budget, the
//! page stops its Web Worker to cancel) and answers JSON text, the same answers as
//! `dlx serve`'s JSON API.
//!
//! Built for `wasm32-unknown-unknown` and bound with wasm-bindgen, it runs in a Web Worker;
//! `dlx-time` reads the host's `performance.now()` and `Date.now()`.
//! Natively the same functions are plain Rust functions, which the tests call.

use wasm_bindgen::prelude::wasm_bindgen;

/// Runs operation `op` (`meta`, `check`, `solve`, `trace`, `explain`, `hint`, `rate`,
/// `generate`, `xcc_solve`, `xcc_trace`, `queens`) on the JSON request `body`. The answer is
/// JSON text: `{"ok": ANSWER}` with the operation's answer, or `{"error": ERROR_BODY}` with
/// the API's error body (message, and the field, line, column and cells at fault).
/// `progress`, when given, is called with a JSON text of where a long search stands (at most
/// every `dlx_api::run::PROGRESS_EVERY`).
#[wasm_bindgen]
pub fn call(op: &str, body: &str, progress: Option<js_sys::Function>) -> String {
    let caps = dlx_api::Caps::browser();
    let mut report = |p: &dlx_api::Progress| {
        if let Some(f) = &progress
            && let Ok(text) = serde_json::to_string(p)
        {
            // A failing callback does not stop the search.
            let _ = f.call1(
                &wasm_bindgen::JsValue::NULL,
                &wasm_bindgen::JsValue::from_str(&text),
            );
        }
    };
    let hook: Option<&mut dyn FnMut(&dlx_api::Progress)> = if progress.is_some() {
        Some(&mut report)
    } else {
        None
    };
    envelope(dlx_api::json::call(op, body, &caps, hook))
}

/// The answer, or the refusal, in the one envelope the page reads.
fn envelope(result: Result<String, dlx_api::ErrorBody>) -> String {
    match result {
        Ok(answer) => format!(r#"{{"ok":{answer}}}"#),
        Err(error) => match serde_json::to_string(&error) {
            Ok(text) => format!(r#"{{"error":{text}}}"#),
            Err(e) => {
                serde_json::json!({"error": {"error": format!("internal error: {e}")}}).to_string()
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
    }

    #[test]
    fn solve_answers_a_solution_the_validator_accepts() {
        let v = parse(&call(
            "solve",
            &serde_json::json!({ "puzzle": HARD }).to_string(),
            None,
        ));
        let solution = v["ok"]["solution"]
            .as_str()
            .unwrap_or_else(|| panic!("{v}"));
        let shape = dlx_testkit::Shape::new(3, 3);
        let (puzzle, grid) = (
            dlx_testkit::parse_line(HARD, 9),
            dlx_testkit::parse_line(solution, 9),
        );
        assert_eq!(dlx_testkit::validate(shape, &puzzle, &grid), Ok(()), "{v}");
    }

    #[test]
    fn a_refusal_names_the_field() {
        let v = parse(&call("solve", r#"{"puzzle": "11.."}"#, None));
        assert!(v.get("ok").is_none(), "{v}");
        assert_eq!(v["error"]["field"], "puzzle", "{v}");
        let v = parse(&call("no_such_op", "{}", None));
        assert!(
            v["error"]["error"].as_str().unwrap().contains("solve"),
            "{v}"
        );
    }

    #[test]
    fn meta_is_the_browser_face() {
        let v = parse(&call("meta", "{}", None));
        assert_eq!(v["ok"]["caps"]["face"], "browser", "{v}");
        assert!(v["ok"]["caps"]["node_budget"].is_null(), "{v}");
    }
}
