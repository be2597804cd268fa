//! Unit tests of `src/lib.rs`.

use dlx_wasm::*;
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
fn variant_logic_answers_the_page_and_names_the_field_it_refuses() {
    let killer = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals";
    let body = serde_json::json!({ "puzzle": killer, "level": 1 }).to_string();
    let v = parse(&call("variant_hint", &body, None));
    assert_eq!(v["ok"]["text"], v["ok"]["levels"][0], "{v}");
    let body = serde_json::json!({ "puzzle": killer }).to_string();
    let e = parse(&call("variant_explain", &body, None));
    let r = parse(&call("variant_rate", &body, None));
    assert_eq!(e["ok"]["rating"]["er"], r["ok"]["er"], "{e} {r}");
    let body = serde_json::json!({ "puzzle": killer, "scale": "hard" }).to_string();
    let v = parse(&call("variant_rate", &body, None));
    assert_eq!(v["error"]["field"], "scale", "{v}");
}

#[test]
fn meta_is_the_browser_face() {
    let v = parse(&call("meta", "{}", None));
    assert_eq!(v["ok"]["caps"]["face"], "browser", "{v}");
    assert!(v["ok"]["caps"]["node_budget"].is_null(), "{v}");
}
