//! Each solver on samples of the shared sets (the crate's `testdata/sample-200.txt`: 100
//! 17-clue puzzles, 50 of magictour-top1465, 50 of forum-hardest), plus counting and big
//! grids; and the fast 9x9 path on the whole shared sets with every puzzle in a random
//! orientation (as `dlx sudoku bench --shuffle 1`, and as the peers' figures in
//! `../shared/ANCHORS.md` were measured), for one solution and for the uniqueness check.
//! Every bench asserts what it finds.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Status, Symmetry, parse, solve};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn sample() -> Vec<Grid> {
    let text = include_str!("../../../examples/sudoku/sample-200.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| parse(l).expect("sample puzzles parse"))
        .collect()
}

/// Solves every grid, asserting each is solved; returns the total nodes.
fn solve_all(grids: &[Grid], options: &SolveOptions) -> u64 {
    let mut nodes = 0;
    for g in grids {
        let r = solve(g, options);
        assert!(r.solution.is_some(), "unsolved with {}", options.solver);
        nodes += r.stats.nodes;
    }
    nodes
}

fn sets(c: &mut Criterion) {
    let all = sample();
    let (clue17, magic, hardest) = (&all[..100], &all[100..150], &all[150..200]);
    let mut g = c.benchmark_group("sample");
    g.sample_size(10);
    for (name, grids) in [
        ("17-clue x100", clue17),
        ("magictour x50", magic),
        ("forum-hardest x50", hardest),
    ] {
        g.bench_function(format!("dlx {name}"), |b| {
            b.iter(|| solve_all(black_box(grids), &SolveOptions::new(SolverKind::Dlx)))
        });
        g.bench_function(format!("dlx unique {name}"), |b| {
            b.iter(|| {
                for grid in grids {
                    assert_eq!(
                        solve(grid, &SolveOptions::unique(SolverKind::Dlx)).status,
                        Status::Unique
                    );
                }
            })
        });
        g.bench_function(format!("mrv {name}"), |b| {
            b.iter(|| solve_all(black_box(grids), &SolveOptions::new(SolverKind::Mrv)))
        });
    }
    // Plain backtracking takes up to seconds on one 17-clue puzzle: only a few hard ones.
    g.bench_function("backtrack forum-hardest x5", |b| {
        b.iter(|| {
            solve_all(
                black_box(&hardest[..5]),
                &SolveOptions::new(SolverKind::Backtrack),
            )
        })
    });
    g.finish();
}

fn counts(c: &mut Criterion) {
    let mut g = c.benchmark_group("count");
    g.sample_size(10);
    let mut six = Grid::empty(Shape::new(2, 3).unwrap());
    for k in 0..6 {
        six.cells[k] = k as u8 + 1;
    }
    for solver in SolverKind::ALL {
        g.bench_function(format!("6x6 first row fixed (39,168) {solver}"), |b| {
            b.iter(|| {
                let r = solve(black_box(&six), &SolveOptions::count_all(solver));
                assert_eq!((r.solutions, r.complete), (39_168, true));
            })
        });
    }
    let four = Grid::empty(Shape::new(2, 2).unwrap());
    g.bench_function("4x4 empty (288) dlx", |b| {
        b.iter(|| {
            assert_eq!(
                solve(black_box(&four), &SolveOptions::count_all(SolverKind::Dlx)).solutions,
                288
            )
        })
    });
    g.finish();
}

fn big(c: &mut Criterion) {
    let mut g = c.benchmark_group("big");
    g.sample_size(10);
    let text = include_str!("../../../testdata/sudoku/big.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let grid = parse(line).expect("big puzzles parse");
        let n = grid.n();
        g.bench_function(format!("{n}x{n} unique dlx"), |b| {
            b.iter(|| {
                assert_eq!(
                    solve(black_box(&grid), &SolveOptions::unique(SolverKind::Dlx)).status,
                    Status::Unique
                )
            })
        });
    }
    g.finish();
}

/// The shared 9x9 sets, each puzzle moved by a random symmetry drawn from seed 1 (the same
/// orientations as `dlx sudoku bench FILE --shuffle 1`), for the fast 9x9 path at limit 1 and
/// 2. Skipped with a note when `../shared` is absent.
fn shuffled(c: &mut Criterion) {
    for set in ["17-clue", "magictour-top1465", "forum-hardest-1905-11plus"] {
        let path = format!(
            "{}/../../../shared/data/sudoku/{set}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("note: {path} absent; shuffled bench of {set} skipped");
            continue;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let g = parse(l).expect("shared puzzles parse");
                let g = Symmetry::random(g.shape, &mut rng).apply(&g);
                g.cells.as_slice().try_into().expect("a 9x9 grid")
            })
            .collect();
        let mut g = c.benchmark_group(format!("fast-shuffled/{set}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10);
        for limit in [1, 2] {
            g.bench_function(format!("limit{limit}"), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        assert_eq!(dlx_sudoku_fast::solve9(black_box(p), limit).solutions, 1);
                    }
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, sets, counts, big, shuffled);
criterion_main!(benches);
