//! Unit tests of `src/request.rs`.

use dlx_sudoku::request::*;
use dlx_sudoku::solve::SolverKind;

#[test]
fn the_mode_follows_the_limit() {
    let mut r = SolveRequest::new("x");
    assert_eq!(r.mode(), Ok(Mode::Unique));
    r.limit = Some(5);
    assert_eq!(r.mode(), Ok(Mode::Count));
    assert_eq!(r.options().unwrap().limit, 5);
    r.mode = Some(Mode::One);
    assert_eq!(r.mode().unwrap_err().field(), "limit");
    r.limit = None;
    assert_eq!(r.options().unwrap().limit, 1);
}

#[test]
fn errors_keep_their_place() {
    let r = SolveRequest::new("1.1.\n..2.\n.3x.\n...4");
    let e = r.grid().unwrap_err();
    assert_eq!(
        (e.field(), e.line(), e.column()),
        ("puzzle", Some(3), Some(3))
    );
    let t = TraceRequest::new("11..\n....\n....\n....");
    let e = t.grid().unwrap_err();
    assert_eq!(e.cells(), vec![(0, 0), (0, 1)]);
    assert_eq!(
        e.to_string(),
        "puzzle: digit 1 at r1c1 repeats r1c2 in row 1 (and 1 more repeats)"
    );
    let bad: Result<SolveRequest, _> =
        serde_json::from_str(r#"{"puzzle": "x", "shape": {"rows": 1, "cols": 9}}"#);
    assert_eq!(bad.unwrap().grid().unwrap_err().field(), "shape");
    assert!(serde_json::from_str::<SolveRequest>(r#"{"puzzle": "x", "mod": "one"}"#).is_err());
    assert_eq!(
        TraceRequest {
            solver: SolverKind::Fast,
            ..TraceRequest::new("x")
        }
        .validate(10)
        .unwrap_err()
        .field(),
        "solver"
    );
}

#[test]
fn one_sentence_for_repeated_givens() {
    let g = dlx_sudoku::parse("11..\n....\n....\n....").unwrap();
    let c = Conflicts::of(&g);
    assert_eq!(c.0.len(), 2);
    assert_eq!(
        c.to_string(),
        "digit 1 at r1c1 repeats r1c2 in row 1 (and 1 more repeats)"
    );
    assert_eq!(
        Conflicts(c.0[..1].to_vec()).to_string(),
        "digit 1 at r1c1 repeats r1c2 in row 1"
    );
}
