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
mod generate;
mod logic;
mod trace;

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use dlx_sudoku::{InputKind, Shape, SolverKind};

use crate::output::{self, Found};
use crate::xcc::HeuristicArg;

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
    #[arg(long = "box", value_name = "RxC")]
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
    #[arg(long, value_name = "N", value_parser = output::parse_count)]
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

/// A buffered reader that tells how much it holds: when nothing is left in its buffer, the
/// next read may wait for a slow writer, so a batch hands on what it has first.
pub trait Source: BufRead + Send {
    /// Bytes read from the underlying reader but not yet consumed.
    fn buffered(&self) -> usize;
}

impl<R: Read + Send> Source for BufReader<R> {
    fn buffered(&self) -> usize {
        self.buffer().len()
    }
}

/// An opened input: its name for messages, its first content lines, and the rest.
pub struct Input {
    /// `stdin`, the file name, or `argument`.
    pub name: String,
    /// One puzzle or one a line.
    pub kind: InputKind,
    /// Lines read so far (all of them for a puzzle given as an argument).
    pub head: Vec<String>,
    /// The rest of the input.
    pub rest: Option<Box<dyn Source>>,
    /// Whether the input is a stream (stdin) whose lines may come slowly: a batch then solves
    /// the lines it has before waiting for more.
    pub stream: bool,
    /// The size in bytes, when known (for progress).
    pub size: Option<u64>,
    /// The first line of `head` that was not UTF-8, if any.
    pub not_utf8: Option<usize>,
    /// The lines of `head` (numbered from 1) longer than [`MAX_LINE`], kept cut.
    pub cut: Vec<usize>,
}

impl Input {
    /// Opens `INPUT` as the module docs say, and reads enough to detect its kind.
    pub fn open(args: &InputArgs) -> Result<Input> {
        let (name, reader, size): (String, Box<dyn Source>, Option<u64>) =
            match args.input.as_deref() {
                None | Some("-") => (
                    "stdin".into(),
                    Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
                    None,
                ),
                Some(s) if Path::new(s).is_file() => {
                    let path = PathBuf::from(s);
                    let file = File::open(&path).with_context(|| format!("cannot read {s}"))?;
                    let size = file.metadata().ok().map(|m| m.len());
                    (
                        s.to_string(),
                        Box::new(BufReader::with_capacity(1 << 16, file)),
                        size,
                    )
                }
                Some(s) if Path::new(s).is_dir() => {
                    anyhow::bail!("{s}: a directory, not a file of puzzles");
                }
                Some(s) => {
                    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
                    if !looks_like_puzzle(s) {
                        anyhow::bail!("{s}: no such file, and not a puzzle either");
                    }
                    let head: Vec<String> = s.lines().map(str::to_string).collect();
                    let kind = match args.input_kind {
                        InputArg::Lines => InputKind::Lines,
                        InputArg::Grid => InputKind::Single,
                        InputArg::Auto => dlx_sudoku::detect(head.iter().map(String::as_str)),
                    };
                    return Ok(Input {
                        name: "argument".into(),
                        kind,
                        head,
                        rest: None,
                        stream: false,
                        size: None,
                        not_utf8: None,
                        cut: Vec::new(),
                    });
                }
            };
        let mut reader = reader;
        skip_bom(&mut reader).with_context(|| format!("cannot read {name}"))?;
        let mut head = Vec::new();
        let mut not_utf8 = None;
        let mut content = 0;
        let mut cut = Vec::new();
        // Only `auto` needs the first lines to tell a grid from lines of puzzles: a forced kind
        // starts at once, which lets `--input-kind lines` answer a stream line by line.
        let lookahead = if args.input_kind == InputArg::Auto {
            66
        } else {
            0
        };
        // The look-ahead is bounded too: a flood of blank or comment lines before the first
        // puzzles is not kept whole (it took 25 bytes of memory a byte of input).
        let mut head_bytes = 0;
        let mut flooded = false;
        // At a terminal, end of input is one Ctrl-D: once seen, the input is not read again.
        let mut ended = false;
        while content < lookahead {
            if head.len() >= LOOKAHEAD_LINES || head_bytes >= LOOKAHEAD_BYTES {
                flooded = true;
                break;
            }
            let mut bytes = Vec::new();
            let (got, too_long) = read_line(&mut reader, &mut bytes)
                .with_context(|| format!("cannot read {name}"))?;
            if got == 0 {
                ended = true;
                break;
            }
            if too_long {
                cut.push(head.len() + 1);
            }
            let line = String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            if not_utf8.is_none() && line.contains(char::REPLACEMENT_CHARACTER) {
                not_utf8 = Some(head.len() + 1);
            }
            let l = line.trim_end_matches(['\n', '\r']).to_string();
            head_bytes += l.len();
            if !dlx_sudoku::parse::is_comment_or_blank(&l) {
                content += 1;
            }
            head.push(l);
        }
        let kind = match args.input_kind {
            InputArg::Lines => InputKind::Lines,
            InputArg::Grid => InputKind::Single,
            // Thousands of lines without two puzzle lines among them: not one grid.
            InputArg::Auto if flooded && content < 2 => InputKind::Lines,
            InputArg::Auto => dlx_sudoku::detect(head.iter().map(String::as_str)),
        };
        Ok(Input {
            name,
            kind,
            head,
            stream: size.is_none(),
            rest: (!ended).then_some(reader),
            size,
            not_utf8,
            cut,
        })
    }

    /// The whole text (for a single puzzle), at most [`MAX_GRID_TEXT`] bytes.
    pub fn into_text(mut self) -> Result<String> {
        if let Some(line) = self.not_utf8 {
            anyhow::bail!("{}: not UTF-8 text (line {line})", self.name);
        }
        if let Some(line) = self.cut.first() {
            anyhow::bail!(
                "{}: line {line} is longer than {} KiB: not a puzzle",
                self.name,
                MAX_LINE / 1024
            );
        }
        let mut text = self.head.join("\n");
        if !self.head.is_empty() {
            text.push('\n');
        }
        if let Some(r) = self.rest.take() {
            let mut more = Vec::new();
            let limit = MAX_GRID_TEXT.saturating_sub(text.len());
            r.take(limit as u64 + 1)
                .read_to_end(&mut more)
                .with_context(|| format!("cannot read {}", self.name))?;
            if more.len() > limit {
                anyhow::bail!(
                    "{}: more than {} MiB: too big for one puzzle (for a file of puzzles, one a \
                     line, use --input-kind lines)",
                    self.name,
                    MAX_GRID_TEXT >> 20
                );
            }
            let more = String::from_utf8(more)
                .map_err(|_| anyhow::anyhow!("{}: not UTF-8 text", self.name))?;
            text.push_str(&more);
        }
        Ok(text)
    }
}

/// The longest line kept from a puzzle file: a 64x64 puzzle written on one line as numbers
/// takes about 12 KiB. Longer lines are cut here and reported invalid, so that memory stays
/// bounded whatever the input (a file without a newline, say).
pub const MAX_LINE: usize = 256 * 1024;

/// The most lines read ahead to tell one grid from a file of puzzles (when fewer than two
/// of them hold a puzzle, the input is taken as lines of puzzles).
pub const LOOKAHEAD_LINES: usize = 10_000;

/// The most bytes read ahead to tell one grid from a file of puzzles (66 lines of a 64x64
/// grid drawn with borders take under 1 MiB).
pub const LOOKAHEAD_BYTES: usize = 2 << 20;

/// The most text read for one puzzle given as a grid (a 64x64 grid drawn with borders and
/// padding takes well under 1 MiB).
pub const MAX_GRID_TEXT: usize = 16 << 20;

/// Skips a UTF-8 byte-order mark at the start of `r` (Windows editors begin UTF-8 files with
/// one). The mark is looked at whole in the reader's buffer; only when the buffer holds less
/// than a mark (a pipe that delivered one or two bytes) are matching bytes taken one by one,
/// and then input beginning with just part of a mark loses that part (such bytes begin
/// letters U+FE00 to U+FEFF, not a puzzle).
pub fn skip_bom(r: &mut dyn BufRead) -> io::Result<()> {
    const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];
    let buf = r.fill_buf()?;
    if buf.starts_with(&BOM) {
        r.consume(3);
    } else if buf.len() < 3 && !buf.is_empty() && BOM.starts_with(buf) {
        for &b in &BOM {
            match r.fill_buf()?.first() {
                Some(&first) if first == b => r.consume(1),
                _ => break,
            }
        }
    }
    Ok(())
}

/// Appends the next line of `r` (with its newline) to `buf`, or its first [`MAX_LINE`] bytes
/// if it is longer (the rest is read and dropped). Returns the bytes read, 0 at the end of the
/// input, and whether the line was cut.
// PERF: the end of the line found by a vectorised search (`memchr`); with ASCII tests before
// any UTF-8 check, reading went from 3.5% to 1% of the instructions of an easy batch.
pub fn read_line(r: &mut dyn BufRead, buf: &mut Vec<u8>) -> io::Result<(usize, bool)> {
    let mut read = 0;
    let mut kept = 0;
    loop {
        let avail = match r.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok((read, read > kept));
        }
        let (take, end) = match memchr::memchr(b'\n', avail) {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        let keep = take.min(MAX_LINE - kept);
        buf.extend_from_slice(&avail[..keep]);
        kept += keep;
        r.consume(take);
        read += take;
        if end {
            return Ok((read, read > kept));
        }
    }
}

/// Whether a command-line argument is meant as a puzzle rather than a file name.
fn looks_like_puzzle(s: &str) -> bool {
    s.contains('\n') || (s.trim().len() >= 16 && !s.contains('/'))
}
