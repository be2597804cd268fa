//! `dlx xcc`: solve a problem in Knuth's text format.

use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use dlx_engine::{Config, Heuristic, OptionId, Outcome, ParallelSearch, Problem, Progress, format};
use serde::Serialize;

use crate::output::{self, Found};

/// How the branching item is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HeuristicArg {
    /// The first primary item with the fewest options (Knuth's DLX1).
    Mrv,
    /// The leftmost uncovered primary item.
    Leftmost,
}

impl From<HeuristicArg> for Heuristic {
    fn from(h: HeuristicArg) -> Self {
        match h {
            HeuristicArg::Mrv => Heuristic::Mrv,
            HeuristicArg::Leftmost => Heuristic::Leftmost,
        }
    }
}

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// The faster of the two for the job: `cells`, except when solutions are printed in order,
    /// where only `links` gives the same order on any number of threads.
    Auto,
    /// Dancing links (Knuth's DLX1/DLX2): nodes and updates exactly DLX1's; runs on all cores.
    Links,
    /// Dancing cells (Knuth's SSXCC): forced moves batched, fewer nodes; runs on all cores
    /// (one thread reports exactly SSXCC's work; more threads the same solutions and nodes).
    Cells,
}

impl AlgorithmArg {
    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            AlgorithmArg::Auto => "auto",
            AlgorithmArg::Links => "links",
            AlgorithmArg::Cells => "cells",
        }
    }

    /// The algorithm that runs: `Auto` resolved for a search that prints solutions in order
    /// (`ordered`) or not.
    ///
    /// Measured on every shared input (README, "Speed"), `cells` takes 0.22-1.15x the time of
    /// `links` on one or two threads (queens and Langford pairs, 0.85-1.15x, are ties within
    /// the noise of the machine; pentominoes and Sudoku encodings are 1.1-4.6x faster with
    /// `cells`), so it is the default. But its order of solutions depends on the split across
    /// threads, while `links` prints the single-thread order on any number of threads; so
    /// printing in order picks `links`, whatever the number of threads, and the same command
    /// prints the same solutions in the same order on any machine.
    pub fn resolve(self, ordered: bool) -> AlgorithmArg {
        match self {
            AlgorithmArg::Auto if ordered => AlgorithmArg::Links,
            AlgorithmArg::Auto => AlgorithmArg::Cells,
            other => other,
        }
    }
}

/// Options shared by every command that runs the exact-cover search.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Stop after this many solutions (the count is then a lower bound).
    #[arg(long, value_name = "N", value_parser = output::parse_count)]
    pub limit: Option<u64>,
    /// How to choose the item to branch on.
    #[arg(long, value_enum, default_value = "mrv")]
    pub heuristic: HeuristicArg,
    /// Stop after this many search-tree nodes (reported as incomplete).
    #[arg(long, value_name = "N", value_parser = output::parse_count)]
    pub nodes: Option<u64>,
    /// Stop after this much time, e.g. 10s, 500ms, 2m (reported as incomplete).
    #[arg(long, value_name = "DURATION", value_parser = output::parse_duration)]
    pub time_limit: Option<Duration>,
    /// Show a progress bar on stderr (default: when stderr is a terminal).
    #[arg(long, overrides_with = "no_progress")]
    pub progress: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Threads to search with (0 = all cores; at most 256). Counts, nodes and updates are the same for any
    /// number of threads.
    #[arg(long, short = 'j', default_value_t = 0, value_name = "N", value_parser = output::parse_threads)]
    pub threads: usize,
    /// The search algorithm. `cells` (Knuth's SSXCC) commits forced moves without branching:
    /// as fast as `links` on queens and Langford pairs, 1.1-4.6x faster on polyominoes and
    /// Sudoku encodings. `links` (Knuth's DLX1) reports exactly DLX1's nodes and updates. Both
    /// run on all cores; with `cells`, forced moves, updates and the order of solutions vary
    /// slightly with the split across threads. `auto` (the default) runs `cells` to count or
    /// to print solutions with --unordered, and `links` to print them in order (the same
    /// order on any number of threads). The report says which ran.
    #[arg(long, value_enum, default_value = "auto")]
    pub algorithm: AlgorithmArg,
    /// Print solutions as the threads find them instead of in a fixed order: the
    /// single-thread order for links, the order of the split for cells (saves memory when
    /// printing very many solutions).
    #[arg(long)]
    pub unordered: bool,
}

impl SearchArgs {
    /// The algorithm that runs for a search that prints solutions (`prints`) or not.
    pub fn running(&self, prints: bool) -> AlgorithmArg {
        self.algorithm.resolve(prints && !self.unordered)
    }

    /// The engine configuration these flags ask for.
    pub fn config(&self) -> Config {
        let mut config = Config {
            heuristic: self.heuristic.into(),
            node_budget: self.nodes,
            ..Config::default()
        };
        if let Some(t) = self.time_limit {
            config = config.with_time_limit(t);
        }
        config
    }

    /// `Some(true)` / `Some(false)` when forced, `None` to ask the terminal.
    pub fn progress_choice(&self) -> Option<bool> {
        if self.no_progress {
            Some(false)
        } else if self.progress {
            Some(true)
        } else {
            None
        }
    }
}

/// Which solutions to print.
#[derive(Args, Debug, Clone, Default)]
pub struct PrintArgs {
    /// Print every solution found.
    #[arg(short, long)]
    pub print: bool,
    /// Print only the first N solutions.
    #[arg(long, value_name = "N", value_parser = output::parse_count)]
    pub first: Option<u64>,
    /// Print every Nth solution (the Nth, 2Nth, ...).
    #[arg(long, value_name = "N", value_parser = output::parse_positive_count)]
    pub every: Option<u64>,
}

impl PrintArgs {
    /// Whether solution number `k` (1-based) is to be printed.
    pub fn wants(&self, k: u64) -> bool {
        if let Some(f) = self.first
            && k > f
        {
            return false;
        }
        match self.every {
            Some(e) => e > 0 && k % e == 0,
            _ => self.print || self.first.is_some() || self.every.is_some(),
        }
    }

    /// Whether any solution may be printed.
    pub fn any(&self) -> bool {
        self.print || self.first.is_some_and(|f| f > 0) || self.every.is_some()
    }
}

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

/// Reads a file, or stdin for `-` or no file.
pub fn read_input(file: Option<&PathBuf>) -> Result<String> {
    let mut text = String::new();
    match file {
        None => io::stdin()
            .read_to_string(&mut text)
            .context("cannot read stdin")?,
        Some(p) if p.as_os_str() == "-" => io::stdin()
            .read_to_string(&mut text)
            .context("cannot read stdin")?,
        Some(p) => {
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            text = String::from_utf8(bytes).map_err(|e| {
                anyhow::anyhow!(
                    "{}: not UTF-8 text (byte {})",
                    p.display(),
                    e.utf8_error().valid_up_to()
                )
            })?;
            text.len()
        }
    };
    Ok(text)
}

/// The JSON report of `dlx xcc --json`.
#[derive(Serialize)]
struct Report<'a> {
    algorithm: &'static str,
    solutions: u64,
    nodes: u64,
    updates: u64,
    complete: bool,
    status: &'a str,
    seconds: f64,
    max_depth: usize,
    items: usize,
    primary_items: usize,
    options: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    level_nodes: Option<&'a [u64]>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    printed: Vec<Printed>,
}

/// A printed solution in the JSON report.
#[derive(Serialize)]
pub struct Printed {
    number: u64,
    options: Vec<String>,
}

/// Runs `dlx xcc`.
pub fn run(args: XccArgs) -> Result<Found> {
    if let Some(found) = crate::shard::run(&args) {
        return found;
    }
    let text = read_input(args.file.as_ref())?;
    let name = args
        .file
        .as_ref()
        .map_or("stdin".to_string(), |p| p.display().to_string());
    let (problem, warnings) = format::parse(&text).with_context(|| name.clone())?;
    for w in &warnings {
        eprintln!("dlx: warning: {name}: {w}");
    }
    let mut out = BufWriter::new(io::stdout());
    let mut printed = Vec::new();
    let bar = output::progress_bar(args.search.progress_choice(), &name);
    let outcome = solve(
        &problem,
        &args.search,
        &args.print,
        args.json,
        &mut out,
        &mut printed,
        bar.as_ref(),
    )?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    report(&mut out, &args, &problem, &outcome, printed)?;
    out.flush()?;
    Ok(if outcome.stats.solutions > 0 {
        Found::Some
    } else {
        Found::None
    })
}

/// Runs the search the flags ask for, printing (or collecting for JSON) the chosen solutions.
pub fn solve<W: Write + Send>(
    problem: &Problem,
    search: &SearchArgs,
    print: &PrintArgs,
    json: bool,
    out: &mut W,
    printed: &mut Vec<Printed>,
    bar: Option<&indicatif::ProgressBar>,
) -> Result<Outcome> {
    let limit = search.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let mut error: Option<io::Error> = None;
    let visit = |options: &[OptionId]| -> ControlFlow<()> {
        found += 1;
        if print.wants(found) {
            let lines: Vec<String> = options
                .iter()
                .map(|&o| problem.display_option(o).to_string())
                .collect();
            if json {
                printed.push(Printed {
                    number: found,
                    options: lines,
                });
            } else {
                let mut text = format!("solution {found}:\n");
                for l in &lines {
                    text.push_str("  ");
                    text.push_str(l);
                    text.push('\n');
                }
                if let Err(e) = output::write_above(bar, &mut *out, &text) {
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
    let progress = |p: &Progress| output::show_progress(bar, p);
    if limit == 0 {
        anyhow::bail!("--limit must be at least 1");
    }
    // Printed solutions come in the sequential order unless --unordered.
    let ordered = print.any() && !search.unordered;
    let outcome = run_search(problem, search, ordered, visit, &progress);
    if let Some(e) = error {
        return Err(e.into());
    }
    Ok(outcome)
}

fn report<W: Write>(
    out: &mut W,
    args: &XccArgs,
    problem: &Problem,
    outcome: &Outcome,
    printed: Vec<Printed>,
) -> Result<()> {
    let s = &outcome.stats;
    let algorithm = args.search.running(args.print.any()).name();
    // A stop requested by the solution limit is "complete" as far as the user asked, but the
    // count is then only a lower bound: say so.
    let status = outcome.status.as_str();
    if args.json {
        let report = Report {
            algorithm,
            solutions: s.solutions,
            nodes: s.nodes,
            updates: s.updates,
            complete: outcome.is_complete(),
            status,
            seconds: outcome.elapsed.as_secs_f64(),
            max_depth: s.max_depth,
            items: problem.item_count(),
            primary_items: problem.primary_count(),
            options: problem.option_count(),
            level_nodes: args.profile.then_some(&s.level_nodes[..]),
            printed,
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    let lower = if outcome.is_complete() {
        ""
    } else {
        " (at least; search incomplete)"
    };
    writeln!(out, "solutions: {}{lower}", s.solutions)?;
    writeln!(out, "status: {status}")?;
    writeln!(out, "nodes: {}", s.nodes)?;
    writeln!(out, "updates: {}", s.updates)?;
    writeln!(out, "max depth: {}", s.max_depth)?;
    writeln!(out, "algorithm: {algorithm}")?;
    writeln!(out, "seconds: {:.3}", outcome.elapsed.as_secs_f64())?;
    if args.profile {
        for (l, n) in s.level_nodes.iter().enumerate() {
            writeln!(out, "level {l}: {n} nodes")?;
        }
    }
    Ok(())
}

/// Runs the search the flags choose (algorithm, threads, order, limit) with a solution
/// visitor and a progress callback.
pub fn run_search<V>(
    problem: &Problem,
    search: &SearchArgs,
    ordered: bool,
    visit: V,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Outcome
where
    V: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
{
    use dlx_engine::parallel::Algorithm;
    let algorithm = match search.algorithm.resolve(ordered) {
        AlgorithmArg::Cells => Algorithm::Cells,
        _ => Algorithm::Links,
    };
    ParallelSearch::new(problem, search.config(), search.threads)
        .algorithm(algorithm)
        .ordered(ordered)
        .limit(search.limit)
        .run(visit, progress)
}
