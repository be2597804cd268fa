//! `dlx sudoku trace`: every decision of a solver on one puzzle, as text or JSON.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use clap::{Args, ValueEnum};
use dlx_sudoku::request::DEFAULT_TRACE_STEPS;
use dlx_sudoku::{InputKind, StepKind, TraceRequest};
use serde::Serialize;

use super::args::InputArgs;
use super::input::open;
use crate::output::{self, Found};
use crate::search::HeuristicArg;

/// `dlx sudoku trace [INPUT]`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The solver to trace (the fast solver records no steps).
    #[arg(long, value_enum, default_value = "dlx")]
    pub solver: TraceSolver,
    /// For the dlx solver: how to choose the item to branch on.
    #[arg(long, value_enum, default_value = "mrv")]
    pub heuristic: HeuristicArg,
    /// Record at most this many steps (the trace then says it was cut).
    #[arg(long, value_name = "N", value_parser = output::parse_count, default_value_t = DEFAULT_TRACE_STEPS as u64)]
    pub max_steps: u64,
    /// Stop after this many solutions (0 = explore the whole search tree).
    #[arg(long, value_name = "N", value_parser = output::parse_count, default_value = "1")]
    pub limit: u64,
    /// Print one JSON object: the puzzle, the steps, whether the trace was cut.
    #[arg(long)]
    pub json: bool,
    /// Also print the grid (one line) after every step.
    #[arg(long)]
    pub grids: bool,
}

/// The solvers that record steps: the articles' three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceSolver {
    /// Exact cover on dancing links.
    Dlx,
    /// Plain backtracking.
    Backtrack,
    /// Backtracking on the cell with the fewest candidates.
    Mrv,
}

impl From<TraceSolver> for dlx_sudoku::SolverKind {
    fn from(s: TraceSolver) -> Self {
        match s {
            TraceSolver::Dlx => dlx_sudoku::SolverKind::Dlx,
            TraceSolver::Backtrack => dlx_sudoku::SolverKind::Backtrack,
            TraceSolver::Mrv => dlx_sudoku::SolverKind::Mrv,
        }
    }
}

#[derive(Serialize)]
struct JsonTrace<'a> {
    puzzle: String,
    solver: &'static str,
    heuristic: &'static str,
    #[serde(flatten)]
    trace: &'a dlx_sudoku::Trace,
}

/// Runs `dlx sudoku trace`.
pub fn run(args: TraceArgs) -> Result<Found> {
    let input = open(&args.input)?;
    let name = input.name.clone();
    if let Some(format) = args.input.from.variant(&input.head.join("\n")) {
        if args.solver != TraceSolver::Dlx {
            anyhow::bail!(
                "--solver: a variant puzzle is traced on dancing links (--solver dlx, the default)"
            );
        }
        let flags = TraceFlags {
            heuristic: args.heuristic.into(),
            max_steps: args.max_steps,
            limit: args.limit,
            json: args.json,
            grids: args.grids,
        };
        return variant_trace(&name, input.into_text()?, format, &flags);
    }
    let puzzle_lines = input
        .head
        .iter()
        .filter(|l| !dlx_sudoku::parse::is_comment_or_blank(l))
        .count();
    if input.kind == InputKind::Lines && puzzle_lines > 1 {
        anyhow::bail!(
            "{name}: a file of puzzles, one a line; trace shows one puzzle: give it as the \
             argument (or a file holding only it)"
        );
    }
    let request = TraceRequest {
        puzzle: input.into_text()?,
        shape: args.input.shape,
        solver: args.solver.into(),
        heuristic: args.heuristic.into(),
        max_steps: Some(usize::try_from(args.max_steps).unwrap_or(usize::MAX)),
        limit: Some(args.limit),
    };
    request
        .validate(usize::MAX)
        .map_err(|e| anyhow::anyhow!("--{e}"))?;
    let grid = request
        .grid()
        .map_err(|e| anyhow::anyhow!("{name}: {}", e.reason()))?;
    let options = request.options(DEFAULT_TRACE_STEPS);
    let t = dlx_sudoku::trace_with_limit(&grid, &options, request.limit());
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let heuristic = options.heuristic.as_str();
    if args.json {
        let j = JsonTrace {
            puzzle: grid.to_line(),
            solver: options.solver.as_str(),
            heuristic,
            trace: &t,
        };
        serde_json::to_writer(&mut out, &j)?;
        writeln!(out)?;
    } else {
        writeln!(out, "puzzle {}", grid.to_line())?;
        writeln!(
            out,
            "solver {}{}",
            options.solver,
            if options.solver == dlx_sudoku::SolverKind::Dlx {
                format!(" ({heuristic})")
            } else {
                String::new()
            }
        )?;
        write_steps(
            &mut out,
            t.steps
                .iter()
                .map(|s| (s.kind, s.depth, &s.text[..], &s.grid[..])),
            args.grids,
            t.truncated,
        )?;
        writeln!(
            out,
            "{} steps, {} solution{}; nodes {}, updates {}, guesses {}, backtracks {}",
            t.steps.len(),
            t.solutions,
            if t.solutions == 1 { "" } else { "s" },
            t.stats.nodes,
            t.stats.updates,
            t.stats.guesses,
            t.stats.backtracks
        )?;
    }
    out.flush()?;
    Ok(if t.solutions > 0 {
        Found::Some
    } else {
        Found::None
    })
}

/// The steps of a trace as text, one a line (with the grid after each when `grids`), and a
/// note when the trace was cut: the same for classic grids and variants.
pub(super) fn write_steps<'a>(
    out: &mut impl Write,
    steps: impl Iterator<Item = (StepKind, usize, &'a str, &'a str)>,
    grids: bool,
    truncated: bool,
) -> io::Result<()> {
    let mut count = 0;
    for (k, (kind, depth, text, grid)) in steps.enumerate() {
        let kind = match kind {
            StepKind::Choose => "choose",
            StepKind::Try => "try",
            StepKind::DeadEnd => "dead end",
            StepKind::Backtrack => "backtrack",
            StepKind::Solution => "solution",
        };
        let indent = " ".repeat(depth.min(60));
        writeln!(out, "{:>6} {:>3} {:<9} {indent}{text}", k + 1, depth, kind)?;
        if grids {
            writeln!(out, "{:>20}{grid}", "")?;
        }
        count = k + 1;
    }
    if truncated {
        writeln!(
            out,
            "trace cut after {count} steps (raise --max-steps to see more)"
        )?;
    }
    Ok(())
}

/// One step of `trace --json` is the library's [`dlx_variants::TraceStep`].
#[derive(Serialize)]
struct JsonVariantTrace<'a> {
    puzzle: String,
    format: &'static str,
    rules: String,
    solver: &'static str,
    heuristic: &'static str,
    #[serde(flatten)]
    trace: &'a dlx_variants::Trace,
}

/// The flags of `trace` a variant uses.
struct TraceFlags {
    /// How to choose the item to branch on.
    pub heuristic: dlx_engine::Heuristic,
    /// `--max-steps`.
    pub max_steps: u64,
    /// `--limit`.
    pub limit: u64,
    /// `--json`.
    pub json: bool,
    /// `--grids`.
    pub grids: bool,
}

/// Runs `trace` on a variant puzzle: the dancing-links search, every decision in words.
fn variant_trace(
    name: &str,
    text: String,
    format: Option<dlx_variants::Format>,
    f: &TraceFlags,
) -> Result<Found> {
    let request = dlx_variants::request::TraceRequest {
        format,
        heuristic: f.heuristic,
        max_steps: Some(usize::try_from(f.max_steps).unwrap_or(usize::MAX)),
        limit: Some(f.limit),
        ..dlx_variants::request::TraceRequest::new(text)
    };
    request
        .validate(usize::MAX)
        .map_err(|e| anyhow::anyhow!("--{e}"))?;
    let (puzzle, format) = request
        .puzzle()
        .map_err(|e| anyhow::anyhow!("{name}: {}", e.reason()))?;
    let enc = super::variant::lower(name, &puzzle)?;
    let t = dlx_variants::trace_encoding(
        &enc,
        request.max_steps(dlx_sudoku::request::DEFAULT_TRACE_STEPS),
        request.limit(),
        &request.limits(),
    );
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let heuristic = f.heuristic.as_str();
    if f.json {
        let j = JsonVariantTrace {
            puzzle: puzzle.givens_line(),
            format: format.as_str(),
            rules: puzzle.describe(),
            solver: "dlx",
            heuristic,
            trace: &t,
        };
        serde_json::to_writer(&mut out, &j)?;
        writeln!(out)?;
    } else {
        writeln!(out, "puzzle {}", puzzle.givens_line())?;
        writeln!(out, "rules {} ({})", puzzle.describe(), format.as_str())?;
        writeln!(out, "settled {}", t.fixed)?;
        writeln!(
            out,
            "solver dlx ({heuristic}) with the variant propagator: {} items, {} options",
            enc.problem.item_count(),
            enc.problem.option_count()
        )?;
        write_steps(
            &mut out,
            t.steps
                .iter()
                .map(|s| (s.kind, s.depth, &s.text[..], &s.grid[..])),
            f.grids,
            t.truncated,
        )?;
        writeln!(
            out,
            "{} steps, {}; nodes {}",
            t.steps.len(),
            output::counted(t.solutions, "solution"),
            t.nodes
        )?;
    }
    out.flush()?;
    Ok(if t.solutions > 0 {
        Found::Some
    } else {
        Found::None
    })
}
