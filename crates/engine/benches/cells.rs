//! Dancing cells (Knuth's SSXCC) on the shared inputs: each benchmark asserts its solution
//! count and SSXCC's node count (branch nodes plus forced moves), so a faster but different
//! search cannot pass unnoticed. Inputs missing from `../shared` are skipped with a note.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_engine::{Cells, Config, Problem, format};

fn load(dir: &Path, name: &str) -> Option<(Problem, toml::Table)> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.dlx"))).ok()?;
    let expected: toml::Table =
        toml::from_str(&std::fs::read_to_string(dir.join("expected.toml")).ok()?).ok()?;
    let want = expected.get(name)?.as_table()?.clone();
    Some((format::parse(&text).ok()?.0, want))
}

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../../../shared/data/xcc");
    let repo = root.join("../../testdata/xcc");
    let mut group = c.benchmark_group("cells");
    // pento-6x10 takes seconds per run.
    group.sample_size(10);
    for name in ["queens13", "pento-6x10", "langford12", "sudoku-s16-seed5"] {
        let Some((problem, want)) = load(&shared, name).or_else(|| load(&repo, name)) else {
            eprintln!("note: {name} not found (../shared absent?); skipped");
            continue;
        };
        let solutions = want["solutions"].as_integer().unwrap() as u64;
        let ssxcc_nodes = want["ssxcc_nodes"].as_integer().unwrap() as u64;
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
