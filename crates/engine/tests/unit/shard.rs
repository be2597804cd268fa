//! Unit tests of `src/shard.rs`.

use crate::root::QUEENS6;
use dlx_engine::Search;
use dlx_engine::format;
use dlx_engine::links::Links;
use dlx_engine::parallel::Algorithm;
use dlx_engine::problem::Problem;
use dlx_engine::search::Config;
use dlx_engine::search::Heuristic;
use dlx_engine::search::Stats;
use dlx_engine::shard::*;

fn problem(text: &str) -> Problem {
    format::parse(text).unwrap().0
}

#[test]
fn shards_add_up_to_the_single_search_at_every_depth() {
    let p = problem(QUEENS6);
    let single = Links::new(&p, Config::default()).count().stats;
    for depth in 1..=8 {
        let plan = plan(
            &p,
            &Config::default(),
            Algorithm::Links,
            SplitAt::Depth(depth),
        );
        let total = solve_all(&p, &Config::default(), Algorithm::Links, &plan).unwrap();
        assert_eq!(total, single, "depth {depth}");
    }
}

#[test]
fn a_tree_ending_above_the_split_is_one_shard_with_no_prefix() {
    let p = problem("a b\na b\na\nb\n");
    let plan = plan(&p, &Config::default(), Algorithm::Links, SplitAt::Depth(10));
    assert_eq!(plan.shards.len(), 1);
    assert_eq!(plan.shards[0].prefix, None);
    let total = solve_all(&p, &Config::default(), Algorithm::Links, &plan).unwrap();
    assert_eq!(total.solutions, 2);
}

#[test]
fn lines_round_trip_and_merge() {
    let p = problem(QUEENS6);
    let text = canonical(&p);
    let fp = fingerprint(&text);
    let plan = plan(
        &p,
        &Config::default(),
        Algorithm::Links,
        SplitAt::Shards(10),
    );
    assert!(plan.shards.len() >= 10);
    let mut merge = Merge::new();
    for s in plan.shards.iter().rev() {
        let r = ProblemRef {
            text: Some(text.clone()),
            path: None,
            fingerprint: fp.clone(),
        };
        let line = ShardLine::new(&p, r, Algorithm::Links, Heuristic::Mrv, plan.depth, s);
        let back = ShardLine::parse(&line.to_json(), 1).unwrap();
        assert_eq!(back, line);
        let shard = back.shard(&p, &fp).unwrap();
        assert_eq!(&shard, s);
        let out = solve(
            &p,
            &back.config().unwrap(),
            back.algorithm().unwrap(),
            &shard,
        )
        .unwrap();
        let result = ResultLine::new(&back, &out);
        let result = ResultLine::parse(&result.to_json(), 1).unwrap();
        merge.add(result.clone()).unwrap();
        merge.add(result).unwrap(); // a rerun counts once
    }
    assert!(merge.is_complete());
    assert_eq!(merge.repeated, plan.shards.len());
    assert_eq!(
        merge.stats(),
        &Links::new(&p, Config::default()).count().stats
    );
}

#[test]
fn a_missing_shard_leaves_the_sum_incomplete() {
    let p = problem(QUEENS6);
    let fp = fingerprint(&canonical(&p));
    let plan = plan(&p, &Config::default(), Algorithm::Links, SplitAt::Depth(2));
    let mut merge = Merge::new();
    for s in &plan.shards[1..] {
        let r = ProblemRef {
            text: None,
            path: None,
            fingerprint: fp.clone(),
        };
        let line = ShardLine::new(&p, r, Algorithm::Links, Heuristic::Mrv, plan.depth, s);
        let out = solve(&p, &Config::default(), Algorithm::Links, s).unwrap();
        merge.add(ResultLine::new(&line, &out)).unwrap();
    }
    assert!(!merge.is_complete());
    assert_eq!(merge.missing(), vec![0]);
}

#[test]
fn a_shard_of_another_problem_is_refused() {
    let p = problem(QUEENS6);
    let fp = fingerprint(&canonical(&p));
    let plan = plan(&p, &Config::default(), Algorithm::Links, SplitAt::Depth(2));
    let r = ProblemRef {
        text: None,
        path: None,
        fingerprint: fp.clone(),
    };
    let mut line = ShardLine::new(&p, r, Algorithm::Links, Heuristic::Mrv, 2, &plan.shards[0]);
    assert!(matches!(
        line.shard(&p, "0000"),
        Err(ShardError::Fingerprint { .. })
    ));
    line.options[0] = "r9 c9".to_string();
    let err = line.shard(&p, &fp).unwrap_err();
    assert!(err.to_string().contains("r9 c9"), "{err}");
}

#[test]
fn estimates_are_exact_for_small_subtrees() {
    let p = problem(QUEENS6);
    let plan = plan(&p, &Config::default(), Algorithm::Links, SplitAt::Depth(2));
    for s in &plan.shards {
        let est = estimate(&p, &Config::default(), Algorithm::Links, s, 1 << 20).unwrap();
        let mut alone = s.clone();
        alone.above = Stats::default();
        let real = solve(&p, &Config::default(), Algorithm::Links, &alone).unwrap();
        assert_eq!(est, real.stats.nodes as f64);
    }
}
