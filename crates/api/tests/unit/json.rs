//! Unit tests of `src/json.rs`.

use dlx_api::json::*;
use dlx_api::run::Caps;
use dlx_api::run::Progress;

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
