//! Unit tests of `src/record.rs`.

use dlx_engine::Search;
use dlx_engine::format::parse;
use dlx_engine::links::Links;
use dlx_engine::record::*;
use dlx_engine::search::Config;
use dlx_engine::search::Heuristic;
use dlx_engine::search::Status;

const KNUTH: &str = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

fn config(heuristic: Heuristic) -> Config {
    Config {
        heuristic,
        ..Config::default()
    }
}

#[test]
fn knuths_example_is_recorded_to_its_one_solution() {
    let (p, _) = parse(KNUTH).unwrap();
    let (t, _) = record(&p, config(Heuristic::Mrv), 1000, u64::MAX);
    assert!(!t.truncated);
    assert_eq!(t.solutions, 1);
    let sol = t
        .steps
        .iter()
        .find(|s| s.kind == StepKind::Solution)
        .unwrap();
    let mut ids: Vec<u32> = sol.stack.iter().map(|o| o.0).collect();
    ids.sort();
    assert_eq!(ids, vec![0, 3, 4]);
    // Every try pushes exactly one option on top of the previous stack at its level, and
    // counts its options from 1.
    for s in &t.steps {
        if s.kind == StepKind::Try {
            assert_eq!(s.stack.len(), s.level + 1);
            assert_eq!(s.stack.last().copied(), s.option);
            assert!((1..=s.options).contains(&s.tried));
        }
    }
    // The first step chooses an item with the fewest options (a has 2, as do others).
    assert_eq!(t.steps[0].kind, StepKind::Choose);
    assert_eq!(t.steps[0].options, 2);
    assert_eq!(t.steps.last().unwrap().kind, StepKind::Backtrack);
}

#[test]
fn recording_changes_no_count() {
    let (p, _) = parse(crate::root::QUEENS6).unwrap();
    let plain = Links::new(&p, Config::default()).count();
    let (t, recorded) = record(&p, Config::default(), usize::MAX - 1, u64::MAX);
    assert_eq!(recorded.stats, plain.stats);
    assert_eq!(t.solutions, 4);
    let dead = t.steps.iter().filter(|s| s.kind == StepKind::DeadEnd);
    let backs = t.steps.iter().filter(|s| s.kind == StepKind::Backtrack);
    // A dead end's backtrack is implied by the dead end.
    assert_eq!(dead.count() + backs.count(), t.backtracks as usize);
}

#[test]
fn the_cap_truncates_and_the_limit_does_not() {
    let (p, _) = parse(KNUTH).unwrap();
    let (t, _) = record(&p, config(Heuristic::Leftmost), 3, u64::MAX);
    assert_eq!(t.steps.len(), 3);
    assert!(t.truncated);
    let (p, _) = parse(crate::root::QUEENS6).unwrap();
    let (t, out) = record(&p, Config::default(), 10_000, 1);
    assert_eq!(out.status, Status::Stopped);
    assert_eq!(t.solutions, 1);
    assert_eq!(t.steps.last().unwrap().kind, StepKind::Solution);
    assert!(!t.truncated);
}

#[test]
fn matrix_lists_item_indexes() {
    let (p, _) = parse("a b | x\na x:red\nb\n").unwrap();
    let m = Matrix::of(&p);
    assert_eq!(m.items.len(), 3);
    assert!(m.items[0].primary && !m.items[2].primary);
    assert_eq!(m.options, vec![vec![0, 2], vec![1]]);
    assert_eq!(m.labels, vec!["a x:red".to_string(), "b".to_string()]);
    assert_eq!(
        m.colors,
        Some(vec![vec![None, Some("red".to_string())], vec![None]])
    );
}
