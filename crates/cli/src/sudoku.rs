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
mod variant;
mod vgenerate;

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
  Variants: solve, count, trace and convert also read variant puzzles (killer cages,
  thermometers, arrows, kropki, XV, jigsaw, diagonals, anti-knight...) as f-puzzles JSON or
  links, our JSON or our text format (docs/formats.md), detected or named with --from.
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
    /// Write a puzzle (a grid or a variant) in another format: f-puzzles JSON or link, our
    /// JSON or text format, or its exact cover in Knuth's format.
    Convert(ConvertArgs),
}

/// `dlx sudoku convert [INPUT] --to FORMAT`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: args::InputArgs,
    /// The format to write.
    #[arg(long, value_enum, default_value = "text")]
    pub to: variant::ToArg,
}

/// Runs `convert`: a variant as read, or a grid as a puzzle with no rule but its boxes.
fn convert(a: ConvertArgs) -> Result<Found> {
    let input = input::open(&a.input)?;
    let name = input.name.clone();
    let format = a.input.from.variant(&input.head.join("\n"));
    let text = input.into_text()?;
    let puzzle = match format {
        Some(format) => variant::read_variant(&name, text, format)?,
        None => {
            let grid = dlx_sudoku::parse_with_shape(&text, a.input.shape)
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            let regions = dlx_variants::Regions::Boxes {
                rows: grid.shape.rows,
                cols: grid.shape.cols,
            };
            let rules = dlx_variants::Rules::new(grid.n(), Some(regions), Vec::new())
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            dlx_variants::Puzzle::new(rules, grid.cells.clone())
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))?
        }
    };
    let text = variant::convert(&name, &puzzle, a.to)?;
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Found::Some)
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
        // Variant puzzles have a generator of their own (`--variant`).
        SudokuCommand::Generate(a) if a.variant.variant.is_some() => vgenerate::run(&a),
        SudokuCommand::Generate(a) => generate::run(a),
        SudokuCommand::Convert(a) => convert(a),
    }
}
