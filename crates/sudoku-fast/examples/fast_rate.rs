//! Prints puzzles per second for a file of 9x9 puzzles (one per line, 81 characters, '.' or
//! '0' blank, '#' starts a comment line).
//!
//! `cargo run --release --example fast_rate -p dlx-sudoku-fast -- FILE [LIMIT] [fast|portable|generic] [REPEAT]`

use std::io::Write;
use std::time::Instant;

use dlx_sudoku_fast::{Shape, solve_generic, solve9, solve9_portable};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        return Err("usage: rate FILE [LIMIT] [fast|portable|generic] [REPEAT]".into());
    };
    let limit: u64 = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(1);
    let mode = args.get(3).map(String::as_str).unwrap_or("fast");
    let repeat: usize = args.get(4).map(|s| s.parse()).transpose()?.unwrap_or(3);
    let text = std::fs::read_to_string(path)?;
    let mut puzzles = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<u8> = line
            .bytes()
            .take(81)
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        if cells.len() != 81 {
            return Err(format!("line too short: {line}").into());
        }
        let mut grid = [0u8; 81];
        grid.copy_from_slice(&cells);
        puzzles.push(grid);
    }
    let shape = Shape::new(3, 3)?;
    let mut rates = Vec::new();
    for _ in 0..repeat {
        let (mut solved, mut guesses) = (0u64, 0u64);
        let t = Instant::now();
        for p in &puzzles {
            let (s, g) = match mode {
                "portable" => {
                    let a = solve9_portable(p, limit, None);
                    (a.solutions, a.guesses)
                }
                "generic" => {
                    let a = solve_generic(shape, p, limit, None)?;
                    (a.solutions, a.guesses)
                }
                _ => {
                    let a = solve9(p, limit);
                    (a.solutions, a.guesses)
                }
            };
            solved += (s >= 1) as u64;
            guesses += g;
        }
        let secs = t.elapsed().as_secs_f64();
        let rate = puzzles.len() as f64 / secs;
        // A closed pipe (`| head`) is not an error: the output is simply dropped.
        let _ = writeln!(
            std::io::stdout(),
            "{path}: {} puzzles, {solved} solved, limit {limit}, {mode}: {rate:.0}/s, {:.2} guesses/puzzle",
            puzzles.len(),
            guesses as f64 / puzzles.len() as f64
        );
        rates.push(rate);
    }
    rates.sort_by(f64::total_cmp);
    let _ = writeln!(std::io::stdout(), "median {:.0}/s", rates[rates.len() / 2]);
    Ok(())
}
