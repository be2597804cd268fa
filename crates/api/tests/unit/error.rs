//! Unit tests of `src/error.rs`.

use dlx_api::error::*;

#[test]
fn a_refusal_keeps_its_place_in_the_body() {
    let e: ApiError = dlx_sudoku::request::read_grid("puzzle", "12\n3x", None)
        .unwrap_err()
        .into();
    let body = serde_json::to_value(e.body()).unwrap();
    assert_eq!(body["field"], "puzzle");
    assert!(
        body["error"].as_str().unwrap().starts_with("puzzle: "),
        "{body}"
    );
    let plain = serde_json::to_value(ApiError::bad("no").body()).unwrap();
    assert_eq!(plain, serde_json::json!({ "error": "no" }));
}
