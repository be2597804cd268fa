//! Every generated puzzle checked by solvers other than the one the generator used (the
//! generator's uniqueness searches are `dlx_sudoku`'s fast bitset solver): a plain
//! backtracking counter written here, and the dancing-links solver of `dlx_sudoku`.

use std::ops::ControlFlow;
use std::time::Duration;

use dlx_generate::{
    GenerateError, GenerateOptions, Generated, Givens, RatingFilter, StopReason, Symmetry,
    generate, generate_each, generate_one,
};
use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, solve};

/// Solutions of `grid`, counted up to `limit` by plain backtracking on the cell with the
/// fewest candidates (bit masks per row, column and box). Independent of the generator.
fn count_backtrack(grid: &Grid, limit: u64) -> u64 {
    let n = grid.n();
    let (br, bc) = (grid.shape.rows, grid.shape.cols);
    let bx = |r: usize, c: usize| (r / br) * br + c / bc;
    let mut rows = vec![0u64; n];
    let mut cols = vec![0u64; n];
    let mut boxes = vec![0u64; n];
    let mut cells = grid.cells.clone();
    for r in 0..n {
        for c in 0..n {
            let d = cells[r * n + c];
            if d != 0 {
                let bit = 1u64 << (d - 1);
                if (rows[r] | cols[c] | boxes[bx(r, c)]) & bit != 0 {
                    return 0;
                }
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[bx(r, c)] |= bit;
            }
        }
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    struct S<'a> {
        n: usize,
        full: u64,
        rows: &'a mut [u64],
        cols: &'a mut [u64],
        boxes: &'a mut [u64],
        cells: &'a mut [u8],
        br: usize,
        bc: usize,
        found: u64,
        limit: u64,
    }
    fn go(s: &mut S) {
        let n = s.n;
        let mut best = None;
        let mut best_count = u32::MAX;
        for k in 0..n * n {
            if s.cells[k] != 0 {
                continue;
            }
            let (r, c) = (k / n, k % n);
            let b = (r / s.br) * s.br + c / s.bc;
            let free = s.full & !(s.rows[r] | s.cols[c] | s.boxes[b]);
            if free.count_ones() < best_count {
                best_count = free.count_ones();
                best = Some((k, r, c, b, free));
                if best_count == 0 {
                    return;
                }
            }
        }
        let Some((k, r, c, b, mut free)) = best else {
            s.found += 1;
            return;
        };
        while free != 0 && s.found < s.limit {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            s.cells[k] = bit.trailing_zeros() as u8 + 1;
            s.rows[r] |= bit;
            s.cols[c] |= bit;
            s.boxes[b] |= bit;
            go(s);
            s.rows[r] &= !bit;
            s.cols[c] &= !bit;
            s.boxes[b] &= !bit;
        }
        s.cells[k] = 0;
    }
    let mut s = S {
        n,
        full,
        rows: &mut rows,
        cols: &mut cols,
        boxes: &mut boxes,
        cells: &mut cells,
        br,
        bc,
        found: 0,
        limit,
    };
    go(&mut s);
    s.found
}

/// Solutions counted up to 2 by the dancing-links solver (exact cover on the engine).
fn count_dlx(grid: &Grid) -> u64 {
    let r = solve(grid, &SolveOptions::unique(SolverKind::Dlx));
    assert!(r.complete || r.solutions >= 2, "dlx search incomplete");
    r.solutions
}

/// Counts up to 2 with the backtracking counter on small grids, with dlx on big ones
/// (plain backtracking is slow on sparse 12x12 and 16x16 grids).
fn count(grid: &Grid) -> u64 {
    if grid.n() <= 9 {
        count_backtrack(grid, 2)
    } else {
        count_dlx(grid)
    }
}

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// The images of cell `(r, c)` under one motion of the square, `m = N - 1`; written here
/// from the definitions, independently of the crate's generators.
fn images(symmetry: Symmetry, r: usize, c: usize, m: usize) -> Vec<(usize, usize)> {
    let rot180 = (m - r, m - c);
    let rot90 = (c, m - r);
    let rot270 = (m - c, r);
    let horizontal = (m - r, c);
    let vertical = (r, m - c);
    let diagonal = (c, r);
    let anti = (m - c, m - r);
    match symmetry {
        Symmetry::None => vec![],
        Symmetry::Rotate180 => vec![rot180],
        Symmetry::Rotate90 => vec![rot90, rot180, rot270],
        Symmetry::Horizontal => vec![horizontal],
        Symmetry::Vertical => vec![vertical],
        Symmetry::BothMirrors => vec![horizontal, vertical, rot180],
        Symmetry::Diagonal => vec![diagonal],
        Symmetry::AntiDiagonal => vec![anti],
        Symmetry::BothDiagonals => vec![diagonal, anti, rot180],
        Symmetry::Dihedral => vec![rot90, rot180, rot270, horizontal, vertical, diagonal, anti],
        _ => panic!("a symmetry this test does not know: {symmetry}"),
    }
}

/// The givens are mapped to givens by every motion of the symmetry.
fn assert_symmetric(p: &Generated, symmetry: Symmetry) {
    let g = &p.puzzle;
    let n = g.n();
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in images(symmetry, r, c, n - 1) {
                assert_eq!(
                    g.get(r, c) != 0,
                    g.get(r2, c2) != 0,
                    "{symmetry}: r{}c{} and r{}c{} in {}",
                    r + 1,
                    c + 1,
                    r2 + 1,
                    c2 + 1,
                    g
                );
            }
        }
    }
}

/// The puzzle has one solution, the one reported, and agrees with it on its givens.
fn assert_proven(p: &Generated) {
    let g = &p.puzzle;
    assert_eq!(count(g), 1, "not unique: {g}");
    let dlx = solve(g, &SolveOptions::new(SolverKind::Dlx));
    assert_eq!(dlx.solution.as_ref(), Some(&p.solution), "{g}");
    assert!(p.solution.is_full() && dlx_sudoku::check_givens(&p.solution).is_empty());
    assert_eq!(p.givens, g.givens());
    for (k, &d) in g.cells.iter().enumerate() {
        assert!(d == 0 || d == p.solution.cells[k]);
    }
}

/// Blanking any orbit of givens (any single given without symmetry) gives a second solution.
fn assert_minimal(p: &Generated, symmetry: Symmetry) {
    let g = &p.puzzle;
    let n = g.n();
    let mut done = vec![false; n * n];
    for k in 0..n * n {
        if g.cells[k] == 0 || done[k] {
            continue;
        }
        let mut h = g.clone();
        let (r, c) = (k / n, k % n);
        h.cells[k] = 0;
        done[k] = true;
        for (r2, c2) in images(symmetry, r, c, n - 1) {
            h.cells[r2 * n + c2] = 0;
            done[r2 * n + c2] = true;
        }
        assert!(
            count(&h) >= 2,
            "{g}: r{}c{} (with its orbit) can go",
            r + 1,
            c + 1
        );
    }
}

#[test]
fn the_independent_counter_counts() {
    // A known 9x9 puzzle with one solution, and the empty 4x4 grid (288 solutions).
    let g = dlx_sudoku::parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    assert_eq!(count_backtrack(&g, 2), 1);
    assert_eq!(count_backtrack(&Grid::empty(shape(2, 2)), 1000), 288);
}

/// Generates with `options` and checks every puzzle: as many as asked, numbered in order,
/// of the symmetry asked, proven unique, and minimal (orbit-minimal with a symmetry) when
/// the givens are.
fn generate_checked(options: &GenerateOptions) -> Vec<Generated> {
    let report = generate(options).unwrap();
    let (symmetry, shape) = (options.symmetry, options.shape);
    let what = format!("{symmetry} {}x{}", shape.rows, shape.cols);
    assert_eq!(report.stop, None, "{what}");
    assert_eq!(report.puzzles.len() as u64, options.count, "{what}");
    for (i, p) in report.puzzles.iter().enumerate() {
        assert_eq!(p.index, i as u64);
        assert_eq!(p.symmetry, symmetry);
        assert!(symmetry.holds(&p.puzzle));
        assert_symmetric(p, symmetry);
        assert_proven(p);
        if options.givens == Givens::Minimal {
            assert!(p.minimal, "{what}");
            assert_minimal(p, symmetry);
        }
    }
    report.puzzles
}

/// The options for `count` puzzles of `symmetry` with `(rows, cols)` boxes from `seed`.
fn options(
    (rows, cols): (usize, usize),
    symmetry: Symmetry,
    count: u64,
    seed: u64,
) -> GenerateOptions {
    GenerateOptions {
        shape: shape(rows, cols),
        symmetry,
        count,
        seed,
        ..GenerateOptions::default()
    }
}

#[test]
fn minimal_puzzles_of_every_shape_are_unique_and_minimal() {
    for (boxes, count) in [((2, 2), 30), ((2, 3), 20), ((3, 3), 20), ((2, 4), 5)] {
        generate_checked(&options(boxes, Symmetry::None, count, 7));
    }
}

#[test]
fn big_shapes_are_unique_and_minimal() {
    // 12x12 and 16x16: fewer puzzles, proven by dlx (the 16x16 minimality proof, 90-odd
    // searches for a second solution, takes about 10 s of this file's 12).
    for (boxes, count) in [((3, 4), 2), ((4, 4), 1)] {
        generate_checked(&options(boxes, Symmetry::None, count, 3));
    }
}

#[test]
fn every_symmetry_is_kept_and_orbit_minimal() {
    for symmetry in Symmetry::ALL {
        for boxes in [(3, 3), (2, 3), (2, 2)] {
            generate_checked(&options(boxes, symmetry, 4, 11));
        }
    }
}

#[test]
fn symmetric_puzzles_are_not_all_trivially_symmetric() {
    // A symmetry test that any puzzle would pass proves nothing: the puzzles made without
    // symmetry are (almost all) not symmetric.
    let report = generate(&GenerateOptions {
        count: 10,
        ..GenerateOptions::default()
    })
    .unwrap();
    let symmetric = report
        .puzzles
        .iter()
        .filter(|p| Symmetry::Rotate180.holds(&p.puzzle))
        .count();
    assert!(symmetric < 2, "{symmetric}");
}

#[test]
fn exact_givens_are_met() {
    for (symmetry, k) in [(Symmetry::None, 30), (Symmetry::Rotate180, 31)] {
        let options = GenerateOptions {
            givens: Givens::Exactly(k),
            ..options((3, 3), symmetry, 10, 5)
        };
        for p in generate_checked(&options) {
            assert_eq!(p.givens, k);
        }
    }
    let report = generate(&GenerateOptions {
        givens: Givens::AtMost(23),
        count: 3,
        ..GenerateOptions::default()
    })
    .unwrap();
    for p in &report.puzzles {
        assert!(p.givens <= 23 && p.minimal);
        assert_proven(p);
    }
}

#[test]
fn unreachable_givens_are_refused() {
    // Quarter-turn orbits on 9x9 have 4 cells (and the centre 1): 22 = 4a + b has no answer.
    let err = generate(&GenerateOptions {
        givens: Givens::Exactly(22),
        symmetry: Symmetry::Rotate90,
        ..GenerateOptions::default()
    })
    .unwrap_err();
    assert!(
        matches!(err, GenerateError::Givens { givens: 22, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("1, 4"), "{err}");
    assert!(
        generate(&GenerateOptions {
            givens: Givens::Exactly(82),
            ..GenerateOptions::default()
        })
        .is_err()
    );
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let options = GenerateOptions {
        symmetry: Symmetry::Rotate180,
        count: 12,
        seed: 2024,
        ..GenerateOptions::default()
    };
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| generate(&options).unwrap().puzzles)
    };
    let one = run(1);
    let two = run(2);
    assert_eq!(one.len(), 12);
    assert_eq!(one, two);
    // Puzzle i alone is puzzle i of the run.
    assert_eq!(generate_one(&options, 7).unwrap().unwrap(), one[7]);
    // Another seed, other puzzles.
    let other = generate(&GenerateOptions {
        seed: 2025,
        ..options.clone()
    })
    .unwrap();
    assert_ne!(other.puzzles[0].puzzle, one[0].puzzle);
    // Puzzles of one run differ from each other.
    assert_ne!(one[0].solution, one[1].solution);
}

/// A stand-in rater: the nodes the dancing-links solver takes to prove uniqueness.
fn nodes(grid: &Grid) -> Option<f64> {
    let r = solve(grid, &SolveOptions::unique(SolverKind::Dlx));
    Some(r.stats.nodes as f64)
}

#[test]
fn the_rating_filter_is_respected() {
    // Minimal 9x9 puzzles take 80-odd nodes to prove; ask for the harder ones.
    let filter = RatingFilter::new(nodes, 120.0..=f64::INFINITY).with_climb(30);
    let report = generate(&GenerateOptions {
        rating: Some(filter),
        count: 4,
        seed: 9,
        ..GenerateOptions::default()
    })
    .unwrap();
    assert_eq!(report.puzzles.len(), 4, "{:?}", report.stop);
    for p in &report.puzzles {
        let rating = p.rating.expect("rated");
        assert!(rating >= 120.0, "{rating}");
        assert_eq!(Some(rating), nodes(&p.puzzle));
        assert_proven(p);
        assert!(p.minimal);
        assert_minimal(p, Symmetry::None);
    }
}

#[test]
fn the_local_search_reaches_what_filtering_alone_misses() {
    // Givens as a rating: at most 21 givens is rare among random minimal 9x9 puzzles (about
    // 24 on average); with a handful of attempts, filtering alone fails, climbing succeeds.
    let givens = |g: &Grid| Some(g.givens() as f64);
    let base = GenerateOptions {
        count: 1,
        seed: 1,
        attempts_per_puzzle: 3,
        ..GenerateOptions::default()
    };
    let filtered = generate(&GenerateOptions {
        rating: Some(RatingFilter::new(givens, 0.0..=21.0).with_climb(0)),
        ..base.clone()
    })
    .unwrap();
    assert_eq!(filtered.stop, Some(StopReason::Attempts { index: 0 }));
    let climbed = generate(&GenerateOptions {
        rating: Some(RatingFilter::new(givens, 0.0..=21.0).with_climb(400)),
        ..base
    })
    .unwrap();
    assert_eq!(climbed.puzzles.len(), 1, "{:?}", climbed.stop);
    let p = &climbed.puzzles[0];
    assert!(p.givens <= 21 && p.climb_steps > 0);
    assert_proven(p);
}

#[test]
fn budgets_stop_the_run() {
    // An impossible range: the attempts run out, nothing hangs.
    let never = RatingFilter::new(|_: &Grid| Some(1.0), 5.0..=6.0).with_climb(2);
    let report = generate(&GenerateOptions {
        rating: Some(never),
        count: 3,
        attempts_per_puzzle: 4,
        ..GenerateOptions::default()
    })
    .unwrap();
    assert!(report.puzzles.is_empty());
    assert_eq!(report.stop, Some(StopReason::Attempts { index: 0 }));
    // A rater that answers NaN never rates a puzzle into the range.
    let nan = RatingFilter::new(|_: &Grid| Some(f64::NAN), 0.0..=10.0).with_climb(2);
    let report = generate(&GenerateOptions {
        rating: Some(nan),
        attempts_per_puzzle: 2,
        ..GenerateOptions::default()
    })
    .unwrap();
    assert_eq!(report.stop, Some(StopReason::Attempts { index: 0 }));
    // No time at all.
    let report = generate(&GenerateOptions {
        count: 1000,
        time_limit: Some(Duration::ZERO),
        ..GenerateOptions::default()
    })
    .unwrap();
    assert_eq!(report.stop, Some(StopReason::Time));
    assert!(report.puzzles.is_empty());
    // The visitor stops after two.
    let mut seen = Vec::new();
    let summary = generate_each(
        &GenerateOptions {
            count: 50,
            ..GenerateOptions::default()
        },
        |p| {
            seen.push(p.index);
            if seen.len() == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    )
    .unwrap();
    assert_eq!(seen, [0, 1]);
    assert_eq!(summary.made, 2);
    assert_eq!(summary.stop, Some(StopReason::Stopped));
}

#[test]
fn every_given_needed_tells_minimal_from_not() {
    let p = generate_one(&GenerateOptions::default(), 0)
        .unwrap()
        .unwrap();
    assert_eq!(
        dlx_generate::every_given_needed(&p.puzzle, None),
        Some(true)
    );
    // One given more (from the solution) is not needed.
    let mut more = p.puzzle.clone();
    let k = more.cells.iter().position(|&d| d == 0).unwrap();
    more.cells[k] = p.solution.cells[k];
    assert_eq!(dlx_generate::every_given_needed(&more, None), Some(false));
}

#[test]
#[ignore = "about 12 s: run with `cargo test -p dlx-generate -- --ignored`"]
fn a_25x25_puzzle_is_unique_and_symmetric() {
    // Within seconds, not proven minimal (most searches run out of their budget).
    let report = generate(&GenerateOptions {
        shape: shape(5, 5),
        symmetry: Symmetry::Rotate180,
        ..GenerateOptions::default()
    })
    .unwrap();
    let p = &report.puzzles[0];
    assert!(p.givens < 625 / 2, "{}", p.givens);
    assert_symmetric(p, Symmetry::Rotate180);
    assert_proven(p);
}

#[test]
fn seed_puzzles_are_climbed_from_not_returned() {
    // A minimal puzzle as the seed, its givens count as the "rating" range: each attempt
    // starts from a variant of the seed, and the climb moves at least once.
    let seed = generate_one(&GenerateOptions::default(), 3)
        .unwrap()
        .unwrap();
    let g = seed.givens as f64;
    let givens = |p: &Grid| Some(p.givens() as f64);
    let filter = RatingFilter::new(givens, 0.0..=g)
        .with_climb(200)
        .with_seeds(vec![seed.puzzle.clone()]);
    let report = generate(&GenerateOptions {
        rating: Some(filter),
        count: 5,
        seed: 8,
        attempts_per_puzzle: 20,
        ..GenerateOptions::default()
    })
    .unwrap();
    assert_eq!(report.puzzles.len(), 5, "{:?}", report.stop);
    for p in &report.puzzles {
        assert!(p.givens as f64 <= g && p.climb_steps >= 1);
        assert_ne!(p.puzzle, seed.puzzle);
        assert_proven(p);
        assert!(p.minimal);
        assert_minimal(p, Symmetry::None);
    }
}

#[test]
fn bad_seed_puzzles_are_refused() {
    let rate = |_: &Grid| Some(0.0);
    let with = |seeds: Vec<Grid>, symmetry| {
        generate(&GenerateOptions {
            symmetry,
            rating: Some(RatingFilter::new(rate, 0.0..=1.0).with_seeds(seeds)),
            ..GenerateOptions::default()
        })
    };
    // Not unique: the empty grid.
    let empty = Grid::empty(shape(3, 3));
    assert!(matches!(
        with(vec![empty], Symmetry::None),
        Err(GenerateError::Seed { index: 0, .. })
    ));
    // Another shape.
    let small = generate_one(
        &GenerateOptions {
            shape: shape(2, 2),
            ..GenerateOptions::default()
        },
        0,
    )
    .unwrap()
    .unwrap();
    assert!(with(vec![small.puzzle], Symmetry::None).is_err());
    // Lacking the symmetry asked for.
    let plain = generate_one(&GenerateOptions::default(), 0)
        .unwrap()
        .unwrap();
    assert!(!Symmetry::Rotate180.holds(&plain.puzzle));
    let err = with(vec![plain.puzzle.clone()], Symmetry::Rotate180).unwrap_err();
    assert!(err.to_string().contains("rotate180"), "{err}");
    assert!(with(vec![plain.puzzle], Symmetry::None).is_ok());
}
