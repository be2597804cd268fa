//! The JSON shapes other programs (the web app) rely on.

use dlx_sudoku::{SolveOptions, SolverKind, TraceOptions, encode, parse, solve, trace};

#[test]
fn results_and_traces_serialize_in_snake_case() {
    let g = parse("1...\n..2.\n.3..\n...4").unwrap();
    let r = solve(&g, &SolveOptions::unique(SolverKind::Dlx));
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["status"], "unique");
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["solution"]["shape"]["rows"], 2);
    assert_eq!(v["solution"]["cells"].as_array().unwrap().len(), 16);
    assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
    let t = trace(&g, &TraceOptions::default());
    let v = serde_json::to_value(&t).unwrap();
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps[0]["kind"], "choose");
    assert_eq!(steps.last().unwrap()["kind"], "solution");
    assert!(steps[1]["cell"].as_array().unwrap().len() == 2);
    assert_eq!(v["truncated"], false);
    // A dead end is spelled `dead_end`.
    let hard =
        parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .unwrap();
    let t = trace(&hard, &TraceOptions::default());
    let v = serde_json::to_value(&t).unwrap();
    assert!(
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["kind"] == "dead_end")
    );
    let e = encode(&g).unwrap().view();
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["items"][0]["name"], "p01");
    assert_eq!(v["items"][0]["label"], "r1c2");
    assert_eq!(v["items"][0]["primary"], true);
    assert_eq!(v["options"][0].as_array().unwrap().len(), 4);
    assert_eq!(v["labels"][0], "2 at r1c2");
    assert!(v.get("colors").is_none());
}
