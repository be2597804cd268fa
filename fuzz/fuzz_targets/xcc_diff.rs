//! Differential: a small random XCC problem is solved by `Links`, `Cells`, `ParallelSearch`
//! over each, and the brute-force `reference` solver; the counts agree, every solution found
//! is checked, and `Links`'s solutions are exactly the reference's. Knuth's format writes and
//! reads the problem back unchanged (as written).
#![no_main]

use dlx_engine::search::Search;
use dlx_engine::{Algorithm, Cells, Config, Heuristic, Links, ParallelSearch, reference};
use dlx_fuzz::{Bytes, problem};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let problem = problem(&mut Bytes(rest));
    let config = Config {
        heuristic: if first & 1 == 0 {
            Heuristic::Mrv
        } else {
            Heuristic::Leftmost
        },
        ..Config::default()
    };
    let mut expected = reference::solutions(&problem);
    expected.sort();
    let count = expected.len() as u64;

    let (mut found, out) = Links::new(&problem, config.clone()).collect(u64::MAX);
    assert!(out.is_complete());
    for s in &found {
        reference::check(&problem, s).unwrap_or_else(|e| panic!("links: {e}"));
    }
    for s in &mut found {
        s.sort();
    }
    found.sort();
    assert_eq!(found, expected, "links and the reference disagree");

    let (cells, out) = Cells::new(&problem, config.clone()).collect(u64::MAX);
    assert!(out.is_complete());
    assert_eq!(
        cells.len() as u64,
        count,
        "cells and the reference disagree"
    );
    for s in &cells {
        reference::check(&problem, s).unwrap_or_else(|e| panic!("cells: {e}"));
    }
    assert_eq!(
        Links::new(&problem, config.clone()).count().stats.solutions,
        count
    );
    assert_eq!(
        Cells::new(&problem, config.clone()).count().stats.solutions,
        count
    );

    for algorithm in [Algorithm::Links, Algorithm::Cells] {
        let threads = 1 + (first as usize >> 1) % 3;
        let parallel = ParallelSearch::new(&problem, config.clone(), threads).algorithm(algorithm);
        let out = parallel.count();
        assert!(out.is_complete());
        assert_eq!(
            out.stats.solutions, count,
            "parallel {algorithm:?} disagrees"
        );
    }

    let text = dlx_engine::format::write(&problem, None);
    let (again, _) = dlx_engine::format::parse(&text).expect("written problem parses");
    // Compared as written: colors declared but never used are not written, by design.
    assert_eq!(
        dlx_engine::format::write(&again, None),
        text,
        "round trip through Knuth's format"
    );
    assert_eq!(again.option_count(), problem.option_count());
});
