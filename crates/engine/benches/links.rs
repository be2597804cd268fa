//! Dancing links on the shared inputs: each benchmark asserts its solution count and DLX1's
//! node count, so a faster but different search cannot pass unnoticed.

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_engine::{Config, Links, Search};

#[path = "../tests/common/mod.rs"]
mod common;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("links");
    group.sample_size(10);
    for name in [
        "queens10",
        "queens12",
        "queens13",
        "langford12",
        "pento-6x10",
        "sudoku-s16-seed5",
    ] {
        let Some((problem, want)) = common::find(name) else {
            eprintln!("note: {name} not found (../shared absent?); skipped");
            continue;
        };
        let (Some(solutions), Some(nodes)) = (want.solutions, want.dlx1_nodes) else {
            continue;
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let out = Links::new(&problem, Config::default()).count();
                assert_eq!(out.stats.solutions, solutions);
                assert_eq!(out.stats.nodes, nodes);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
