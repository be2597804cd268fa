//! The flags of `dlx xcc` ([`XccArgs`], with the sharding ones, [`ShardArgs`]) and reading its
//! problem, below the search ([`crate::xcc`]) and the sharded search ([`crate::shard`]) that
//! both use them.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use dlx_engine::format;

use crate::input::read_input;
use crate::output;
use crate::search::{PrintArgs, SearchArgs};

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
    pub shard: ShardArgs,
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

/// Flags of `dlx xcc` for sharded searches.
#[derive(Args, Debug, Clone, Default)]
pub struct ShardArgs {
    /// Cut the search tree at this branch level and write one JSON line per shard (the
    /// problem, the prefix of choices, an estimate of its size) to stdout.
    #[arg(long, value_name = "D", value_parser = output::parse_positive_count, conflicts_with_all = ["shards", "shard", "merge"])]
    pub split_depth: Option<u64>,
    /// Cut the search tree at the shallowest level that gives at least N shards.
    #[arg(long, value_name = "N", value_parser = output::parse_positive_count, conflicts_with_all = ["shard", "merge"])]
    pub shards: Option<u64>,
    /// When cutting: search each shard for at most N nodes to estimate its size (0: no
    /// estimate, only Knuth's share of the tree).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = output::parse_count)]
    pub probe: u64,
    /// When cutting: name the problem file by its path (and fingerprint) in each line instead
    /// of embedding its text.
    #[arg(long)]
    pub by_path: bool,
    /// Solve the shard lines of FILE (`-` for stdin) and write one JSON result line each, in
    /// input order; shards run in parallel (--threads).
    #[arg(long, value_name = "FILE", conflicts_with = "merge")]
    pub shard: Option<PathBuf>,
    /// Add up the result lines of FILE (`-` for stdin) and report the totals (--json for one
    /// JSON object), naming any shard missing.
    #[arg(long, value_name = "FILE")]
    pub merge: Option<PathBuf>,
}
