//! Explains variant puzzles (f-puzzles JSON, links or our text format), one step a line, or
//! with `--summary` one line a file: steps, the path's end, ER and the hardest technique,
//! the time, and whether every step agreed with the solution.
//!
//! `cargo run -p dlx-logic --release --example vexplain -- [--summary] FILE...`

use std::time::Instant;

use dlx_logic::{Options, Solver};

fn main() {
    let mut summary = false;
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        if a == "--summary" {
            summary = true;
        } else {
            files.push(a);
        }
    }
    for f in files {
        let text = match std::fs::read_to_string(&f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        let puzzle = match dlx_variants::parse(&text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        let start = Instant::now();
        let mut s = match Solver::for_variant(
            &puzzle,
            None,
            None,
            &Options::default(),
            &Default::default(),
        ) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        let mut sound = true;
        let mut steps = Vec::new();
        while let Some(step) = s.next_step() {
            if s.is_sound(&step) == Some(false) {
                sound = false;
                eprintln!("{f}: UNSOUND: {}", step.text);
            }
            s.apply(&step);
            if !summary {
                println!("{:3}. [{:.1}] {}", steps.len() + 1, step.rating, step.text);
            }
            steps.push(step);
        }
        let rating = dlx_logic::Rating::of(&steps, s.board().is_solved());
        println!(
            "{f}: {} steps, {}, ER {:.1} ({}), {:.1} ms, {}",
            steps.len(),
            if s.board().is_solved() {
                "solved"
            } else {
                "stuck"
            },
            rating.er,
            rating.hardest.as_str(),
            start.elapsed().as_secs_f64() * 1e3,
            if sound { "sound" } else { "UNSOUND" }
        );
    }
}
