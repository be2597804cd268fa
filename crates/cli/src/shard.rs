//! `dlx xcc --split-depth D | --shards N`, `--shard FILE` and `--merge FILE`: a search cut into
//! shards (JSON lines, see `dlx_engine::shard`), each solved anywhere, the results added up.

use std::collections::HashMap;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use dlx_engine::shard::{
    self, Merge, ProblemRef, ResultLine, ShardLine, SplitAt, canonical, fingerprint,
};
use dlx_engine::{Algorithm, AlgorithmChoice, Problem, format};
use rayon::prelude::*;
use serde::Serialize;

use crate::input::read_input;
use crate::output::Found;
use crate::xcc_args::{XccArgs, read_problem};

/// Runs the sharding command the flags ask for, if any.
pub fn run(args: &XccArgs) -> Option<Result<Found>> {
    let s = &args.shard;
    if s.split_depth.is_some() || s.shards.is_some() {
        Some(split(args))
    } else if let Some(f) = &s.shard {
        Some(solve(args, f))
    } else {
        s.merge.as_ref().map(|f| merge(args, f))
    }
}

/// The algorithm of a sharded search (the library decides: `links` unless `cells` is asked
/// for).
fn algorithm(args: &XccArgs) -> Algorithm {
    AlgorithmChoice::from(args.search.algorithm).for_shards()
}

fn split(args: &XccArgs) -> Result<Found> {
    let (problem, _) = read_problem(args)?;
    let config = args.search.config();
    let at = match (args.shard.split_depth, args.shard.shards) {
        (Some(d), _) => SplitAt::Depth(d.min(1 << 20) as usize),
        (_, Some(n)) => SplitAt::Shards(n.min(1 << 30) as usize),
        _ => unreachable!("split needs a depth or a count"),
    };
    let algorithm = algorithm(args);
    let mut plan = shard::plan(&problem, &config, algorithm, at);
    if !plan.top.is_complete() {
        bail!(
            "the search above the split stopped ({}); the shards would not cover the tree",
            dlx_engine::Stop::of(plan.top.status, false)
        );
    }
    if args.shard.probe > 0 {
        let probe = args.shard.probe;
        let estimates: Vec<_> = plan
            .shards
            .par_iter()
            .map(|s| shard::estimate(&problem, &config, algorithm, s, probe))
            .collect();
        for (s, e) in plan.shards.iter_mut().zip(estimates) {
            s.estimate = Some(e.context("estimating a shard")?);
        }
    }
    let text = canonical(&problem);
    let print = fingerprint(&text);
    let problem_ref = if args.shard.by_path {
        let Some(path) = args.file.as_ref().filter(|p| p.as_os_str() != "-") else {
            bail!("--by-path needs a problem file, not stdin");
        };
        let path = std::fs::canonicalize(path)
            .with_context(|| format!("cannot resolve {}", path.display()))?;
        ProblemRef {
            text: None,
            path: Some(path.display().to_string()),
            fingerprint: print,
        }
    } else {
        ProblemRef {
            text: Some(text),
            path: None,
            fingerprint: print,
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for s in &plan.shards {
        let line = ShardLine::new(
            &problem,
            problem_ref.clone(),
            algorithm,
            config.heuristic,
            plan.depth,
            s,
        );
        writeln!(out, "{}", line.to_json())?;
    }
    out.flush()?;
    let prefixes = plan.shards.iter().filter(|s| s.prefix.is_some()).count();
    eprintln!(
        "dlx: {} shards at depth {} ({} nodes above the split, {} solutions there)",
        prefixes, plan.depth, plan.top.stats.nodes, plan.top.stats.solutions
    );
    Ok(Found::Some)
}

/// Reads the lines of a file, or of stdin for `-`.
fn lines(file: &Path) -> Result<Vec<String>> {
    let reader: Box<dyn BufRead> = if file.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        let f =
            std::fs::File::open(file).with_context(|| format!("cannot read {}", file.display()))?;
        Box::new(io::BufReader::new(f))
    };
    let mut v = Vec::new();
    for line in reader.lines() {
        v.push(line.with_context(|| format!("cannot read {}", file.display()))?);
    }
    Ok(v)
}

/// A problem loaded for shards, by fingerprint.
struct Loaded {
    problem: Problem,
    fingerprint: String,
}

fn load(r: &ProblemRef) -> Result<Loaded> {
    let text = match (&r.text, &r.path) {
        (Some(t), _) => t.clone(),
        (None, Some(p)) => read_input(Some(&PathBuf::from(p)))?,
        (None, None) => bail!("the shard names no problem (neither text nor path)"),
    };
    let (problem, _) = format::parse(&text).context("the shard's problem")?;
    let fingerprint = fingerprint(&canonical(&problem));
    Ok(Loaded {
        problem,
        fingerprint,
    })
}

fn solve(args: &XccArgs, file: &Path) -> Result<Found> {
    if args.file.is_some() {
        bail!("--shard reads its problems from the shard lines; give no problem file");
    }
    let name = file.display().to_string();
    let mut shards = Vec::new();
    let mut problems: HashMap<String, Loaded> = HashMap::new();
    for (k, text) in lines(file)?.iter().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        let line = ShardLine::parse(text, k + 1).with_context(|| name.clone())?;
        if !problems.contains_key(&line.problem.fingerprint) {
            let loaded = load(&line.problem).with_context(|| format!("{name}: line {}", k + 1))?;
            problems.insert(line.problem.fingerprint.clone(), loaded);
        }
        let loaded = &problems[&line.problem.fingerprint];
        let shard = line
            .shard(&loaded.problem, &loaded.fingerprint)
            .with_context(|| format!("{name}: line {}", k + 1))?;
        let mut config = line.config()?;
        config.node_budget = args.search.nodes;
        if let Some(t) = args.search.time_limit {
            config = config.with_time_limit(t);
        }
        shards.push((k + 1, line, shard, config));
    }
    let threads = if args.search.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.search.threads
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the threads")?;
    let results: Vec<Result<ResultLine>> = pool.install(|| {
        shards
            .par_iter()
            .with_max_len(1)
            .map(|(k, line, shard, config)| {
                let loaded = &problems[&line.problem.fingerprint];
                let out = shard::solve(&loaded.problem, config, line.algorithm()?, shard)
                    .with_context(|| format!("{name}: line {k}"))?;
                Ok(ResultLine::new(line, &out))
            })
            .collect()
    });
    let mut out = BufWriter::new(io::stdout().lock());
    let mut solutions = 0;
    for r in results {
        let r = r?;
        solutions += r.stats.solutions;
        writeln!(out, "{}", r.to_json())?;
    }
    out.flush()?;
    Ok(if solutions > 0 {
        Found::Some
    } else {
        Found::None
    })
}

/// The JSON report of `dlx xcc --merge FILE --json`.
#[derive(Serialize)]
struct MergeReport<'a> {
    solutions: u64,
    nodes: u64,
    updates: u64,
    complete: bool,
    shards: usize,
    missing: &'a [usize],
    incomplete: &'a [usize],
    repeated: usize,
    seconds: f64,
    max_depth: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    level_nodes: Option<&'a [u64]>,
}

fn merge(args: &XccArgs, file: &Path) -> Result<Found> {
    if args.file.is_some() {
        bail!("--merge reads result lines only; give no problem file");
    }
    let name = file.display().to_string();
    let mut merge = Merge::new();
    for (k, text) in lines(file)?.iter().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        let r = ResultLine::parse(text, k + 1).with_context(|| name.clone())?;
        merge
            .add(r)
            .with_context(|| format!("{name}: line {}", k + 1))?;
    }
    if merge.of() == 0 {
        bail!("{name}: no result lines");
    }
    let s = merge.stats();
    let missing = merge.missing();
    let incomplete = merge.incomplete();
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        let report = MergeReport {
            solutions: s.solutions,
            nodes: s.nodes,
            updates: s.updates,
            complete: merge.is_complete(),
            shards: merge.of(),
            missing: &missing,
            incomplete: &incomplete,
            repeated: merge.repeated,
            seconds: merge.seconds(),
            max_depth: s.max_depth,
            level_nodes: args.profile.then_some(&s.level_nodes[..]),
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        let lower = if merge.is_complete() {
            ""
        } else {
            " (at least; shards missing or incomplete)"
        };
        writeln!(out, "solutions: {}{lower}", s.solutions)?;
        let status = if merge.is_complete() {
            "complete"
        } else {
            "incomplete"
        };
        writeln!(out, "status: {status}")?;
        writeln!(out, "nodes: {}", s.nodes)?;
        writeln!(out, "updates: {}", s.updates)?;
        writeln!(out, "max depth: {}", s.max_depth)?;
        writeln!(out, "shards: {}", merge.of())?;
        if !missing.is_empty() {
            writeln!(out, "missing: {}", list(&missing))?;
        }
        if !incomplete.is_empty() {
            writeln!(out, "incomplete: {}", list(&incomplete))?;
        }
        writeln!(
            out,
            "seconds: {:.3} (added over the shards)",
            merge.seconds()
        )?;
        if args.profile {
            for (l, n) in s.level_nodes.iter().enumerate() {
                writeln!(out, "level {l}: {n} nodes")?;
            }
        }
    }
    out.flush()?;
    Ok(if s.solutions > 0 {
        Found::Some
    } else {
        Found::None
    })
}

/// The first shard numbers of a list, and how many more.
fn list(v: &[usize]) -> String {
    let head: Vec<String> = v.iter().take(20).map(|k| k.to_string()).collect();
    if v.len() > 20 {
        format!("{} ... ({} in all)", head.join(" "), v.len())
    } else {
        head.join(" ")
    }
}
