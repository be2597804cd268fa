//! Criterion benches: the 9x9 fast path over each shared puzzle set (or the `testdata/`
//! sample when /work/shared is absent) with limit 1 and limit 2, the portable kernel on the
//! hardest sample, and the generic path on the hard 16x16 puzzles and on 25x25 puzzles
//! made from a valid grid, and random 16x16 and 25x25 grids with 62% of the cells blank. Every
//! bench asserts that each puzzle has exactly the expected number of solutions.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dlx_sudoku_fast::{Shape, solve, solve9, solve9_portable};

#[allow(dead_code)]
#[path = "../tests/solver/common.rs"]
mod common;

const SETS: [&str; 3] = ["17-clue", "magictour-top1465", "forum-hardest-1905-11plus"];

fn load9(path: &str) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| {
            let mut g = [0u8; 81];
            for (c, b) in g.iter_mut().zip(l.bytes()) {
                *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            g
        })
        .collect()
}

/// The shared set if present, else this crate's sample of it.
fn puzzles(set: &str) -> (Vec<[u8; 81]>, &'static str) {
    let shared = format!(
        "{}/../../../shared/data/sudoku/{set}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let p = load9(&shared);
    if !p.is_empty() {
        return (p, "shared");
    }
    eprintln!("note: {shared} absent; using the testdata sample");
    (
        load9(&format!(
            "{}/../../testdata/sudoku/{set}-sample.txt",
            env!("CARGO_MANIFEST_DIR")
        )),
        "sample",
    )
}

fn nine(c: &mut Criterion) {
    for set in SETS {
        let (ps, origin) = puzzles(set);
        let mut g = c.benchmark_group(format!("9x9/{set}-{origin}"));
        g.throughput(Throughput::Elements(ps.len() as u64));
        g.sample_size(10)
            .measurement_time(Duration::from_secs(if ps.len() > 5000 { 20 } else { 5 }));
        for limit in [1, 2] {
            g.bench_function(format!("limit{limit}"), |b| {
                b.iter(|| {
                    for p in &ps {
                        let a = solve9(black_box(p), limit);
                        assert_eq!(a.solutions, 1);
                    }
                })
            });
        }
        g.finish();
    }
    let (ps, _) = puzzles("forum-hardest-1905-11plus");
    let ps = &ps[..ps.len().min(2000)];
    let mut g = c.benchmark_group("9x9/portable-hardest-2000");
    g.throughput(Throughput::Elements(ps.len() as u64));
    g.sample_size(10);
    g.bench_function("limit1", |b| {
        b.iter(|| {
            for p in ps {
                assert_eq!(solve9_portable(black_box(p), 1, None).solutions, 1);
            }
        })
    });
    g.finish();
}

fn parse_line(line: &str) -> Vec<u8> {
    line.trim()
        .chars()
        .map(|ch| match ch {
            '1'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            _ => 0,
        })
        .collect()
}

/// A 25x25 puzzle: the pattern grid `((r % 5) 5 + r / 5 + c) mod 25` with half the cells
/// blanked by a fixed xorshift sequence.
fn puzzle25(seed: u64) -> Vec<u8> {
    let n = 25;
    let mut grid: Vec<u8> = (0..n * n)
        .map(|i| (((i / n % 5) * 5 + i / n / 5 + i % n) % n) as u8 + 1)
        .collect();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut blank = 0;
    while blank < n * n / 2 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let i = (x % (n * n) as u64) as usize;
        if grid[i] != 0 {
            grid[i] = 0;
            blank += 1;
        }
    }
    grid
}

fn generic(c: &mut Criterion) {
    let mut g = c.benchmark_group("generic");
    g.sample_size(10);
    let s16 = Shape::new(4, 4).unwrap();
    for name in ["s16-seed5", "s16-seed2024"] {
        let line = std::fs::read_to_string(format!(
            "{}/../../testdata/sudoku/{name}.txt",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("testdata puzzle");
        let p = parse_line(&line);
        for limit in [1, 2] {
            g.bench_function(format!("{name}/limit{limit}"), |b| {
                b.iter(|| assert_eq!(solve(s16, black_box(&p), limit, None).unwrap().solutions, 1))
            });
        }
    }
    let s25 = Shape::new(5, 5).unwrap();
    let ps: Vec<Vec<u8>> = (1..=5).map(puzzle25).collect();
    g.bench_function("25x25-half-blank-x5/limit1", |b| {
        b.iter(|| {
            for p in &ps {
                assert_eq!(solve(s25, black_box(p), 1, None).unwrap().solutions, 1);
            }
        })
    });
    // Blank grids: the guide (a pattern grid tried first) fills them without a dead end.
    for (p, q) in [(6, 6), (8, 8)] {
        let shape = Shape::new(p, q).unwrap();
        let blank = vec![0u8; shape.cells()];
        g.bench_function(format!("blank-{}x{}/limit1", p * q, p * q), |b| {
            b.iter(|| {
                assert_eq!(
                    solve(shape, black_box(&blank), 1, None).unwrap().solutions,
                    1
                )
            })
        });
    }
    g.finish();
}

/// Random grids with 62% of the cells erased (relabelled and shuffled pattern grids, as in
/// the tests), the kind that sent plain depth-first search into long tails: the weights and
/// restarts of the generic path at work.
fn completions(c: &mut Criterion) {
    let mut g = c.benchmark_group("generic/random-62pct-blank");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let mut rng = common::XorShift(4321);
    for (p, q, count) in [(4, 4, 40), (5, 5, 10)] {
        let shape = Shape::new(p, q).unwrap();
        let ps: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                let grid = common::random_grid(shape, &mut rng);
                common::remove_cells(&grid, shape.cells() * 62 / 100, &mut rng)
            })
            .collect();
        g.throughput(Throughput::Elements(count as u64));
        g.bench_function(format!("{p}x{q}-x{count}/limit1"), |b| {
            b.iter(|| {
                for p in &ps {
                    assert_eq!(solve(shape, black_box(p), 1, None).unwrap().solutions, 1);
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, nine, generic, completions);
criterion_main!(benches);
