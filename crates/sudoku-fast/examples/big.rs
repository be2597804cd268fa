//! Times the generic path on one-line puzzles of any size (digits 1-9 then letters A=10...,
//! '.' blank): `cargo run --release --example big -p dlx-sudoku-fast -- FILE [LIMIT]`.

use std::time::Instant;

use dlx_sudoku_fast::{Shape, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        return Err("usage: big FILE [LIMIT]".into());
    };
    let limit: u64 = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(2);
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
        let a = solve(shape, &cells, limit, None)?;
        println!(
            "{n}x{n}: {} solutions, {} guesses, complete {}, {:.4} s",
            a.solutions,
            a.guesses,
            a.complete,
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
