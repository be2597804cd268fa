//! Unit tests of `src/trace.rs`.

use dlx_api::run::Budget;
use dlx_api::trace::*;
use dlx_engine::Heuristic;
use dlx_engine::OptionId;
use dlx_engine::StepKind;
use dlx_time::Instant;
use std::time::Duration;

const KNUTH: &str = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

fn budget() -> Budget {
    Budget {
        nodes: Some(1_000_000),
        deadline: Some(Instant::now() + Duration::from_secs(10)),
    }
}

#[test]
fn steps_are_put_in_words() {
    let (p, _) = dlx_engine::format::parse(KNUTH).unwrap();
    let t = record(&p, Heuristic::Mrv, 1000, budget());
    assert!(!t.truncated);
    assert_eq!(t.solutions, 1);
    assert_eq!(t.steps[0].text, "item a has 2 options; covering it");
    assert_eq!(t.steps[0].options, Some(2));
    let tried = &t.steps[1];
    assert_eq!(tried.kind, StepKind::Try);
    assert_eq!((tried.item.as_deref(), tried.options), (Some("a"), None));
    assert_eq!(tried.text, "level 0: trying option 1 (a d g)");
    let sol = t.steps.iter().find(|s| s.kind == StepKind::Solution);
    assert_eq!(
        sol.unwrap().text,
        "solution 1: every primary item is covered by 3 options"
    );
    let last = t.steps.last().unwrap();
    assert_eq!(
        last.text,
        "every option of a has been tried; the search is over"
    );
    // Only choices and dead ends carry a number of options.
    for s in &t.steps {
        let counted = matches!(s.kind, StepKind::Choose | StepKind::DeadEnd);
        assert_eq!(s.options.is_some(), counted, "{}", s.text);
    }
}

#[test]
fn steps_carry_the_change_of_the_stack() {
    // Two solutions, the first three levels deep: backing out of it pops level by level.
    let (p, _) = dlx_engine::format::parse("a b c d\na b\nc\nd\na\nb c d\n").unwrap();
    let t = record(&p, Heuristic::Mrv, 1000, budget());
    let (rec, _) = dlx_engine::record::record(&p, Default::default(), 1000, u64::MAX);
    assert_eq!(t.steps.len(), rec.steps.len());
    let mut stack = Vec::new();
    for (s, r) in t.steps.iter().zip(&rec.steps) {
        stack.truncate(stack.len() - s.pop);
        stack.extend(s.push.iter().map(|&o| OptionId(o)));
        assert_eq!(stack, r.stack, "{}", s.text);
    }
    assert!(t.steps.iter().any(|s| s.pop > 0));
    assert!(t.steps.iter().all(|s| s.push.len() <= 1));
}

#[test]
fn the_cap_truncates() {
    let (p, _) = dlx_engine::format::parse(KNUTH).unwrap();
    let t = record(&p, Heuristic::Leftmost, 3, budget());
    assert_eq!(t.steps.len(), 3);
    assert!(t.truncated);
}
