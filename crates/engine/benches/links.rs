//! Dancing links on the shared inputs: each benchmark asserts its solution count and DLX1's
//! node count, so a faster but different search cannot pass unnoticed.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_engine::{Config, Links, Problem, format};

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
        let Some((problem, want)) = load(&shared, name).or_else(|| load(&repo, name)) else {
            eprintln!("note: {name} not found (../shared absent?); skipped");
            continue;
        };
        let solutions = want["solutions"].as_integer().unwrap() as u64;
        let nodes = want["dlx1_nodes"].as_integer().unwrap() as u64;
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
