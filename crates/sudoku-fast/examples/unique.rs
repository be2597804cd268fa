//! The cost of a uniqueness check: solves a file of 9x9 puzzles with limit 1 (one solution)
//! and limit 2 (a second solution, or proof there is none) in alternating rounds, one
//! thread, and prints the median time of each and their ratio.
//!
//! `cargo run --release --example unique -p dlx-sudoku-fast -- FILE [ROUNDS]`

use std::io::Write;
use std::time::Instant;

use dlx_sudoku_fast::solve9;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        return Err("usage: unique FILE [ROUNDS]".into());
    };
    let rounds: usize = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(5);
    let text = std::fs::read_to_string(path)?;
    let puzzles: Vec<[u8; 81]> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| {
            let mut g = [0u8; 81];
            for (c, b) in g.iter_mut().zip(l.bytes()) {
                *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            g
        })
        .collect();
    if puzzles.is_empty() {
        return Err(format!("{path}: no puzzles").into());
    }
    let n = puzzles.len() as f64;
    let mut times = [Vec::new(), Vec::new()];
    let mut guesses = [0u64; 2];
    let mut found = [0u64; 2];
    for _ in 0..rounds {
        for (k, limit) in [1u64, 2].into_iter().enumerate() {
            let (mut g, mut s) = (0, 0);
            let t = Instant::now();
            for p in &puzzles {
                let a = solve9(p, limit);
                g += a.guesses;
                s += a.solutions;
            }
            times[k].push(t.elapsed().as_secs_f64());
            guesses[k] = g;
            found[k] = s;
        }
    }
    for t in &mut times {
        t.sort_by(f64::total_cmp);
    }
    let med = [times[0][rounds / 2], times[1][rounds / 2]];
    let mut out = std::io::stdout();
    for k in 0..2 {
        let _ = writeln!(
            out,
            "limit {}: {:.3} s (median of {rounds}), {:.0} puzzles/s, {:.2} guesses/puzzle, {} solutions",
            k + 1,
            med[k],
            n / med[k],
            guesses[k] as f64 / n,
            found[k]
        );
    }
    let _ = writeln!(out, "uniqueness cost: {:.3}x", med[1] / med[0]);
    Ok(())
}
