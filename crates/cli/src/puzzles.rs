//! `dlx queens`, `dlx langford`, `dlx polyomino`: puzzle families on the engine, drawn as
//! boards.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{Context, Result};
use clap::Args;
use dlx_engine::{OptionId, Progress, format};
use dlx_puzzles::polyomino::MAX_SIDE;
use dlx_puzzles::{Langford, Packing, Puzzle, Queens};
use serde::Serialize;

use crate::output::{self, Found};
use crate::xcc::{PrintArgs, SearchArgs};

/// What every puzzle subcommand accepts.
#[derive(Args, Debug)]
pub struct PuzzleArgs {
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    print: PrintArgs,
    /// Print the problem in Knuth's exact-cover format instead of solving it.
    #[arg(long)]
    emit_xcc: bool,
    /// Print one JSON object with the counts, statistics and printed boards.
    #[arg(long)]
    json: bool,
}

/// `dlx queens N`.
#[derive(Args, Debug)]
pub struct QueensArgs {
    /// The size of the board.
    n: usize,
    #[command(flatten)]
    common: PuzzleArgs,
}

/// `dlx langford N`.
#[derive(Args, Debug)]
pub struct LangfordArgs {
    /// Pairs 1..=N (solutions exist when N mod 4 is 0 or 3).
    n: usize,
    /// Break the mirror symmetry: count each pair of mirror-image solutions once.
    #[arg(long)]
    half: bool,
    #[command(flatten)]
    common: PuzzleArgs,
}

/// `dlx polyomino [BOARD]`.
#[derive(Args, Debug)]
pub struct PolyominoArgs {
    /// `HxW` (the twelve pentominoes on a rectangle of area 60: 6x10, 5x12, 4x15, 3x20),
    /// `scott` (8x8 with a 2x2 hole), or a file in the packing text format (see README).
    #[arg(default_value = "6x10")]
    board: String,
    /// Keep the X pentomino in the top-left quadrant (counts mirror images once).
    #[arg(long)]
    x_quadrant: bool,
    #[command(flatten)]
    common: PuzzleArgs,
}

#[derive(Serialize)]
struct Report {
    puzzle: String,
    algorithm: &'static str,
    solutions: u64,
    complete: bool,
    status: &'static str,
    nodes: u64,
    updates: u64,
    seconds: f64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    boards: Vec<String>,
}

fn run_puzzle<P: Puzzle + Sync>(puzzle: &P, title: &str, args: &PuzzleArgs) -> Result<Found> {
    let mut out = BufWriter::new(io::stdout());
    if args.emit_xcc {
        out.write_all(format::write(puzzle.problem(), Some(title)).as_bytes())?;
        out.flush()?;
        return Ok(Found::Some);
    }
    let limit = args.search.limit.unwrap_or(u64::MAX);
    if limit == 0 {
        anyhow::bail!("--limit must be at least 1");
    }
    let bar = output::progress_bar(args.search.progress_choice(), title);
    let mut found = 0u64;
    let mut boards = Vec::new();
    let mut error = None;
    let visit = |options: &[OptionId]| -> ControlFlow<()> {
        found += 1;
        if args.print.wants(found) {
            let text = match puzzle.decode(options) {
                Ok(board) => board.to_string(),
                Err(e) => format!("(cannot draw: {e})"),
            };
            if args.json {
                boards.push(text);
            } else {
                let text = format!("solution {found}:\n{}\n", text.trim_end());
                if let Err(e) = output::write_above(bar.as_ref(), &mut out, &text) {
                    error = Some(e);
                    return ControlFlow::Break(());
                }
            }
        }
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let progress = |p: &Progress| output::show_progress(bar.as_ref(), p);
    let ordered = args.print.any() && !args.search.unordered;
    let outcome = crate::xcc::run_search(puzzle.problem(), &args.search, ordered, visit, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(e) = error {
        return Err(e.into());
    }
    let s = &outcome.stats;
    if args.json {
        let report = Report {
            puzzle: title.to_string(),
            algorithm: args.search.running(args.print.any()).name(),
            solutions: s.solutions,
            complete: outcome.is_complete(),
            status: outcome.status.as_str(),
            nodes: s.nodes,
            updates: s.updates,
            seconds: outcome.elapsed.as_secs_f64(),
            boards,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        let lower = if outcome.is_complete() {
            ""
        } else {
            " (at least; search incomplete)"
        };
        writeln!(
            out,
            "{title}: {}{lower}",
            crate::output::counted(s.solutions, "solution")
        )?;
        writeln!(out, "status: {}", outcome.status.as_str())?;
        writeln!(
            out,
            "nodes: {}, updates: {}, seconds: {:.3} ({})",
            s.nodes,
            s.updates,
            outcome.elapsed.as_secs_f64(),
            args.search.running(args.print.any()).name()
        )?;
    }
    out.flush()?;
    Ok(if s.solutions > 0 {
        Found::Some
    } else {
        Found::None
    })
}

/// Runs `dlx queens`.
pub fn queens(args: QueensArgs) -> Result<Found> {
    let q = Queens::new(args.n)?;
    run_puzzle(&q, &format!("{}-queens", args.n), &args.common)
}

/// Runs `dlx langford`.
pub fn langford(args: LangfordArgs) -> Result<Found> {
    let l = if args.half {
        Langford::half(args.n)?
    } else {
        Langford::new(args.n)?
    };
    let half = if args.half {
        ", mirror images once"
    } else {
        ""
    };
    run_puzzle(
        &l,
        &format!("Langford pairs n={}{half}", args.n),
        &args.common,
    )
}

/// Runs `dlx polyomino`.
pub fn polyomino(args: PolyominoArgs) -> Result<Found> {
    let spec = args.board.as_str();
    // A side too long for `usize` is still a side, out of range.
    let side = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let size = spec
        .split_once(['x', 'X'])
        .and_then(|(h, w)| Some((side(h)?, side(w)?)));
    let (packing, title) = if spec.eq_ignore_ascii_case("scott") {
        (
            Packing::scott(args.x_quadrant)?,
            "pentominoes on Scott's 8x8 board".to_string(),
        )
    } else if let Some((h, w)) = size.filter(|_| !Path::new(spec).exists()) {
        if h > MAX_SIDE || w > MAX_SIDE {
            anyhow::bail!("a {spec} board: each side must be between 1 and {MAX_SIDE}");
        }
        (
            Packing::pentominoes(h, w, args.x_quadrant)?,
            format!("pentominoes on {h}x{w}"),
        )
    } else {
        if args.x_quadrant {
            anyhow::bail!(
                "--x-quadrant applies to the pentomino boards; in a file, restrict a piece with its flags"
            );
        }
        let text = std::fs::read_to_string(spec).with_context(|| {
            format!(
                "cannot read {spec} (not a board size like 6x10, nor `scott`, nor a readable file)"
            )
        })?;
        (
            Packing::from_text(&text).with_context(|| spec.to_string())?,
            spec.to_string(),
        )
    };
    run_puzzle(&packing, &title, &args.common)
}
