//! Generation rates: minimal 9x9 puzzles, with and without symmetry, 16x16, and 9x9 rated
//! ER 4.0-8.9.

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_generate::{GenerateOptions, GenerateRequest, Symmetry, generate_one};
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
    // Rated: ER 4.0-8.9 by the logical solver (where QQwing's "expert" puzzles rate), with
    // the request's rater (stopped above the range) and climb.
    let rated = GenerateRequest {
        rating: Some([4.0, 8.9]),
        seed: Some(0),
        ..GenerateRequest::default()
    }
    .options()
    .unwrap();
    let mut i = 0;
    group.bench_function("9x9-rated-4.0-8.9", |b| {
        b.iter(|| {
            i += 1;
            let p = generate_one(&rated, i).unwrap().unwrap();
            let rating = p.rating.unwrap();
            assert!((4.0..=8.9).contains(&rating), "{rating}");
            rating
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
