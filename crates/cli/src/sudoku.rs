//! `dlx sudoku ...`: solve, count, trace, batch-solve and benchmark Sudoku puzzles of any size.
//!
//! # Input
//!
//! `INPUT` is a puzzle written on the command line, a file, or `-` (or nothing) for stdin.
//! An argument that names an existing file is read as a file; any other is read as a puzzle.
//! A file holds either one puzzle (one line, the 9-line contest format, a boxed grid, ...) or
//! one puzzle a line (a *batch*); see `dlx_sudoku::parse` for the detection rule, and
//! `--input` to force it.
//!
//! # Exit status
//!
//! 0 when at least one solution was found and every puzzle was valid; 1 when no puzzle has a
//! solution (or none was found within the budgets); 2 when any puzzle was invalid (after
//! every other puzzle of a batch was handled) or on any other error.

mod args;
mod batch;
mod bench;
mod generate;
mod input;
mod logic;
mod report;
mod trace;

use anyhow::Result;
use clap::{Args, Subcommand};

use crate::output::Found;
pub use args::{SearchArgs, SolveArgs};

/// `dlx sudoku <command>`.
#[derive(Args, Debug)]
#[command(after_long_help = CONVENTIONS)]
pub struct SudokuArgs {
    #[command(subcommand)]
    pub command: SudokuCommand,
}

const CONVENTIONS: &str = "\
Conventions:
  Sizes: N x N grids with boxes of R x C cells (N = R*C), 4x4 to 64x64; non-square sizes have
  boxes wider than tall by default (6x6: 2x3, 8x8: 2x4, 12x12: 3x4); --box RxC says otherwise.
  Digits: 1-9, then A=10, B=11, ... Z=35 (lowercase too); blanks: . 0 _ - *. Bigger grids, or
  any grid, can be written as numbers separated by spaces.
  Formats read: one line (text after whitespace is a comment), files of one puzzle a line
  with # comments, grids of N lines (the 9-line contest format), boxed grids with | - +.
  Exit status: 0 a solution was found, 1 none, 2 invalid input or error.";

/// The Sudoku subcommands.
#[derive(Subcommand, Debug)]
pub enum SudokuCommand {
    /// Solve one puzzle or a file of puzzles (one a line), in input order, on all cores.
    Solve(SolveArgs),
    /// Count the solutions of each puzzle (all of them, or up to --limit).
    Count(SearchArgs),
    /// Show every decision of a solver: choices, tries, dead ends, backtracks, solutions.
    Trace(trace::TraceArgs),
    /// Time a solver on every puzzle of a file (read and parsed first): puzzles per second.
    Bench(bench::BenchArgs),
    /// Solve one puzzle by logic, step by step, as a person would, and rate it.
    Explain(logic::ExplainArgs),
    /// The easiest next logical step for a puzzle (optionally from a grid in progress).
    Hint(logic::HintArgs),
    /// Rate puzzles on Sudoku Explainer's scale (ER, EP, ED), one or a file on all cores.
    Rate(logic::RateArgs),
    /// Make new puzzles with one solution: size, symmetry, givens, difficulty.
    Generate(generate::GenerateArgs),
}

/// Runs `dlx sudoku`.
pub fn run(args: SudokuArgs) -> Result<Found> {
    match args.command {
        SudokuCommand::Solve(a) => batch::run(a.search, a.unique, a.all, report::Mode::Solve),
        SudokuCommand::Count(a) => batch::run(a, false, false, report::Mode::Count),
        SudokuCommand::Trace(a) => trace::run(a),
        SudokuCommand::Bench(a) => bench::run(a),
        SudokuCommand::Explain(a) => logic::explain(a),
        SudokuCommand::Hint(a) => logic::hint(a),
        SudokuCommand::Rate(a) => logic::rate(a),
        SudokuCommand::Generate(a) => generate::run(a),
    }
}
