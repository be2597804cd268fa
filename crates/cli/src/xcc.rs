//! `dlx xcc`: solve a problem in Knuth's text format (the search flags, the run and the report
//! are [`crate::search`]'s).

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use dlx_engine::format;

pub use crate::input::read_input;
use crate::output::Found;
// The Sudoku commands name the heuristic flag from here.
pub use crate::search::HeuristicArg;
use crate::search::{self, Face, PrintArgs, SearchArgs};

/// `dlx xcc [FILE|-]`.
#[derive(Args, Debug)]
pub struct XccArgs {
    /// The problem file in Knuth's format; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub print: PrintArgs,
    /// Print one JSON object with the counts and statistics (and the printed solutions).
    #[arg(long)]
    pub json: bool,
    /// Also print the number of nodes at each level.
    #[arg(long)]
    pub profile: bool,
    #[command(flatten)]
    pub shard: crate::shard::ShardArgs,
}

/// Reads the problem of `dlx xcc` (its file or stdin), printing the parser's warnings; returns
/// it with the input's name for messages.
pub fn read_problem(args: &XccArgs) -> Result<(dlx_engine::Problem, String)> {
    let text = read_input(args.file.as_ref())?;
    let name = args
        .file
        .as_ref()
        .map_or("stdin".to_string(), |p| p.display().to_string());
    let (problem, warnings) = format::parse(&text).with_context(|| name.clone())?;
    for w in &warnings {
        eprintln!("dlx: warning: {name}: {w}");
    }
    Ok((problem, name))
}

/// Runs `dlx xcc`.
pub fn run(args: XccArgs) -> Result<Found> {
    if let Some(found) = crate::shard::run(&args) {
        return found;
    }
    let (problem, name) = read_problem(&args)?;
    let face = Face::Options {
        profile: args.profile,
    };
    search::run(&problem, &face, &args.search, &args.print, args.json, &name)
}
