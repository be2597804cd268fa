//! Times the generic path on one-line puzzles of any size (digits 1-9 then letters A=10...,
//! '.' blank), with an optional guess budget per puzzle, and prints a summary:
//! `cargo run --release --example big -p dlx-sudoku-fast -- FILE [LIMIT] [BUDGET]`.

use std::io::Write;
use std::time::Instant;

use dlx_sudoku_fast::{Shape, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        return Err("usage: big FILE [LIMIT]".into());
    };
    let limit: u64 = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(2);
    let budget: Option<u64> = args.get(3).map(|s| s.parse()).transpose()?;
    let mut out = std::io::stdout().lock();
    let (mut puzzles, mut stopped, mut guesses, mut total) = (0, 0, 0, 0.0);
    let mut times = Vec::new();
    for line in std::fs::read_to_string(path)?.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<u8> = line
            .chars()
            .map(|ch| match ch {
                '1'..='9' => ch as u8 - b'0',
                'A'..='Z' => ch as u8 - b'A' + 10,
                _ => 0,
            })
            .collect();
        let n = (cells.len() as f64).sqrt() as usize;
        let shape = Shape::from_size(n)?;
        let t = Instant::now();
        let a = solve(shape, &cells, limit, budget)?;
        let secs = t.elapsed().as_secs_f64();
        puzzles += 1;
        stopped += (!a.complete) as u32;
        guesses += a.guesses;
        total += secs;
        times.push(secs);
        // A closed pipe (`| head`) is not an error: the output is simply dropped.
        let _ = writeln!(
            out,
            "{n}x{n}: {} solutions, {} guesses, complete {}, {secs:.4} s",
            a.solutions, a.guesses, a.complete,
        );
    }
    times.sort_by(f64::total_cmp);
    if let Some(&max) = times.last() {
        let _ = writeln!(
            out,
            "{puzzles} puzzles, {stopped} stopped by the budget, {guesses} guesses, {total:.3} s in all, median {:.4} s, max {max:.4} s",
            times[times.len() / 2]
        );
    }
    Ok(())
}
