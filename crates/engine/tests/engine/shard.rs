//! Sharded search (`dlx_engine::shard`): on the repository's samples, the examples and, when
//! present, the shared inputs of a moderate size, the shards of a plan add up to the single
//! search exactly (links: solutions, nodes, updates and nodes per level; cells: solutions
//! and nodes) at several depths and shard counts.

use std::path::Path;

use dlx_engine::shard::{self, SplitAt};
use dlx_engine::{Cells, Config, Heuristic, Links, Problem, format};

use crate::common;

use common::{Engine, repo_testdata, shared_xcc};

/// Checks MRV, and the leftmost heuristic too when `leftmost` (its trees can be far larger),
/// for every algorithm.
fn check(name: &str, problem: &Problem, leftmost: bool) {
    check_with::<Links>(name, problem, leftmost);
    check_with::<Cells>(name, problem, leftmost);
}

/// The shards of `S`'s plans add up to its single search: exactly, or in solutions, nodes and
/// nodes per level when its work in pieces is not exact ([`Engine::EXACT_WORK_IN_PIECES`]).
fn check_with<S: Engine>(name: &str, problem: &Problem, leftmost: bool) {
    let heuristics: &[Heuristic] = if leftmost {
        &[Heuristic::Mrv, Heuristic::Leftmost]
    } else {
        &[Heuristic::Mrv]
    };
    let algorithm = S::ALGORITHM;
    for &heuristic in heuristics {
        let config = Config {
            heuristic,
            ..Config::default()
        };
        let whole = S::new(problem, config.clone()).count().stats;
        let ats = [1, 2, 3, 5]
            .map(SplitAt::Depth)
            .into_iter()
            .chain([SplitAt::Shards(7), SplitAt::Shards(100)]);
        for at in ats {
            let at_ = format!("{name}, {algorithm:?}, {heuristic:?}, {at:?}");
            let plan = shard::plan(problem, &config, algorithm, at);
            assert!(plan.top.is_complete(), "{at_}");
            let sum = shard::solve_all(problem, &config, algorithm, &plan).unwrap();
            if S::EXACT_WORK_IN_PIECES {
                assert_eq!(sum, whole, "{at_}");
            } else {
                assert_eq!(sum.solutions, whole.solutions, "{at_}");
                assert_eq!(sum.nodes, whole.nodes, "{at_}");
                assert_eq!(sum.level_nodes, whole.level_nodes, "{at_}");
            }
            let share: f64 = plan.shards.iter().map(|s| s.share).sum();
            assert!(share <= 1.0 + 1e-9, "{at_}: shares add up to {share}");
        }
    }
}

fn check_dir(dir: &Path, max_nodes: u64) -> usize {
    let mut n = 0;
    for (name, want) in common::expected(dir).expect("expected.toml") {
        if want.dlx1_nodes.is_none_or(|k| k > max_nodes) {
            continue;
        }
        let problem = common::load(dir, &name).unwrap_or_else(|| panic!("{name}.dlx"));
        check(
            &name,
            &problem,
            name.starts_with("queens") || name.starts_with("langford"),
        );
        n += 1;
    }
    n
}

#[test]
fn shards_of_the_repo_samples_add_up_exactly() {
    assert!(check_dir(&repo_testdata(), u64::MAX) >= 9);
}

#[test]
fn shards_of_the_examples_add_up_exactly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "dlx") {
            let text = std::fs::read_to_string(&path).unwrap();
            let (problem, _) = format::parse(&text).unwrap();
            check(&path.display().to_string(), &problem, true);
            n += 1;
        }
    }
    // knuth.dlx and colors.dlx (queens8 lives in testdata/xcc).
    assert!(n >= 2, "{n} examples");
}

#[test]
fn shards_of_the_shared_inputs_add_up_exactly() {
    match shared_xcc() {
        Some(dir) => assert!(check_dir(&dir, 100_000) >= 8),
        None => common::note("../shared/data/xcc not present; shared shard suite skipped"),
    }
}
