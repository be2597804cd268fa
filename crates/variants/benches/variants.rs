//! Criterion benches: one puzzle of each family of `testdata/variants`, read, lowered and
//! solved to uniqueness (each run asserts the answer), and the lowering alone.

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_variants::{Limits, Verdict, grid_line, lower, parse, search};

fn samples() -> Vec<(String, String, String)> {
    let dir = dlx_testkit::testdata("variants");
    let answers = std::fs::read_to_string(dir.join("answers.tsv")).expect("answers.tsv");
    answers
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            // Unique puzzles that solve in milliseconds (nonconsecutive takes a second).
            (f[3] == "1" && !f[0].starts_with("nonconsecutive")).then(|| {
                let text = std::fs::read_to_string(dir.join("puzzles").join(f[0])).expect("puzzle");
                (f[1].to_string(), text, f[4].to_string())
            })
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve-unique");
    g.sample_size(20);
    for (family, text, answer) in samples() {
        g.bench_function(&family, |b| {
            b.iter(|| {
                let p = parse(&text).expect("parse");
                let a = search(&lower(&p).expect("lower"), &Limits::default());
                assert_eq!(a.verdict, Verdict::Unique);
                assert_eq!(grid_line(&a.solutions[0]), answer);
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("lower");
    for (family, text, _) in samples() {
        let p = parse(&text).expect("parse");
        g.bench_function(&family, |b| {
            b.iter(|| lower(&p).expect("lower").problem.option_count())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
