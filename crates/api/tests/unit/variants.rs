//! Unit tests of `src/variants.rs`.

use dlx_api::Budget;
use dlx_api::Caps;
use dlx_api::run::Run;
use dlx_api::variants::*;
use dlx_engine::StepKind;
use dlx_engine::Stop;
use dlx_variants::Format;
use dlx_variants::Verdict;
use dlx_variants::request::SolveRequest;
use dlx_variants::request::TraceRequest;

/// A 4x4 killer with both diagonals and one given: unique.
const SMALL: &str = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals\n";

#[test]
fn solve_answers_with_a_solution_the_rules_accept() {
    let caps = Caps::server();
    let mut run = Run::new(Budget::unlimited(), &caps);
    let a = solve(&SolveRequest::new(SMALL), &mut run).unwrap();
    assert_eq!(a.status, Verdict::Unique);
    assert_eq!(a.unique, Some(true));
    let line = a.solution.unwrap();
    let p = dlx_variants::parse(SMALL).unwrap();
    assert!(p.is_solution(&cells_of(&line)), "{line}");
    assert_eq!(a.format, Format::Text);
    // Without the given, counted: every solution is one the rules accept, and the count
    // is what the same request on the library gives.
    let open = SMALL.replace("givens 1...............\n", "");
    let req = SolveRequest {
        limit: Some(0),
        mode: Some(dlx_sudoku::request::Mode::Count),
        list: Some(100),
        ..SolveRequest::new(open.as_str())
    };
    let a = solve(&req, &mut run).unwrap();
    let (_, lib) = req.run().unwrap();
    assert_eq!(a.solutions, lib.count);
    assert!(a.complete && a.solutions > 1, "{a:?}");
    let p = dlx_variants::parse(&open).unwrap();
    assert_eq!(a.listed.len() as u64, a.solutions.min(100));
    for g in &a.listed {
        assert!(p.is_solution(&cells_of(g)), "{g}");
    }
}

#[test]
fn budgets_stop_the_search_and_say_so() {
    let caps = Caps::server();
    let blank = "size 9\ncage 45 r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9\n";
    let req = SolveRequest {
        mode: Some(dlx_sudoku::request::Mode::Count),
        ..SolveRequest::new(blank)
    };
    let mut run = Run::new(
        Budget {
            nodes: Some(50),
            deadline: None,
        },
        &caps,
    );
    let a = solve(&req, &mut run).unwrap();
    assert!(!a.complete);
    assert_eq!(a.stopped, Some(Stop::NodeBudget));
    assert!(a.stats.nodes <= 50, "{}", a.stats.nodes);
}

#[test]
fn refusals_name_the_constraint() {
    let caps = Caps::server();
    let mut run = Run::new(Budget::unlimited(), &caps);
    let e = solve(
        &SolveRequest::new("size 4\ncage 3 r1c1 r1c2 r1c3\n"),
        &mut run,
    )
    .unwrap_err();
    assert!(e.unprocessable);
    let c = e.constraint.as_ref().unwrap();
    assert_eq!((c.kind.as_str(), c.index), ("killer cage", 1));
    assert_eq!(c.cells, vec![[0, 0], [0, 1], [0, 2]]);
    assert_eq!(e.line, Some(2));
    let body = serde_json::to_value(e.body()).unwrap();
    assert_eq!(body["constraint"]["kind"], "killer cage");
    assert_eq!(body["cells"], serde_json::json!([[0, 0], [0, 1], [0, 2]]));
    // Text that does not read is not a rule refused.
    let e = solve(&SolveRequest::new("size 4\ncage 7 r1cx\n"), &mut run).unwrap_err();
    assert!(!e.unprocessable && e.constraint.is_none());
    assert_eq!((e.line, e.column), (Some(2), Some(8)));
    let e = check(&VariantCheckRequest {
        puzzle: SMALL.into(),
        grid: Some("12x4".into()),
        ..VariantCheckRequest::default()
    })
    .unwrap_err();
    assert_eq!(e.field, Some("grid"));
}

#[test]
fn check_reports_the_rules_and_what_a_grid_breaks() {
    let c = check(&VariantCheckRequest {
        puzzle: SMALL.into(),
        ..VariantCheckRequest::default()
    })
    .unwrap();
    assert_eq!((c.size, c.format), (4, Format::Text));
    assert_eq!(c.puzzle["constraints"].as_array().unwrap().len(), 5);
    assert!(c.violations.is_empty() && c.solved.is_none());
    // r1c3 + r1c4 must make 7: 3 and 3 repeat in the row and break the cage's sum.
    let c = check(&VariantCheckRequest {
        puzzle: SMALL.into(),
        grid: Some("1.33............".into()),
        ..VariantCheckRequest::default()
    })
    .unwrap();
    assert_eq!(c.solved, Some(false));
    let kinds: Vec<&str> = c.violations.iter().map(|v| v.kind.as_str()).collect();
    assert!(kinds.contains(&"row"), "{kinds:?}");
    assert!(
        c.violations
            .iter()
            .all(|v| v.cells.iter().any(|x| x[0] == 0 && x[1] >= 2)),
        "{:?}",
        c.violations
    );
    // The solution checks.
    let caps = Caps::server();
    let s = solve(
        &SolveRequest::new(SMALL),
        &mut Run::new(Budget::unlimited(), &caps),
    )
    .unwrap();
    let c = check(&VariantCheckRequest {
        puzzle: SMALL.into(),
        grid: s.solution,
        ..VariantCheckRequest::default()
    })
    .unwrap();
    assert_eq!(c.solved, Some(true));
    assert!(c.violations.is_empty());
}

#[test]
fn trace_steps_replay_to_the_solution() {
    let caps = Caps::server();
    let mut run = Run::new(Budget::unlimited(), &caps);
    let open = SMALL.replace("givens 1...............\n", "");
    let t = trace(&TraceRequest::new(open.as_str()), &mut run).unwrap();
    assert_eq!(t.solutions, 1);
    let mut grid = cells_of(&t.grid);
    let mut stack: Vec<u32> = Vec::new();
    for s in &t.steps {
        for &(k, d) in &s.changes {
            grid[k] = d;
        }
        stack.truncate(stack.len() - s.pop);
        stack.extend(&s.push);
    }
    assert_eq!(t.steps.last().unwrap().kind, StepKind::Solution);
    let p = dlx_variants::parse(&open).unwrap();
    assert!(p.is_solution(&grid), "{grid:?}");
    let capped = trace(
        &TraceRequest {
            max_steps: Some(3),
            ..TraceRequest::new(open.as_str())
        },
        &mut run,
    )
    .unwrap();
    assert_eq!(capped.steps.len(), 3);
    assert!(capped.truncated);
}
