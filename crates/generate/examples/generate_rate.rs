//! Puzzles per CPU second on one thread, for a few kinds of puzzle.
//!
//! `cargo run --release -p dlx-generate --example generate_rate [COUNT [FILTER]]`: COUNT (default
//! 2000) puzzles for the small shapes, a twentieth for 12x12, a fiftieth for 16x16, 2 for
//! 25x25; FILTER keeps the rows whose name contains it.

use std::time::Instant;

use dlx_generate::{GenerateOptions, Givens, RatingFilter, Symmetry, generate};
use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, solve};

/// A stand-in difficulty: the nodes of the dancing-links solver proving the puzzle unique.
fn nodes(grid: &Grid) -> Option<f64> {
    Some(
        solve(grid, &SolveOptions::unique(SolverKind::Dlx))
            .stats
            .nodes as f64,
    )
}

/// A row: name, box shape, share of COUNT, symmetry, givens, local-search steps of the
/// stand-in filter (`Some(u32::MAX)`: the logical solver's ER 4.0-8.9 instead, where
/// QQwing's "expert" puzzles rate, with the request's climb).
type Kind = (
    &'static str,
    (usize, usize),
    u64,
    Symmetry,
    Givens,
    Option<u32>,
);

/// The ER range of QQwing's "expert" puzzles (docs/generate.md).
const EXPERT: (f64, f64) = (4.0, 8.9);

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let (none, minimal) = (Symmetry::None, Givens::Minimal);
    // name, box shape, the share of COUNT made (1/k; 0: two puzzles), symmetry, givens, and
    // the local-search steps of a nodes >= 600 filter
    #[rustfmt::skip]
    let kinds: [Kind; 13] = [
        ("9x9 minimal", (3, 3), 1, none, minimal, None),
        ("9x9 exactly 30 givens", (3, 3), 1, none, Givens::Exactly(30), None),
        ("9x9 minimal, rotate180", (3, 3), 1, Symmetry::Rotate180, minimal, None),
        ("9x9 minimal, rotate90", (3, 3), 1, Symmetry::Rotate90, minimal, None),
        ("9x9 minimal, dihedral", (3, 3), 1, Symmetry::Dihedral, minimal, None),
        ("4x4 minimal", (2, 2), 1, none, minimal, None),
        ("6x6 minimal", (2, 3), 1, none, minimal, None),
        ("12x12 minimal", (3, 4), 20, none, minimal, None),
        ("16x16 minimal", (4, 4), 50, none, minimal, None),
        ("9x9 nodes >= 600, filter only", (3, 3), 20, none, minimal, Some(0)),
        ("9x9 nodes >= 600, climb 100", (3, 3), 20, none, minimal, Some(100)),
        ("9x9 ER 4.0-8.9 (expert)", (3, 3), 50, none, minimal, Some(u32::MAX)),
        ("25x25 (not proven minimal)", (5, 5), 0, none, minimal, None),
    ];
    let rows = kinds.map(|(name, (rows, cols), share, symmetry, givens, climb)| {
        let options = GenerateOptions {
            shape: Shape { rows, cols },
            symmetry,
            givens,
            count: count.checked_div(share).unwrap_or(2),
            rating: climb.map(|c| match c {
                u32::MAX => RatingFilter::new(
                    dlx_generate::request::rater(dlx_logic::Scale::Sukaku, EXPERT.1),
                    EXPERT.0..=EXPERT.1,
                ),
                c => RatingFilter::new(nodes, 600.0..=f64::INFINITY).with_climb(c),
            }),
            ..Default::default()
        };
        (name, options)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    println!(
        "{:<30} {:>7} {:>10} {:>9} {:>8}",
        "kind", "puzzles", "per CPU s", "givens", "minimal"
    );
    let only = std::env::args().nth(2);
    for (name, mut options) in rows {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        options.count = options.count.max(2);
        let (start, cpu0) = (Instant::now(), cpu_seconds());
        let report = pool
            .install(|| generate(&options))
            .expect("options are valid");
        // CPU time when the system tells it (a loaded machine stretches wall time).
        let seconds = match (cpu0, cpu_seconds()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => start.elapsed().as_secs_f64(),
        };
        let n = report.puzzles.len() as f64;
        let givens: usize = report.puzzles.iter().map(|p| p.givens).sum();
        let minimal = report.puzzles.iter().filter(|p| p.minimal).count();
        if let Some(stop) = report.stop {
            eprintln!("{name}: stopped: {stop}");
        }
        let rate = n / seconds;
        let decimals = if rate < 100.0 { 1 } else { 0 };
        println!(
            "{name:<30} {:>7} {:>10.decimals$} {:>9.1} {:>8}",
            report.puzzles.len(),
            rate,
            givens as f64 / n,
            minimal
        );
    }
}

/// This process's user and system CPU time, from `/proc/self/stat` (Linux; clock ticks of
/// 1/100 s), or `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which ends with the last ')'): utime and stime are the
    // 12th and 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}
