//! `dlx sudoku generate`: new puzzles with one solution, of a chosen size, symmetry, number
//! of givens and difficulty (on the `dlx-generate` crate, rated by `dlx-logic`).

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::time::Duration;

use anyhow::{Result, anyhow};
use clap::Args;
use dlx_generate::request::parse_rating;
use dlx_generate::{GenerateRequest, Generated, Symmetry};
use dlx_sudoku::Shape;

use crate::output::{self, Found};

/// `dlx sudoku generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Cells on a side: 4, 6, 8, 9 (default), 12, 16, 25 (boxes as for solving; see --box).
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,
    /// Box shape as ROWSxCOLS (e.g. 3x2 for 6x6 grids with tall boxes); sets the size.
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", value_parser = output::parse_positive_count, default_value = "1")]
    pub count: u64,
    /// The seed: the same seed and options make the same puzzles on any number of threads
    /// (default: a new seed each run, printed in the summary).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// The symmetry of the givens: none, rotate180, rotate90, horizontal, vertical,
    /// both_mirrors, diagonal, anti_diagonal, both_diagonals, dihedral.
    #[arg(long, value_name = "NAME", default_value = "none")]
    pub symmetry: Symmetry,
    /// Exactly this many givens (default: minimal puzzles, every given needed).
    #[arg(long, value_name = "N", conflicts_with = "max_givens")]
    pub givens: Option<usize>,
    /// Minimal puzzles with at most this many givens.
    #[arg(long, value_name = "N")]
    pub max_givens: Option<usize>,
    /// Only puzzles whose rating (Sudoku Explainer's ER, 9x9) is in this range, e.g.
    /// `3.0..4.5` or `7` (exactly 7.0); found by a local search.
    #[arg(long, value_name = "MIN..MAX", conflicts_with = "band")]
    pub rating: Option<String>,
    /// Only puzzles of this difficulty band: easy (ER 1.0-2.0), medium (2.1-2.9), hard
    /// (3.0-3.9), fiendish (4.0-5.9), diabolical (6.0-8.9), extreme (9.0 and above).
    #[arg(long, value_name = "BAND")]
    pub band: Option<String>,
    /// The scale of --band and --rating: sukaku (SukakuExplainer 1.18's techniques, the
    /// default) or classic (Sudoku Explainer 1.2.1's, as skfr rates).
    #[arg(long, value_name = "SCALE")]
    pub scale: Option<String>,
    /// Stop after this long (the summary then says how many were made).
    #[arg(long, value_name = "DURATION", value_parser = output::parse_duration)]
    pub time_limit: Option<Duration>,
    /// Solution grids tried per puzzle before giving up (default 10,000).
    #[arg(long, value_name = "N", value_parser = output::parse_positive_count)]
    pub attempts: Option<u64>,
    /// One JSON object a puzzle (puzzle, solution, givens, symmetry, minimal, rating).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub pool: output::PoolArgs,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Runs `dlx sudoku generate`.
pub fn run(args: GenerateArgs) -> Result<Found> {
    let request = GenerateRequest {
        size: Some(args.size),
        shape: args.shape,
        symmetry: Some(args.symmetry.as_str().to_string()),
        givens: args.givens,
        max_givens: args.max_givens,
        band: args.band.clone(),
        rating: match &args.rating {
            Some(r) => Some(parse_rating(r).map_err(|e| anyhow!("--{e}"))?),
            None => None,
        },
        scale: args.scale.clone(),
        seed: args.seed,
        count: Some(args.count),
        attempts: args.attempts,
        time_limit_ms: args.time_limit.map(crate::output::millis),
    };
    let options = request.options().map_err(|e| anyhow!("--{e}"))?;
    let (shape, seed) = (options.shape, options.seed);
    let pool = args.pool.pool()?;
    let mut out = BufWriter::new(io::stdout());
    let mut error = None;
    let summary = pool.install(|| {
        dlx_generate::generate_each(&options, |p: Generated| {
            let written = if args.json {
                serde_json::to_writer(&mut out, &p.written())
                    .map_err(io::Error::from)
                    .and_then(|()| writeln!(out))
            } else {
                let rating = p.rating.map_or(String::new(), |r| format!(", ER {r:.1}"));
                writeln!(out, "{}  # {} givens{rating}", p.puzzle.to_line(), p.givens)
            };
            // Each puzzle shows as soon as it is made.
            match written.and_then(|()| out.flush()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    error = Some(e);
                    ControlFlow::Break(())
                }
            }
        })
    })?;
    if let Some(e) = error {
        return Err(e.into());
    }
    if !args.pool.quiet {
        let stop = summary
            .stop
            .map_or(String::new(), |s| format!("; stopped: {s}"));
        eprintln!(
            "made {} of {}, {n}x{n} (boxes {shape}), seed {seed}, symmetry {}; {:.3} s, {:.1} puzzles/s{stop}",
            summary.made,
            args.count,
            options.symmetry.as_str(),
            summary.seconds,
            summary.made as f64 / summary.seconds.max(1e-9),
            n = shape.n(),
        );
    }
    Ok(if summary.made == args.count {
        Found::Some
    } else {
        Found::None
    })
}

/// The variant flags of `dlx sudoku generate`.
#[derive(Args, Debug)]
pub struct VariantArgs {
    /// Variant puzzles instead of classic ones: killer (cages with sums, no givens), jigsaw,
    /// x, windoku, anti-knight, anti-king, non-consecutive, disjoint-groups, or several
    /// joined by commas (killer,jigsaw; x,anti-knight).
    #[arg(long, value_name = "KINDS")]
    pub variant: Option<String>,
    /// With --variant: the format written, one a puzzle: text (ours, the default), fpuzzles
    /// (f-puzzles JSON), link (an f-puzzles link) or json (ours); --json writes a record with
    /// the puzzle and its solution instead.
    #[arg(long, value_enum, value_name = "FORMAT", requires = "variant")]
    pub to: Option<VariantFormat>,
    /// With --variant: write each puzzle to its own file in this folder
    /// (KINDS-SEED-INDEX.txt or .json) instead of stdout.
    #[arg(long, value_name = "DIR", requires = "variant")]
    pub out: Option<std::path::PathBuf>,
    /// With --variant killer: the largest cage (default 5 on 9x9, 4 on 6x6 to 8x8, 3 below).
    #[arg(long, value_name = "N", requires = "variant")]
    pub max_cage: Option<usize>,
    /// With --variant: search nodes per uniqueness proof (default 5,000 for killer, 100,000
    /// for the others); a proof cut short keeps its givens (cages), and the puzzle is then
    /// not reported minimal.
    #[arg(long, value_name = "N", value_parser = output::parse_positive_count, requires = "variant")]
    pub nodes: Option<u64>,
}

/// The formats a generated variant is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantFormat {
    /// Our text format.
    Text,
    /// f-puzzles JSON.
    Fpuzzles,
    /// An f-puzzles link.
    Link,
    /// Our JSON.
    Json,
}

impl VariantFormat {
    pub(super) fn format(self) -> dlx_variants::Format {
        match self {
            VariantFormat::Text => dlx_variants::Format::Text,
            VariantFormat::Fpuzzles => dlx_variants::Format::FPuzzles,
            VariantFormat::Link => dlx_variants::Format::Link,
            VariantFormat::Json => dlx_variants::Format::Json,
        }
    }

    pub(super) fn extension(self) -> &'static str {
        match self {
            VariantFormat::Text => "txt",
            VariantFormat::Link => "link.txt",
            VariantFormat::Fpuzzles | VariantFormat::Json => "json",
        }
    }
}
