//! Times each solver on a file of puzzles: `cargo run --release --example speed -- FILE [SOLVER] [MAX]`.
use std::time::Instant;

use dlx_sudoku::{SolveOptions, SolveStats, SolverKind, parse_line, solve};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: speed FILE [SOLVER] [MAX]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let solver: SolverKind = args
        .get(2)
        .map_or(Ok(SolverKind::Dlx), |s| s.parse())
        .unwrap_or_default();
    let max: usize = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let grids: Vec<_> = text
        .lines()
        .enumerate()
        .filter_map(|(k, l)| parse_line(l, k + 1, None).ok().flatten())
        .map(|p| p.grid)
        .take(max)
        .collect();
    let opts = SolveOptions {
        solver,
        ..SolveOptions::default()
    };
    let start = Instant::now();
    let mut total = SolveStats::default();
    let mut solved = 0;
    for g in &grids {
        let r = solve(g, &opts);
        solved += r.solution.is_some() as usize;
        total.merge(&r.stats);
    }
    let secs = start.elapsed().as_secs_f64();
    let n = grids.len() as f64;
    println!(
        "{path} {solver}: {} puzzles, {solved} solved, {secs:.3} s, {:.0}/s, nodes/puzzle {:.1}, updates/puzzle {:.0}, guesses/puzzle {:.2}",
        grids.len(),
        n / secs,
        total.nodes as f64 / n,
        total.updates as f64 / n,
        total.guesses as f64 / n
    );
}
