//! `dlx queens`, `dlx langford`, `dlx polyomino`: puzzle families on the engine, drawn as
//! boards.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::Args;
use dlx_engine::{OptionId, format};
use dlx_puzzles::polyomino::MAX_SIDE;
use dlx_puzzles::{Langford, Packing, Puzzle, Queens};

use crate::output::Found;
use crate::search::{self, Face, PrintArgs, SearchArgs};

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
    /// `scott` (8x8 with a 2x2 hole), or a file in the packing text format (see README); `-`
    /// reads that file from stdin.
    #[arg(default_value = "6x10")]
    board: String,
    /// Keep the X pentomino in the top-left quadrant (counts mirror images once).
    #[arg(long)]
    x_quadrant: bool,
    #[command(flatten)]
    common: PuzzleArgs,
}

fn run_puzzle<P: Puzzle + Sync>(puzzle: &P, title: &str, args: &PuzzleArgs) -> Result<Found> {
    if args.emit_xcc {
        let mut out = BufWriter::new(io::stdout());
        out.write_all(format::write(puzzle.problem(), Some(title)).as_bytes())?;
        out.flush()?;
        return Ok(Found::Some);
    }
    let draw = |options: &[OptionId]| match puzzle.decode(options) {
        Ok(board) => board.to_string(),
        Err(e) => format!("(cannot draw: {e})"),
    };
    let face = Face::Board { title, draw: &draw };
    search::run(
        puzzle.problem(),
        &face,
        &args.search,
        &args.print,
        args.json,
        title,
    )
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
        let (text, name) = if spec == "-" {
            (crate::input::read_input(None)?, "stdin")
        } else {
            let file = std::fs::File::open(spec).with_context(|| {
                format!(
                    "cannot read {spec} (not a board size like 6x10, nor `scott`, nor a readable file, nor `-` for stdin)"
                )
            })?;
            let text = crate::input::read_text(file, crate::input::MAX_INPUT)
                .with_context(|| spec.to_string())?;
            (text, spec)
        };
        (
            Packing::from_text(&text).with_context(|| name.to_string())?,
            name.to_string(),
        )
    };
    run_puzzle(&packing, &title, &args.common)
}
