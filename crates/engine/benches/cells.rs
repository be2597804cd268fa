//! Dancing cells (Knuth's SSXCC) on the shared inputs: each benchmark asserts its solution
//! count and SSXCC's node count (branch nodes plus forced moves), so a faster but different
//! search cannot pass unnoticed. Inputs missing from `../shared` are skipped with a note.

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_engine::{Cells, Config, Search};

#[path = "../tests/common/mod.rs"]
mod common;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cells");
    // pento-6x10 takes seconds per run.
    group.sample_size(10);
    for name in ["queens13", "pento-6x10", "langford12", "sudoku-s16-seed5"] {
        let Some((problem, want)) = common::find(name) else {
            eprintln!("note: {name} not found (../shared absent?); skipped");
            continue;
        };
        let (Some(solutions), Some(ssxcc_nodes)) = (want.solutions, want.ssxcc_nodes) else {
            continue;
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let out = Cells::new(&problem, Config::default()).count();
                assert_eq!(out.stats.solutions, solutions);
                assert_eq!(out.stats.nodes + out.stats.forced, ssxcc_nodes);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
