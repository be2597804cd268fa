//! Each solver on samples of the shared sets (the crate's `testdata/sample-200.txt`: 100
//! 17-clue puzzles, 50 of magictour-top1465, 50 of forum-hardest), plus counting and big
//! grids. Every bench asserts what it finds.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Status, parse, solve};

fn sample() -> Vec<Grid> {
    let text = include_str!("../testdata/sample-200.txt");
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
    let text = include_str!("../testdata/big.txt");
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

criterion_group!(benches, sets, counts, big);
criterion_main!(benches);
