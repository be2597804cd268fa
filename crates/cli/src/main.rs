//! The `dlx` command: the definition of the command line and the glue to the libraries.
//!
//! Exit status (as in ripgrep): 0 when a solution exists, 1 when there is none, 2 on error.
//! A closed pipe on stdout (`dlx ... | head`) is success.

#![forbid(unsafe_code)]

mod bench;
mod input;
mod output;
mod puzzles;
mod search;
mod serve;
mod shard;
mod sudoku;
mod xcc;
mod xcc_args;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exact cover on Knuth's dancing links: Sudoku, N-queens, polyominoes, Langford pairs,
/// any problem in Knuth's text format, and a web app.
#[derive(Parser, Debug)]
#[command(name = "dlx", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve an exact-cover problem in Knuth's text format (DLX1/DLX2 input).
    Xcc(xcc::XccArgs),
    /// Solve, count, trace and batch-solve Sudoku puzzles of any size.
    Sudoku(sudoku::SudokuArgs),
    /// Place N queens on an N x N board so that none attacks another.
    Queens(puzzles::QueensArgs),
    /// Pack polyominoes into a board: the pentomino rectangles, Scott's board, or your own.
    Polyomino(puzzles::PolyominoArgs),
    /// Langford pairs: 1 1 2 2 ... n n in a row, with k numbers between the two k's.
    Langford(puzzles::LangfordArgs),
    /// Measure the solvers on folders of inputs.
    Bench(bench::BenchArgs),
    /// Start the web app and JSON API.
    Serve(serve::ServeArgs),
}

/// A hint for a command line clap refused, when it looks like a Sudoku command typed
/// without `sudoku` (`dlx solve PUZZLE`) or a puzzle given to `dlx sudoku` without a verb.
fn hint(args: &[String]) -> Option<String> {
    let words: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    match words.as_slice() {
        [verb @ ("solve" | "count" | "trace" | "bench"), rest @ ..] => Some(format!(
            "Sudoku commands start with `dlx sudoku`: dlx sudoku {verb} {}",
            rest.join(" ")
        )),
        ["sudoku", puzzle, ..] if !puzzle.starts_with('-') => Some(format!(
            "to solve a puzzle or a file of puzzles: dlx sudoku solve {puzzle}"
        )),
        _ => None,
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let args: Vec<String> = std::env::args().collect();
            let tip = (e.kind() == clap::error::ErrorKind::InvalidSubcommand)
                .then(|| hint(&args))
                .flatten();
            let _ = e.print();
            if let Some(tip) = tip {
                eprintln!("\nhint: {}", tip.trim_end());
            }
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    let result = match cli.command {
        Command::Xcc(args) => xcc::run(args),
        Command::Sudoku(args) => sudoku::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Queens(args) => puzzles::queens(args),
        Command::Polyomino(args) => puzzles::polyomino(args),
        Command::Langford(args) => puzzles::langford(args),
    };
    output::finish(result)
}
