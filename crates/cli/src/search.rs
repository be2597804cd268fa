//! What every exact-cover command (`xcc`, `queens`, `polyomino`, `langford`) shares: the
//! search flags ([`SearchArgs`]: algorithm, heuristic, threads, budgets, progress, limit) and
//! the print flags ([`PrintArgs`]), one run of the search on the engine's `Limit` (through `dlx_engine::CoverRequest`)
//! ([`solve`]), and one printer and reporter, in text or JSON ([`run`], [`Face`]).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::time::Duration;

use anyhow::Result;
use clap::{Args, ValueEnum};
use dlx_engine::{
    AlgorithmChoice, Config, CoverAnswer, CoverRequest, Heuristic, OptionId, Problem, Progress,
};
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
    /// The faster of the two for the job (`dlx_engine::AlgorithmChoice::resolve`): `cells`,
    /// except when solutions are printed in order, where only `links` gives the same order on
    /// any number of threads.
    Auto,
    /// Dancing links (Knuth's DLX1/DLX2): nodes and updates exactly DLX1's; runs on all cores.
    Links,
    /// Dancing cells (Knuth's SSXCC): forced moves batched, fewer nodes; runs on all cores
    /// (one thread reports exactly SSXCC's work; more threads the same solutions and nodes).
    Cells,
}

impl From<AlgorithmArg> for AlgorithmChoice {
    fn from(a: AlgorithmArg) -> Self {
        match a {
            AlgorithmArg::Auto => AlgorithmChoice::Auto,
            AlgorithmArg::Links => AlgorithmChoice::Links,
            AlgorithmArg::Cells => AlgorithmChoice::Cells,
        }
    }
}

/// Options shared by every command that runs the exact-cover search.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Stop after this many solutions (the count is then a lower bound).
    #[arg(long, value_name = "N", value_parser = output::parse_limit)]
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
    /// Show a progress bar on stderr, even when stderr is not a terminal (default: only when
    /// it is one).
    #[arg(long, overrides_with = "no_progress")]
    pub progress: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Threads to search with (0 = all cores; at most 256). The solutions and nodes are the
    /// same for any number of threads; so are the updates with `links` (with `cells`, forced
    /// moves and updates vary slightly with the split across threads).
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
    /// printing very many solutions). In the fixed order, too, the first solutions are
    /// printed as soon as they are found.
    #[arg(long)]
    pub unordered: bool,
}

impl SearchArgs {
    /// The library's request these flags make, for a search that delivers its solutions in
    /// order (`ordered`) or not.
    pub fn request(&self, ordered: bool) -> CoverRequest {
        CoverRequest {
            algorithm: self.algorithm.into(),
            heuristic: self.heuristic.into(),
            limit: self.limit,
            node_budget: self.nodes,
            time_limit_ms: self.time_limit.map(crate::output::millis),
            threads: self.threads,
            ordered,
        }
    }

    /// The engine configuration these flags ask for.
    pub fn config(&self) -> Config {
        self.request(false).config()
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

/// Runs the search the flags choose (algorithm, threads, order) on `problem`, stopping after
/// `--limit` solutions: the library's [`CoverRequest::run`]; `visit` sees each solution with
/// its number (from 1) and may stop the search too.
pub fn solve<V>(
    problem: &Problem,
    search: &SearchArgs,
    ordered: bool,
    visit: V,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<CoverAnswer>
where
    V: FnMut(u64, &[OptionId]) -> ControlFlow<()> + Send,
{
    let request = search.request(ordered);
    request.validate()?;
    Ok(request.run(problem, visit, progress))
}

/// How a command shows its solutions and names its report.
pub enum Face<'a> {
    /// `dlx xcc`: a solution is its options, one a line; the report lists the statistics one
    /// a line (and, with `profile`, the nodes at each level).
    Options {
        /// Print the nodes at each level.
        profile: bool,
    },
    /// The puzzles: a solution is a board drawn by `draw`; the report starts with `title`.
    Board {
        /// What was solved, e.g. `8-queens`.
        title: &'a str,
        /// Draws a solution (lines ending in a newline).
        draw: &'a (dyn Fn(&[OptionId]) -> String + Sync),
    },
}

/// A printed solution in the JSON report of `dlx xcc`.
#[derive(Serialize)]
pub struct Printed {
    number: u64,
    options: Vec<String>,
}

/// The JSON report of every exact-cover command (one object).
#[derive(Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<&'a str>,
    algorithm: &'static str,
    solutions: u64,
    nodes: u64,
    updates: u64,
    complete: bool,
    status: &'static str,
    seconds: f64,
    max_depth: usize,
    items: usize,
    primary_items: usize,
    options: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    level_nodes: Option<&'a [u64]>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    printed: Vec<Printed>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    boards: Vec<String>,
}

/// Runs one exact-cover command: the search as `search` asks, the solutions `print` chooses
/// printed as found (text) or gathered (JSON), then the report. `name` labels the progress
/// bar.
pub fn run(
    problem: &Problem,
    face: &Face<'_>,
    search: &SearchArgs,
    print: &PrintArgs,
    json: bool,
    name: &str,
) -> Result<Found> {
    let mut out = BufWriter::new(io::stdout());
    // Printed solutions come out at once at a terminal, and when only the first few are asked.
    let flush_each = io::stdout().is_terminal() || print.first.is_some();
    let bar = output::progress_bar(search.progress_choice(), name);
    let mut printed = Vec::new();
    let mut boards = Vec::new();
    let mut error: Option<io::Error> = None;
    let show = |options: &[OptionId]| -> String {
        match face {
            Face::Options { .. } => options
                .iter()
                .map(|&o| format!("  {}\n", problem.display_option(o)))
                .collect(),
            Face::Board { draw, .. } => format!("{}\n", draw(options).trim_end()),
        }
    };
    let visit = |number: u64, options: &[OptionId]| -> ControlFlow<()> {
        if !print.wants(number) {
            return ControlFlow::Continue(());
        }
        if json {
            match face {
                Face::Options { .. } => printed.push(Printed {
                    number,
                    options: options
                        .iter()
                        .map(|&o| problem.display_option(o).to_string())
                        .collect(),
                }),
                Face::Board { draw, .. } => boards.push(draw(options)),
            }
            return ControlFlow::Continue(());
        }
        let text = format!("solution {number}:\n{}", show(options));
        let written = output::write_above(bar.as_ref(), &mut out, &text)
            .and_then(|()| if flush_each { out.flush() } else { Ok(()) });
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                error = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let progress = |p: &Progress| output::show_progress(bar.as_ref(), p);
    // Printed solutions come in the sequential order unless --unordered.
    let ordered = print.any() && !search.unordered;
    let outcome = solve(problem, search, ordered, visit, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let outcome = outcome?;
    if let Some(e) = error {
        return Err(e.into());
    }
    let report = Report {
        puzzle: match face {
            Face::Board { title, .. } => Some(title),
            Face::Options { .. } => None,
        },
        algorithm: outcome.algorithm.as_str(),
        solutions: outcome.stats.solutions,
        nodes: outcome.stats.nodes,
        updates: outcome.stats.updates,
        complete: outcome.is_complete(),
        status: outcome.stop.as_str(),
        seconds: outcome.elapsed.as_secs_f64(),
        max_depth: outcome.stats.max_depth,
        items: problem.item_count(),
        primary_items: problem.primary_count(),
        options: problem.option_count(),
        level_nodes: matches!(face, Face::Options { profile: true })
            .then_some(&outcome.stats.level_nodes[..]),
        printed,
        boards,
    };
    if json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        write_report(&mut out, &report)?;
    }
    out.flush()?;
    Ok(if outcome.stats.solutions > 0 {
        Found::Some
    } else {
        Found::None
    })
}

/// The text report: one statistic a line for `dlx xcc`, three lines under the title for the
/// puzzles. A count stopped by a budget or the limit is a lower bound, and says so.
fn write_report(out: &mut impl Write, r: &Report<'_>) -> io::Result<()> {
    let lower = if r.complete {
        ""
    } else {
        " (at least; search incomplete)"
    };
    if let Some(title) = r.puzzle {
        writeln!(
            out,
            "{title}: {}{lower}",
            output::counted(r.solutions, "solution")
        )?;
        writeln!(out, "status: {}", r.status)?;
        return writeln!(
            out,
            "nodes: {}, updates: {}, seconds: {:.3} ({})",
            r.nodes, r.updates, r.seconds, r.algorithm
        );
    }
    writeln!(out, "solutions: {}{lower}", r.solutions)?;
    writeln!(out, "status: {}", r.status)?;
    writeln!(out, "nodes: {}", r.nodes)?;
    writeln!(out, "updates: {}", r.updates)?;
    writeln!(out, "max depth: {}", r.max_depth)?;
    writeln!(out, "algorithm: {}", r.algorithm)?;
    writeln!(out, "seconds: {:.3}", r.seconds)?;
    for (l, n) in r.level_nodes.unwrap_or_default().iter().enumerate() {
        writeln!(out, "level {l}: {n} nodes")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_and_every_choose_the_numbers() {
        let p = |first, every| PrintArgs {
            print: false,
            first,
            every,
        };
        let chosen = |a: &PrintArgs| (1..=10).filter(|&k| a.wants(k)).collect::<Vec<_>>();
        assert_eq!(chosen(&p(Some(3), None)), [1, 2, 3]);
        assert_eq!(chosen(&p(None, Some(4))), [4, 8]);
        assert_eq!(chosen(&p(Some(5), Some(2))), [2, 4]);
        assert!(chosen(&p(None, None)).is_empty());
        assert!(!p(Some(0), None).any());
    }
}
