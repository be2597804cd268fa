//! Unit tests of `src/run.rs`.

use dlx_api::run::*;
use std::time::Duration;

#[test]
fn a_budget_is_the_smaller_of_the_face_and_the_request() {
    let b = Budget::within(
        (Some(100), Some(Duration::from_secs(2))),
        Asked::new(Some(50), None),
    );
    assert_eq!(b.nodes, Some(50));
    assert!(b.time_left().unwrap() <= Duration::from_secs(2));
    let open = Budget::within((None, None), Asked::default());
    assert_eq!(open, Budget::unlimited());
    let asked = Budget::within((None, None), Asked::new(None, Some(10)));
    assert!(asked.time_left().unwrap() <= Duration::from_millis(10));
}

#[test]
fn progress_is_passed_on_at_most_every_100_ms() {
    let caps = Caps::browser();
    let mut seen = Vec::new();
    let mut hook = |p: &Progress| seen.push(p.nodes);
    {
        let mut run = Run::new(Budget::unlimited(), &caps).with_progress(&mut hook);
        for nodes in 0..1000 {
            run.progress(|| Progress {
                nodes,
                ..Progress::default()
            });
        }
    }
    assert_eq!(seen.first(), Some(&0));
    assert!(seen.len() < 100, "{}", seen.len());
}
