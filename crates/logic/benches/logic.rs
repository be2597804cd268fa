//! Rating on samples of the shared sets (the repository's `examples/sudoku/sample-200.txt`:
//! 100 17-clue puzzles, 50 of magictour-top1465, 50 of forum-hardest), one thread, and the
//! calibration sample. Every bench asserts that each path is complete.
//!
//! `cargo bench -p dlx-logic` (the whole shared sets: `cargo run -p dlx-logic --release
//! --example logic_rate -- FILE`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dlx_logic::rate;
use dlx_sudoku::{Grid, parse};

fn lines(text: &str) -> Vec<Grid> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("puzzle\t") && !l.trim().is_empty())
        .map(|l| parse(l.split('\t').next().unwrap_or(l)).expect("sample puzzles parse"))
        .collect()
}

/// Rates every grid, asserting each path solves it; returns the sum of ERs in tenths.
fn rate_all(grids: &[Grid]) -> u64 {
    let mut sum = 0;
    for g in grids {
        let r = rate(g).expect("a puzzle with one solution");
        assert!(r.complete, "{g}: the path is not complete");
        sum += (r.er * 10.0).round() as u64;
    }
    sum
}

fn sets(c: &mut Criterion) {
    let all = lines(include_str!("../../../examples/sudoku/sample-200.txt"));
    assert_eq!(all.len(), 200);
    let calibration = lines(include_str!("../../../testdata/sudoku/se-rated-sample.tsv"));
    assert_eq!(calibration.len(), 40);
    let mut g = c.benchmark_group("rate");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    for (name, grids) in [
        ("17-clue x100", &all[..100]),
        ("magictour x50", &all[100..150]),
        ("forum-hardest x5", &all[150..155]),
        ("se-calibration x40", &calibration[..]),
    ] {
        g.throughput(Throughput::Elements(grids.len() as u64));
        g.bench_function(name, |b| b.iter(|| rate_all(black_box(grids))));
    }
    g.finish();
}

criterion_group!(benches, sets);
criterion_main!(benches);
