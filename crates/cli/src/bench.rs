//! `dlx bench xcc`: runs a folder of exact-cover inputs and prints a table of the work done.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use dlx_engine::{
    Algorithm, AlgorithmChoice, Cells, Config, Links, Outcome, ParallelSearch, Search, format,
};
use serde::Serialize;

use crate::output::Found;
use crate::search::AlgorithmArg;

/// `dlx bench <what>`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    what: BenchWhat,
}

#[derive(Subcommand, Debug)]
enum BenchWhat {
    /// Count the solutions of every `.dlx` file of a folder (default: ../shared/data/xcc when
    /// present, else testdata/xcc) and print problem, algorithm, threads, solutions, nodes,
    /// updates and seconds (parse + solve, median of --runs), checked against expected.toml.
    Xcc(BenchXcc),
}

#[derive(Args, Debug)]
struct BenchXcc {
    /// The folder of inputs, or single `.dlx` files.
    paths: Vec<PathBuf>,
    /// Algorithms to run (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = [AlgorithmArg::Links, AlgorithmArg::Cells])]
    algorithm: Vec<AlgorithmArg>,
    /// Thread counts to run the dancing links with (comma-separated; 0 = all cores; at most 256).
    #[arg(long, value_delimiter = ',', default_values_t = [1], value_parser = crate::output::parse_threads)]
    threads: Vec<usize>,
    /// Runs of each, reporting the median time.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..))]
    runs: u64,
    /// Only the inputs whose name contains this.
    #[arg(long)]
    filter: Option<String>,
    /// One JSON object a row.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Row {
    problem: String,
    algorithm: &'static str,
    threads: usize,
    solutions: u64,
    nodes: u64,
    updates: u64,
    seconds: f64,
    expected: Option<bool>,
}

fn inputs(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut defaults = Vec::new();
    if paths.is_empty() {
        let shared = Path::new("../shared/data/xcc");
        defaults.push(if shared.is_dir() {
            shared.to_path_buf()
        } else {
            PathBuf::from("testdata/xcc")
        });
    }
    let mut files = Vec::new();
    for p in if paths.is_empty() { &defaults } else { paths } {
        if p.is_dir() {
            let mut here: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot list {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "dlx"))
                .collect();
            here.sort();
            files.extend(here);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

fn expected_for(file: &Path) -> Option<toml::Table> {
    let text = std::fs::read_to_string(file.parent()?.join("expected.toml")).ok()?;
    let table: toml::Table = toml::from_str(&text).ok()?;
    table.get(file.file_stem()?.to_str()?)?.as_table().cloned()
}

fn run_once(text: &str, algorithm: Algorithm, threads: usize) -> Result<(Outcome, f64)> {
    let start = Instant::now();
    let (problem, _) = format::parse(text)?;
    let cells = algorithm == Algorithm::Cells;
    let out = match threads {
        1 if cells => Cells::new(&problem, Config::default()).count(),
        1 => Links::new(&problem, Config::default()).count(),
        _ if cells => ParallelSearch::new(&problem, Config::default(), threads)
            .algorithm(dlx_engine::parallel::Algorithm::Cells)
            .count(),
        _ => ParallelSearch::new(&problem, Config::default(), threads).count(),
    };
    Ok((out, start.elapsed().as_secs_f64()))
}

/// Runs `dlx bench`.
pub fn run(args: BenchArgs) -> Result<Found> {
    let BenchWhat::Xcc(args) = args.what;
    let mut out = io::stdout().lock();
    if !args.json {
        writeln!(
            out,
            "{:<22} {:>9} {:>7} {:>10} {:>12} {:>14} {:>9}  expected",
            "problem", "algorithm", "threads", "solutions", "nodes", "updates", "seconds"
        )?;
    }
    let mut all_ok = true;
    let mut rows = 0;
    for file in inputs(&args.paths)? {
        let name = file
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned());
        if args
            .filter
            .as_ref()
            .is_some_and(|f| !name.contains(f.as_str()))
        {
            continue;
        }
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let want = expected_for(&file);
        for &algorithm in &args.algorithm {
            // Counting delivers no solution in order: the library resolves `auto`.
            let algorithm = AlgorithmChoice::from(algorithm).resolve(false);
            for &threads in &args.threads {
                let mut times = Vec::new();
                let mut last = None;
                for _ in 0..args.runs {
                    let (o, t) = run_once(&text, algorithm, threads)
                        .with_context(|| file.display().to_string())?;
                    times.push(t);
                    last = Some(o);
                }
                times.sort_by(f64::total_cmp);
                rows += 1;
                let o = last.expect("at least one run");
                let s = &o.stats;
                let get = |k: &str| {
                    want.as_ref()
                        .and_then(|w| w.get(k))
                        .and_then(|v| v.as_integer())
                        .map(|v| v as u64)
                };
                let nodes_key = if algorithm == Algorithm::Cells {
                    None
                } else {
                    get("dlx1_nodes")
                };
                let expected = get("solutions")
                    .map(|sol| sol == s.solutions && nodes_key.is_none_or(|n| n == s.nodes));
                all_ok &= expected != Some(false);
                let row = Row {
                    problem: name.clone(),
                    algorithm: algorithm.as_str(),
                    threads: if threads == 0 {
                        std::thread::available_parallelism().map_or(1, |n| n.get())
                    } else {
                        threads
                    },
                    solutions: s.solutions,
                    nodes: s.nodes,
                    updates: s.updates,
                    seconds: times[times.len() / 2],
                    expected,
                };
                if args.json {
                    serde_json::to_writer(&mut out, &row)?;
                    writeln!(out)?;
                } else {
                    let mark = match row.expected {
                        Some(true) => "ok",
                        Some(false) => "MISMATCH",
                        None => "-",
                    };
                    writeln!(
                        out,
                        "{:<22} {:>9} {:>7} {:>10} {:>12} {:>14} {:>9.3}  {mark}",
                        row.problem,
                        row.algorithm,
                        row.threads,
                        row.solutions,
                        row.nodes,
                        row.updates,
                        row.seconds
                    )?;
                }
            }
        }
    }
    if rows == 0 {
        anyhow::bail!(
            "no `.dlx` input{} to run",
            args.filter
                .as_ref()
                .map_or(String::new(), |f| format!(" whose name contains `{f}`"))
        );
    }
    if !all_ok {
        anyhow::bail!("some results differ from expected.toml");
    }
    Ok(Found::Some)
}
