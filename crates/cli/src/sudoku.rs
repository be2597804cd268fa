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

mod batch;
mod bench;
mod chunks;
mod generate;
mod input;
mod logic;
mod report;
mod trace;

pub use input::{Input, MAX_LINE, Source, read_line};

use std::time::Duration;

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use dlx_sudoku::{Shape, SolverKind};

use crate::output::{self, Found};
use crate::search::HeuristicArg;

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

/// Which solver to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolverArg {
    /// Exact cover on dancing links (the reduced matrix of the articles).
    Dlx,
    /// Plain backtracking: cells in reading order, digits in increasing order.
    Backtrack,
    /// Backtracking on the cell with the fewest candidates.
    Mrv,
    /// Bit sets with propagation before every guess (dlx-sudoku-fast); counts guesses only,
    /// and leaves --all, --verbose and traces to dlx.
    Fast,
}

impl From<SolverArg> for SolverKind {
    fn from(s: SolverArg) -> Self {
        match s {
            SolverArg::Dlx => SolverKind::Dlx,
            SolverArg::Backtrack => SolverKind::Backtrack,
            SolverArg::Mrv => SolverKind::Mrv,
            SolverArg::Fast => SolverKind::Fast,
        }
    }
}

/// How the input holds its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputArg {
    /// Detect: one puzzle, or one puzzle a line.
    Auto,
    /// One puzzle a line.
    Lines,
    /// One puzzle (a line or a grid of lines).
    Grid,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// One line a puzzle: the solution, or the puzzle and a `# status` comment (with `--unique`,
    /// a solution whose uniqueness a budget left open is followed by such a comment).
    Line,
    /// A boxed grid with the status and statistics (the default for one puzzle).
    Pretty,
    /// CSV with a header: line, puzzle, status, solutions, solution, nodes, guesses,
    /// backtracks, error.
    Csv,
    /// One JSON object a puzzle.
    Json,
}

/// Where puzzles come from and how to read them.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// A puzzle, a file, or `-` for stdin (the default).
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,
    /// Box shape as ROWSxCOLS (e.g. 3x2 for 6x6 grids with tall boxes).
    #[arg(long = "box", value_name = "RxC", value_parser = output::parse_box)]
    pub shape: Option<Shape>,
    /// Force how the input holds its puzzles.
    #[arg(long, value_enum, default_value = "auto")]
    pub input_kind: InputArg,
}

/// Flags of `solve`: those of `count`, and what to look for.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Look for a second solution and report unique, multiple or none.
    #[arg(long, conflicts_with = "all")]
    pub unique: bool,
    /// Print every solution (up to --limit).
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Flags of `solve` and `count`.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The solver (fast; dlx, backtrack and mrv are the articles' three).
    #[arg(long, value_enum, default_value = "fast")]
    pub solver: SolverArg,
    /// For the dlx solver: how to choose the item to branch on.
    #[arg(long, value_enum, default_value = "mrv")]
    pub heuristic: HeuristicArg,
    /// Stop after this many solutions of a puzzle (count: default all; solve --all: all).
    #[arg(long, value_name = "N", value_parser = output::parse_limit)]
    pub limit: Option<u64>,
    /// Stop each puzzle after this many search-tree nodes (reported as incomplete).
    #[arg(long, value_name = "N", value_parser = output::parse_count)]
    pub nodes: Option<u64>,
    /// Stop each puzzle after this much time, e.g. 10s, 500ms (reported as incomplete).
    #[arg(long, value_name = "DURATION", value_parser = output::parse_duration)]
    pub time_limit: Option<Duration>,
    /// Output format (default: pretty for one puzzle, line for a batch).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// The same as --format json.
    #[arg(long)]
    pub json: bool,
    /// Threads for a batch (0 = all cores; at most 256).
    #[arg(long, short = 'j', default_value_t = 0, value_name = "N", value_parser = output::parse_threads)]
    pub threads: usize,
    /// Show a progress bar on stderr for a batch (default: when stderr is a terminal).
    #[arg(long, overrides_with = "no_progress")]
    pub progress: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// For one puzzle: print the encoding's size, then nodes, depth and the grid while solving.
    #[arg(long, short = 'v')]
    pub verbose: bool,
    /// With --verbose: nodes between reports (the dlx solver rounds it up to a power of two).
    #[arg(long, value_name = "N", value_parser = output::parse_count, default_value = "10000")]
    pub every: u64,
    /// No summary on stderr.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs `dlx sudoku`.
pub fn run(args: SudokuArgs) -> Result<Found> {
    match args.command {
        SudokuCommand::Solve(a) => batch::run(a.search, a.unique, a.all, batch::Mode::Solve),
        SudokuCommand::Count(a) => batch::run(a, false, false, batch::Mode::Count),
        SudokuCommand::Trace(a) => trace::run(a),
        SudokuCommand::Bench(a) => bench::run(a),
        SudokuCommand::Explain(a) => logic::explain(a),
        SudokuCommand::Hint(a) => logic::hint(a),
        SudokuCommand::Rate(a) => logic::rate(a),
        SudokuCommand::Generate(a) => generate::run(a),
    }
}
