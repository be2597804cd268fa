//! One benchmark for every algorithm: the search of each shared input, counted, asserting its
//! solution count and the node count of Knuth's program with the same choices (DLX1 for links;
//! SSXCC, branch nodes plus forced moves, for cells), so a faster but different search cannot
//! pass unnoticed. Inputs missing from `../shared` are skipped with a note.

use criterion::Criterion;

use crate::common::{self, Engine};

/// Benchmarks `S` on the inputs `names`, as the group `group`.
pub fn bench<S: Engine>(c: &mut Criterion, group: &str, names: &[&str]) {
    let mut group = c.benchmark_group(group);
    // pento-6x10 takes seconds per run.
    group.sample_size(10);
    for &name in names {
        let Some((problem, want)) = common::find(name) else {
            eprintln!("note: {name} not found (../shared absent?); skipped");
            continue;
        };
        let (Some(solutions), Some(nodes)) = (want.solutions, S::knuth_nodes(&want)) else {
            continue;
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let out = S::new(&problem, dlx_engine::Config::default()).count();
                assert_eq!(out.stats.solutions, solutions);
                assert_eq!(S::nodes_as_knuth(&out.stats), nodes);
            })
        });
    }
    group.finish();
}
