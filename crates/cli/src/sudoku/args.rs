//! The flags the Sudoku commands share: input, solver, output format, and those of `solve`
//! and `count`, below the commands that read them.

use std::time::Duration;

use clap::{Args, ValueEnum};
use dlx_sudoku::parse::InputKind;
use dlx_sudoku::{Shape, SolverKind};

use crate::output;
use crate::search::HeuristicArg;

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

impl InputArg {
    /// The kind forced, or `None` to detect it.
    pub fn kind(self) -> Option<InputKind> {
        match self {
            InputArg::Auto => None,
            InputArg::Lines => Some(InputKind::Lines),
            InputArg::Grid => Some(InputKind::Single),
        }
    }
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
