//! Unit tests of `src/lib.rs`.

/// The 6-queens problem in Knuth's encoding (4 solutions).
pub const QUEENS6: &str = "\
r0 r1 r2 r3 r4 r5 c0 c1 c2 c3 c4 c5 | a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 aa b0 b1 b2 b3 b4 b5 b6 b7 b8 b9 ba
r0 c0 a0 b5
r0 c1 a1 b6
r0 c2 a2 b7
r0 c3 a3 b8
r0 c4 a4 b9
r0 c5 a5 ba
r1 c0 a1 b4
r1 c1 a2 b5
r1 c2 a3 b6
r1 c3 a4 b7
r1 c4 a5 b8
r1 c5 a6 b9
r2 c0 a2 b3
r2 c1 a3 b4
r2 c2 a4 b5
r2 c3 a5 b6
r2 c4 a6 b7
r2 c5 a7 b8
r3 c0 a3 b2
r3 c1 a4 b3
r3 c2 a5 b4
r3 c3 a6 b5
r3 c4 a7 b6
r3 c5 a8 b7
r4 c0 a4 b1
r4 c1 a5 b2
r4 c2 a6 b3
r4 c3 a7 b4
r4 c4 a8 b5
r4 c5 a9 b6
r5 c0 a5 b0
r5 c1 a6 b1
r5 c2 a7 b2
r5 c3 a8 b3
r5 c4 a9 b4
r5 c5 aa b5
";

use dlx_engine::Cells;
use dlx_engine::Config;
use dlx_engine::Links;
use dlx_engine::Search;
use dlx_engine::Status;
use dlx_engine::format;

/// What the unit tests written once for both algorithms need beyond [`Search`].
pub trait Checked: Search {
    /// Checks every invariant of the data structure.
    fn validate(&self) -> Result<(), String>;
    /// Lifts the node budget, so that a stopped search can finish.
    fn lift_budget(&mut self);
}

impl Checked for Links {
    fn validate(&self) -> Result<(), String> {
        Links::validate(self)
    }
    fn lift_budget(&mut self) {
        self.node_limit = u64::MAX;
    }
}

impl Checked for Cells {
    fn validate(&self) -> Result<(), String> {
        Cells::validate(self)
    }
    fn lift_budget(&mut self) {
        self.node_limit = u64::MAX;
    }
}

/// Knuth's example (TAOCP 7.2.2.1-(5)): one solution, options 4 1 5 (0-based 3 0 4).
const KNUTH: &str = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

fn knuths_example_has_one_solution<S: Checked>() {
    let (p, _) = format::parse(KNUTH).unwrap();
    let mut s = S::new(&p, Config::default());
    s.validate().unwrap();
    let (sols, out) = s.collect(10);
    assert!(out.is_complete());
    assert_eq!(sols.len(), 1);
    let mut sol: Vec<u32> = sols[0].iter().map(|o| o.0).collect();
    sol.sort();
    assert_eq!(sol, vec![0, 3, 4]);
    s.validate().unwrap();
}

fn search_can_stop_and_resume<S: Checked>() {
    let (p, _) = format::parse(QUEENS6).unwrap();
    let mut whole = S::new(&p, Config::default());
    let (all, _) = whole.collect(u64::MAX);
    assert_eq!(all.len(), 4);
    let mut s = S::new(&p, Config::default());
    let mut got = Vec::new();
    loop {
        let (one, out) = s.first();
        match one {
            Some(sol) => got.push(sol),
            None => {
                assert!(out.is_complete());
                break;
            }
        }
    }
    assert_eq!(got, all);
    assert_eq!(s.stats(), whole.stats());
    s.validate().unwrap();
}

/// Every budget, including those that run out exactly at a solution leaf: exactly that
/// many nodes, and resuming without the budget completes the same search.
fn node_budget_stops_and_resumes_with_same_totals<S: Checked>() {
    let (p, _) = format::parse(QUEENS6).unwrap();
    let full = S::new(&p, Config::default()).count();
    for budget in 0..=full.stats.nodes {
        let cfg = Config {
            node_budget: Some(budget),
            ..Config::default()
        };
        let mut s = S::new(&p, cfg);
        let out = s.count();
        if budget < full.stats.nodes {
            assert_eq!(out.status, Status::NodeBudget, "budget {budget}");
            assert_eq!(out.stats.nodes, budget);
        } else {
            assert!(out.is_complete(), "budget {budget}");
        }
        s.validate().unwrap();
        s.lift_budget();
        let out = s.count();
        assert!(out.is_complete());
        assert_eq!(out.stats, full.stats, "budget {budget}");
    }
}

include!("../common/for_each_engine.rs");

for_each_engine!(
    knuths_example_has_one_solution,
    search_can_stop_and_resume,
    node_budget_stops_and_resumes_with_same_totals,
);
