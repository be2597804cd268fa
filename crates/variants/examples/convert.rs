//! Reads a variant puzzle in any format (f-puzzles JSON or link, our JSON, our text format) and
//! writes it in another: `fpuzzles`, `link`, `json`, `text` or `knuth` (the exact-cover
//! problem in Knuth's format, for SSXCC and friends).
//!
//! `cargo run -p dlx-variants --example convert -- FILE [fpuzzles|link|json|text|knuth]`

use std::io::Write as _;
use std::process::ExitCode;

use dlx_variants::{Format, lower, parse, write};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(path), to) = (args.next(), args.next().unwrap_or_else(|| "text".into())) else {
        eprintln!("usage: convert FILE [fpuzzles|link|json|text|knuth]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let puzzle = match parse(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    if to == "knuth" {
        match lower(&puzzle) {
            Ok(enc) => out(&enc.to_knuth(Some(&path))),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        }
        return ExitCode::SUCCESS;
    }
    match to.parse::<Format>() {
        Ok(f) => out(&format!("{}\n", write(&puzzle, f))),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
fn out(text: &str) {
    let _ = std::io::stdout().write_all(text.as_bytes());
}
