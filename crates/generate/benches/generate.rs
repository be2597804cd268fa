//! Generation rates: minimal 9x9 puzzles, with and without symmetry, and 16x16.

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_generate::{GenerateOptions, Symmetry, generate_one};
use dlx_sudoku::Shape;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    let cases = [
        ("9x9-minimal", Shape { rows: 3, cols: 3 }, Symmetry::None),
        (
            "9x9-rotate180",
            Shape { rows: 3, cols: 3 },
            Symmetry::Rotate180,
        ),
        (
            "9x9-dihedral",
            Shape { rows: 3, cols: 3 },
            Symmetry::Dihedral,
        ),
        ("16x16-minimal", Shape { rows: 4, cols: 4 }, Symmetry::None),
    ];
    for (name, shape, symmetry) in cases {
        let options = GenerateOptions {
            shape,
            symmetry,
            ..GenerateOptions::default()
        };
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let p = generate_one(&options, i).unwrap().unwrap();
                assert!(p.minimal);
                p.givens
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
